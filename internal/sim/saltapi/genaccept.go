package saltapi

import (
	"archive/tar"
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net/http"
	"strconv"

	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/pki"
)

// genAccept is wheel key.gen_accept: a new key pair for id, the public key
// accepted at once; an already accepted id is left alone unless force.
func (s *Server) genAccept(id string, force bool) (any, bool) {
	if id == "" {
		return "Passed invalid arguments: gen_accept() missing 1 required positional argument: 'id_'", false
	}
	if _, ok := s.keys.Read(pki.Accepted, id); ok && !force {
		return jsonout.NewMap(), true
	}
	key, err := rsa.GenerateKey(rand.Reader, pki.KeyBits)
	if err != nil {
		return err.Error(), false
	}
	pub, err := pki.PublicPEM(&key.PublicKey)
	if err != nil {
		return err.Error(), false
	}
	if err := s.keys.Write(pki.Accepted, id, pub); err != nil {
		return err.Error(), false
	}
	_ = s.lc.Fire(events.KeyTag, events.KeyData("accept", id))
	priv := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	return jsonout.NewMap().Set("pub", pub).Set("priv", priv), true
}

// keysPOST is Keys.POST: credentials and mid in the body, the answer a tar
// with minion.pub and minion.pem (no sessions, no hypermedia_out).
func (s *Server) keysPOST(w http.ResponseWriter, r *http.Request) {
	data, _, err := readBody(r)
	if err != nil {
		s.respond(w, r, 0, nil, err)
		return
	}
	chunks, _ := lowstate(data).([]any)
	if len(chunks) == 0 {
		s.respond(w, r, 0, nil, errStatus(http.StatusBadRequest, "Missing mid and credentials"))
		return
	}
	low, ok := chunks[0].(map[string]any)
	if !ok {
		s.respond(w, r, 0, nil, errStatus(http.StatusBadRequest, "Lowstates must be a list"))
		return
	}
	low["client"], low["fun"] = "wheel", "key.gen_accept"
	if mid, ok := low["mid"]; ok {
		low["id_"] = mid
		delete(low, "mid")
	}
	ret, err := s.execLowstate(r.Context(), []any{low}, "", "")
	if err != nil {
		s.respond(w, r, 0, nil, err)
		return
	}
	var pub, priv string
	if m, ok := ret[0].(*jsonout.Map); ok {
		if d, ok := m.Get("data"); ok {
			if r, ok := d.(*jsonout.Map).Get("return"); ok {
				if rm, ok := r.(*jsonout.Map); ok {
					p, _ := rm.Get("pub")
					k, _ := rm.Get("priv")
					pub, priv = str(p), str(k)
				}
			}
		}
	}
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, f := range []struct{ name, body string }{{"minion.pub", pub}, {"minion.pem", priv}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body))}); err != nil {
			s.respond(w, r, 0, nil, fmt.Errorf("write tar: %w", err))
			return
		}
		_, _ = tw.Write([]byte(f.body))
	}
	if err := tw.Close(); err != nil {
		s.respond(w, r, 0, nil, fmt.Errorf("write tar: %w", err))
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="saltkeys-%s.tar"`, str(low["id_"])))
	w.Header().Set("Content-Type", "application/x-tar")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b.Bytes())
}
