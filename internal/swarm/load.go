package swarm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/distribution/reference"
	"github.com/docker/docker/client"
	"github.com/docker/docker/pkg/jsonmessage"

	"github.com/saltlab/saltlab/internal/usage"
)

// loadConcurrency bounds how many nodes one save streams into at once:
// each load unpacks layers on the node (disk and a core); more nodes than
// this take another save.
const loadConcurrency = 3

// LoadOptions say what Load puts where.
type LoadOptions struct {
	Name     string
	Images   []string // tags on the host engine; none: DefaultImages
	StateDir string   // saltlab's state folder, which holds the swarm's sockets
	Log      io.Writer
}

// Check refuses bad options before any Docker work: a bad name, a tag
// that is no image reference, a swarm whose socket folder is not in the
// state folder (no `swarm up` made it).
func (o LoadOptions) Check() error {
	if err := ValidateName(o.Name); err != nil {
		return err
	}
	for _, ref := range o.Images {
		if _, err := reference.ParseNormalizedNamed(ref); err != nil {
			return usage.Errorf("swarm load: %q is no image reference (%v): name an image as `docker images` shows it, e.g. saltlab/salt-sim:latest", ref, err)
		}
	}
	return checkMade(o.StateDir, o.Name)
}

// LoadReport is what Load did.
type LoadReport struct {
	Want   map[string]string // tag -> the host's image id
	Plan   LoadPlan
	Took   time.Duration            // the whole load, checks included
	ByNode map[string]time.Duration // each node's load
}

// Load copies images from the host engine into every node of swarm
// o.Name without a registry: ImageSave on the host streamed into ImageLoad
// on each node that lacks them (loadConcurrency at a time), skipping a
// node that already holds the host's image under a tag; then it checks
// that every node holds every tag as the host's image id, naming each
// node that does not.
func Load(ctx context.Context, o LoadOptions) (LoadReport, error) {
	if err := o.Check(); err != nil {
		return LoadReport{}, err
	}
	return onHost(ctx, func(host *client.Client) (LoadReport, error) { return load(ctx, host, o) })
}

// load is Load through the host engine's client.
func load(ctx context.Context, host *client.Client, o LoadOptions) (LoadReport, error) {
	start := time.Now()
	rep := LoadReport{ByNode: map[string]time.Duration{}}
	c, err := openOn(ctx, host, o.Name)
	if err != nil {
		return rep, err
	}
	defer c.Close()
	if rep.Want, err = hostImages(ctx, host, o.Images); err != nil {
		return rep, err
	}
	held, err := holdings(ctx, c.Nodes, rep.Want)
	if err != nil {
		return rep, err
	}
	rep.Plan = PlanLoad(rep.Want, held)
	for _, n := range c.Nodes {
		for _, ref := range rep.Plan.Tag[n.Name] {
			if err := n.Client.ImageTag(ctx, rep.Want[ref], ref); err != nil {
				return rep, fmt.Errorf("tag %s on %s: %w", ref, n.Name, err)
			}
		}
	}
	for _, b := range rep.Plan.Batches {
		for i := 0; i < len(b.Nodes); i += loadConcurrency {
			var nodes []Node
			for _, name := range b.Nodes[i:min(i+loadConcurrency, len(b.Nodes))] {
				n, _ := c.ByName(name)
				nodes = append(nodes, n)
			}
			fmt.Fprintf(o.Log, "loading %d image tag(s) into %s\n", len(b.Refs), names(nodes))
			if err := saveInto(ctx, host, b.Refs, nodes, rep.ByNode); err != nil {
				return rep, err
			}
		}
	}
	if held, err = holdings(ctx, c.Nodes, rep.Want); err != nil {
		return rep, err
	}
	rep.Took = time.Since(start)
	if bad := Mismatches(rep.Want, held); bad != "" {
		return rep, fmt.Errorf("swarm load: after the load these nodes do not hold the host's images: %s", bad)
	}
	return rep, nil
}

// holdings asks each node which image id each wanted tag names there.
func holdings(ctx context.Context, nodes []Node, want map[string]string) ([]Holding, error) {
	var out []Holding
	for _, n := range nodes {
		h := Holding{Node: n.Name, IDs: map[string]string{}, Has: map[string]bool{}}
		for ref, wantID := range want {
			id, err := imageID(ctx, n.Client, ref)
			if err != nil {
				return nil, fmt.Errorf("inspect %s on %s: %w", ref, n.Name, err)
			}
			h.IDs[ref] = id
			if _, seen := h.Has[wantID]; !seen {
				has, err := imageID(ctx, n.Client, wantID)
				if err != nil {
					return nil, fmt.Errorf("inspect %s on %s: %w", shortID(wantID), n.Name, err)
				}
				h.Has[wantID] = has != ""
			}
		}
		out = append(out, h)
	}
	return out, nil
}

// saveInto streams one ImageSave of refs into ImageLoad on each of nodes
// at once, noting each node's time in took. A node whose load fails is
// dropped from the stream and named; the others go on.
func saveInto(ctx context.Context, host *client.Client, refs []string, nodes []Node, took map[string]time.Duration) error {
	rc, err := host.ImageSave(ctx, refs)
	if err != nil {
		return fmt.Errorf("save %v on the host: %w", refs, err)
	}
	defer rc.Close()
	var pws []*io.PipeWriter
	errs := make([]error, len(nodes))
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, n := range nodes {
		pr, pw := io.Pipe()
		pws = append(pws, pw)
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			err := loadOne(ctx, n.Client, pr)
			_ = pr.CloseWithError(errors.Join(err, io.ErrClosedPipe)) // a failed load stops taking the stream
			mu.Lock()
			took[n.Name] += time.Since(t)
			mu.Unlock()
			if err != nil {
				errs[i] = fmt.Errorf("load into %s: %w", n.Name, err)
			}
		}()
	}
	_, cerr := io.Copy(&fanout{ws: append([]*io.PipeWriter(nil), pws...)}, rc)
	for _, w := range pws {
		_ = w.CloseWithError(cerr) // nil: the loads see the end of the stream
	}
	wg.Wait()
	if cerr != nil && !errors.Is(cerr, errAllDropped) {
		errs = append(errs, fmt.Errorf("save %v on the host: %w", refs, cerr))
	}
	return errors.Join(errs...)
}

// loadOne loads a saved stream into one engine and reads its answer to
// the end, where a failure of the load is reported.
func loadOne(ctx context.Context, c *client.Client, r io.Reader) error {
	resp, err := c.ImageLoad(ctx, r, client.ImageLoadWithQuiet(true))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if !resp.JSON {
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	return jsonmessage.DisplayJSONMessagesStream(resp.Body, io.Discard, 0, false, nil)
}

// errAllDropped ends a stream no node takes any longer.
var errAllDropped = errors.New("every node's load failed")

// fanout writes to every writer still taking the stream; one that fails is
// dropped, and the write fails only when none is left.
type fanout struct{ ws []*io.PipeWriter }

func (f *fanout) Write(p []byte) (int, error) {
	live := 0
	for i, w := range f.ws {
		if w == nil {
			continue
		}
		if _, err := w.Write(p); err != nil {
			f.ws[i] = nil
			continue
		}
		live++
	}
	if live == 0 {
		return 0, errAllDropped
	}
	return len(p), nil
}

// names lists nodes' names for a log line.
func names(nodes []Node) string {
	s := ""
	for i, n := range nodes {
		if i > 0 {
			s += ", "
		}
		s += n.Name
	}
	return s
}

// Write says what the load did: each node's tags loaded and skipped, and
// the times.
func (r LoadReport) Write(w io.Writer) {
	loaded := map[string][]string{}
	for _, b := range r.Plan.Batches {
		for _, n := range b.Nodes {
			loaded[n] = b.Refs
		}
	}
	seen := map[string]bool{}
	for n := range r.ByNode {
		seen[n] = true
	}
	for n := range r.Plan.Skipped {
		seen[n] = true
	}
	for n := range r.Plan.Tag {
		seen[n] = true
	}
	nodes := sortedRefs(seen)
	for _, n := range nodes {
		fmt.Fprintf(w, "%s: loaded %d tag(s) in %s, tagged %d it held under another tag, skipped %d already there\n",
			n, len(loaded[n]), r.ByNode[n].Round(100*time.Millisecond), len(r.Plan.Tag[n]), len(r.Plan.Skipped[n]))
	}
	fmt.Fprintf(w, "every node holds the host's image of %d tag(s) (%s); took %s\n", len(r.Want), strings.Join(sortedRefs(r.Want), ", "), r.Took.Round(100*time.Millisecond))
}
