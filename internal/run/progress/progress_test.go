package progress

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fixed(w *bytes.Buffer, live bool) *Printer {
	start := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	p := New(w, start)
	p.live, p.tick = live, 5*time.Millisecond
	p.now = func() time.Time { return start.Add(12300 * time.Millisecond) }
	return p
}

func TestPlainAndLiveOutput(t *testing.T) {
	tests := []struct {
		name  string
		live  bool
		want  []string
		avoid []string
	}{
		{"plain: CI, pipes, files", false,
			[]string{"==> [  12.3s] scenario: Stopping master-1\n", "[saltlab   12.3s] waiting for the lab to be removed (until 10:01:00 UTC, at most 48s)\n", "[saltlab   12.3s] the lab to be removed: done in 0s\n", "gave up waiting for faults to heal after 0s: boom"},
			[]string{"\033", "\r"}},
		{"live: a terminal", true,
			[]string{"\033[1m\033[36m==> [  12.3s] scenario", "... the lab to be removed: 48s left", "\r\033[K"},
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			p := fixed(&b, tc.live)
			p.Phase("scenario", "Stopping master-%d", 1)
			deadline := time.Date(2026, 11, 23, 10, 1, 0, 0, time.UTC)
			done := p.Wait("the lab to be removed", deadline)
			if tc.live {
				require.Eventually(t, func() bool { p.mu.Lock(); defer p.mu.Unlock(); return strings.Contains(b.String(), "left") }, time.Second, 5*time.Millisecond)
			}
			done(nil)
			done(nil) // a second call is harmless
			p.Wait("faults to heal", deadline)(errors.New("boom"))
			for _, w := range tc.want {
				assert.Contains(t, b.String(), w)
			}
			for _, a := range tc.avoid {
				assert.NotContains(t, b.String(), a)
			}
		})
	}
}

func TestInteractive(t *testing.T) {
	assert.False(t, Interactive(&bytes.Buffer{}), "a buffer is no terminal")
	f, err := os.CreateTemp(t.TempDir(), "out")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, Interactive(f), "a file is no terminal")
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		t.Setenv("CI", "true")
		assert.False(t, Interactive(tty), "CI=true means plain lines even on a terminal")
	}
}

func TestWriterMakesBanners(t *testing.T) {
	var b bytes.Buffer
	p := fixed(&b, false)
	_, err := p.Writer("fault").Write([]byte("chaos: stop salt-master-1 (fault 1)\nchaos: second\n"))
	require.NoError(t, err)
	assert.Equal(t, "==> [  12.3s] fault: chaos: stop salt-master-1 (fault 1)\n==> [  12.3s] fault: chaos: second\n", b.String())
}
