package board

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// PollInterval is how often an open page's stream looks at the run
// folders for a change (a few stat calls when nothing changed).
const PollInterval = time.Second

// keepAlive is how often a quiet stream sends a comment, so a closed
// page is noticed and its handler ends.
const keepAlive = 15 * time.Second

// Server is the board's HTTP side: every request needs the token.
type Server struct {
	Src   *Source
	token string
	now   func() time.Time
}

// NewServer makes a board with a fresh token (128 random bits).
func NewServer(src *Source) (*Server, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("make the board's token: %w", err)
	}
	return &Server{Src: src, token: hex.EncodeToString(b), now: time.Now}, nil
}

// Token is the session's token, for the one URL printed.
func (s *Server) Token() string { return s.token }

// Listen checks that addr is loopback and listens on it.
func Listen(addr string) (net.Listener, error) {
	if err := valid.LoopbackAddr("--addr", addr); err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return l, nil
}

// URL is the page's address on l, with the token.
func (s *Server) URL(l net.Listener) string {
	return fmt.Sprintf("http://%s/?token=%s", l.Addr(), s.token)
}

// Serve serves the board on l until ctx ends.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	hs := &http.Server{Handler: s.Handler(ctx), ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve the board: %w", err)
	}
	return nil
}

// Handler is the board's routes behind the token check; ctx ends the
// streams (the board is closing).
func (s *Server) Handler(ctx context.Context) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /api/view", s.view)
	mux.HandleFunc("GET /api/events", func(w http.ResponseWriter, r *http.Request) { s.events(ctx, w, r) })
	mux.HandleFunc("POST /api/next-fault", s.nextFault)
	mux.HandleFunc("GET /reference", s.reference)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		if !loopbackHost(r.Host) {
			http.Error(w, "forbidden: the board answers to a loopback host name only", http.StatusForbidden)
			return
		}
		got := r.URL.Query().Get("token")
		if subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) != 1 {
			http.Error(w, "forbidden: open the URL `saltlab drill board` printed (it holds the session's token)", http.StatusForbidden)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// loopbackHost refuses a request whose Host is another name that
// resolved here (DNS rebinding).
func loopbackHost(host string) bool {
	return valid.LoopbackAddr("host", host) == nil
}

func (s *Server) snapshot() View {
	runs, problems := s.Src.Read()
	v := Build(runs, s.now())
	v.Problems = problems
	return v
}

func (s *Server) view(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(s.snapshot())
}

// events streams the view as server-sent events, each time it changes.
func (s *Server) events(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	var last []byte
	poll, alive := time.NewTicker(PollInterval), time.NewTicker(keepAlive)
	defer poll.Stop()
	defer alive.Stop()
	for {
		b, _ := json.Marshal(s.snapshot())
		if !bytes.Equal(b, last) {
			last = b
			if _, err := fmt.Fprintf(w, "event: view\ndata: %s\n\n", b); err != nil {
				return
			}
			fl.Flush()
		}
		select {
		case <-ctx.Done():
			return
		case <-r.Context().Done():
			return
		case <-alive.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-poll.C:
		}
	}
}

// nextFault asks a drill's console for its next fault. Only the page
// itself may ask: the token, and a same-origin request.
func (s *Server) nextFault(w http.ResponseWriter, r *http.Request) {
	if !sameOrigin(r) {
		http.Error(w, "forbidden: not a request from the board's own page", http.StatusForbidden)
		return
	}
	id := r.URL.Query().Get("run")
	if labels.ValidateRunID(id) != nil {
		http.Error(w, "name a drill's run: ?run=RUN_ID", http.StatusBadRequest)
		return
	}
	runs, _ := s.Src.Read()
	for _, run := range runs {
		if run.Progress.RunID != id {
			continue
		}
		i, err := state.RequestNextFault(run.Drill, filepath.Join(s.Src.Reports, id), s.now())
		switch {
		case errors.Is(err, state.ErrNoNextFault):
			http.Error(w, err.Error(), http.StatusConflict)
		case err != nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
		default:
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]any{"action": i + 1, "console_watching": s.now().Sub(run.Saved) < ConsoleQuiet})
		}
		return
	}
	http.Error(w, "no drill in flight in run "+id, http.StatusNotFound)
}

// sameOrigin holds when the browser says the request comes from a page
// of this origin (Origin, or Sec-Fetch-Site where Origin is absent).
func sameOrigin(r *http.Request) bool {
	if o := r.Header.Get("Origin"); o != "" {
		return o == "http://"+r.Host
	}
	return r.Header.Get("Sec-Fetch-Site") == "same-origin"
}

// reference serves the page of the reference run a drill in flight would
// be drawn beside: the solution's steps and when its tasks were met, from
// its incident's start. It has no script, and no token (its links are
// none).
func (s *Server) reference(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("run")
	if labels.ValidateRunID(id) != nil {
		http.Error(w, "name a drill's run: ?run=RUN_ID", http.StatusBadRequest)
		return
	}
	runs, _ := s.Src.Read()
	i := slices.IndexFunc(runs, func(run Run) bool { return run.Progress.RunID == id })
	if i < 0 {
		http.Error(w, "no drill in flight in run "+id, http.StatusNotFound)
		return
	}
	run := runs[i]
	ref, err := debrief.FindReference(s.Src.Reports, run.Drill, run.Progress)
	switch {
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	case ref == nil:
		http.Error(w, fmt.Sprintf("drill %s has no reference run yet: `saltlab drill test %s` (its self-test) makes one", run.Drill.Name, run.Drill.Name), http.StatusNotFound)
		return
	}
	sum := ref.Summary(run.Drill)
	note := fmt.Sprintf("The solution's self-test on Salt %s, %s", strings.TrimSpace(sum.Flavor+" "+sum.Release), sum.Date)
	if sum.Solved != nil {
		note += fmt.Sprintf(": every task met %s after the incident's start", sum.Solved.Round(100*time.Millisecond))
	}
	type mark struct{ At, Outcome, Title string }
	type lane struct {
		Label string
		Marks []mark
	}
	var lanes []lane
	for _, l := range ref.Lanes(run.Drill) {
		ln := lane{Label: l.Label}
		for _, m := range l.Marks {
			ln.Marks = append(ln.Marks, mark{At: m.At.Round(100 * time.Millisecond).String(), Outcome: m.Outcome, Title: m.Title})
		}
		lanes = append(lanes, ln)
	}
	nonce := newNonce()
	w.Header().Set("Content-Security-Policy", fmt.Sprintf("default-src 'none'; style-src 'nonce-%s'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	referenceTemplate.Execute(w, struct {
		Nonce, Drill, Title, Note string
		Style                     template.CSS
		Lanes                     []lane
	}{nonce, run.Drill.Name, run.Drill.Title, note + ".", template.CSS(pageCSS), lanes})
}

// newNonce is a fresh nonce for a page's Content-Security-Policy.
func newNonce() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// page serves the board's page: no data and no token in it; its script
// reads the token from its own URL. The nonce lets only its own inline
// script and style run (Content-Security-Policy).
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	nonce := newNonce()
	w.Header().Set("Content-Security-Policy", fmt.Sprintf("default-src 'none'; script-src 'nonce-%s'; style-src 'nonce-%s'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", nonce, nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pageTemplate.Execute(w, struct {
		Nonce      string
		Script     template.JS
		Style      template.CSS
		QuietSecs  int
		PollMillis int
	}{nonce, template.JS(pageJS), template.CSS(pageCSS), int(ConsoleQuiet.Seconds()), int(PollInterval.Milliseconds())})
}
