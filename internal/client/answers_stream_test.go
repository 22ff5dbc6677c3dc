package client

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// localAttacher runs the stream's loop with bash on this host, the probe
// it loops over replaced by probe (a shell script), and counts attaches.
type localAttacher struct {
	mu      sync.Mutex
	probe   string
	attach  int
	refuse  error
	running []*exec.Cmd
}

type localConn struct {
	io.WriteCloser
	io.Reader
	cmd *exec.Cmd
}

// Close closes the loop's stdin, as closing an attachment does, and
// does not wait for it to end.
func (c localConn) Close() error {
	err := c.WriteCloser.Close()
	go func() { _ = c.cmd.Wait() }()
	return err
}

func (a *localAttacher) Attach(_ context.Context, _ string, argv []string) (io.ReadWriteCloser, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.refuse != nil {
		return nil, a.refuse
	}
	a.attach++
	// argv is bash -c LOOP NAME PROBE...: keep the loop, swap the probe.
	cmd := exec.Command(argv[0], argv[1], argv[2], argv[3], "bash", "-c", a.probe)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	a.running = append(a.running, cmd)
	return localConn{WriteCloser: in, Reader: out, cmd: cmd}, nil
}

// Each probe through one attached loop is recorded as Answers records an
// exec's: ok, fail or info by the probe's exit, the line as its value.
func TestAnswersStreamProbes(t *testing.T) {
	for _, tt := range []struct {
		name, probe string
		typ         history.Type
		has         string
	}{
		{"answers", `echo "answers within 1s: ret port 4506 sent its ZMTP greeting"`, history.OK, "answers within 1s"},
		{"does not answer", `echo "does not answer within 1s: ret port 4506 sent nothing"; exit 1`, history.Fail, "does not answer within 1s"},
		{"timed out in the container", `exit 124`, history.Info, "timed out"},
		{"a line on two", `printf 'one\ntwo\n'; echo err >&2`, history.OK, "one two err"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			at := &localAttacher{probe: tt.probe}
			s := NewAnswersStream(at, "m1")
			defer s.Close()
			h := &memHistory{}
			c := Client{Rec: Recorder{History: h}}
			for range 3 {
				o := c.AnswersVia(context.Background(), s)
				assert.Equal(t, tt.typ, o.Type)
				done := h.entries[len(h.entries)-1]
				assert.Equal(t, history.AnswersOp, done.F)
				assert.Equal(t, AnswersProcess("m1"), done.Process)
				assert.Contains(t, string(done.Value)+done.Error, tt.has)
			}
			assert.Equal(t, 1, at.attach, "one exec for every probe")
		})
	}
}

// A loop that does not answer in time (its container paused) is info and
// dropped; one whose exec ended (its container stopped) is attached
// again for the next probe; an exec that cannot start is info.
func TestAnswersStreamRecovers(t *testing.T) {
	h := &memHistory{}
	c := Client{Rec: Recorder{History: h}}

	slow := &localAttacher{probe: `sleep 5; echo late`}
	s := NewAnswersStream(slow, "m1")
	s.wait = 200 * time.Millisecond
	o := c.AnswersVia(context.Background(), s)
	assert.Equal(t, history.Info, o.Type)
	assert.Contains(t, o.Err, "no answer within 200ms")
	s.Close()

	ends := &localAttacher{probe: `echo "answers within 1s"`}
	s = NewAnswersStream(ends, "m1")
	defer s.Close()
	first := c.AnswersVia(context.Background(), s)
	require.Equal(t, history.OK, first.Type, first.Err)
	require.NoError(t, ends.running[0].Process.Kill()) // as a container's stop ends its execs
	require.Eventually(t, func() bool {
		select {
		case <-s.ended:
			return true
		default:
			return false
		}
	}, 5*time.Second, 10*time.Millisecond, "the loop was killed")
	again := c.AnswersVia(context.Background(), s)
	assert.Equal(t, history.OK, again.Type, again.Err)
	assert.Equal(t, 2, ends.attach, "an ended exec is attached again")

	refused := &localAttacher{refuse: errors.New(`container is paused`)}
	o = c.AnswersVia(context.Background(), NewAnswersStream(refused, "m1"))
	assert.Equal(t, history.Info, o.Type)
	assert.Contains(t, o.Err, "run master-answers: container is paused")
}
