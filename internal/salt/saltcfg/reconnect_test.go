package saltcfg

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReconnectGap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, doc string
		want      time.Duration
		explain   string
	}{
		{name: "defaults: randomised 1-11 s", doc: "", want: 11 * time.Second, explain: "recon_default 1s + recon_max 10s"},
		{name: "lab values", doc: "recon_default: 500\nrecon_max: 2000\n", want: 2500 * time.Millisecond, explain: "ZeroMQ reconnect gap 2.5s"},
		{name: "not randomised: back-off to recon_max", doc: "recon_randomize: false\n", want: 10 * time.Second, explain: "back-off up to recon_max 10s"},
		{name: "not randomised, recon_max below the interval is ignored", doc: "recon_randomize: false\nrecon_default: 3000\nrecon_max: 1000\n", want: 3 * time.Second, explain: "recon_default 3s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, err := Parse(tc.doc)
			require.NoError(t, err)
			g := m.ReconnectGap()
			assert.Equal(t, tc.want, g.Limit)
			assert.Contains(t, g.Explain, tc.explain)
		})
	}
}

// The relay bound takes the slowest node's reconnect gap (a syndic's or the
// minion's), one syndic re-sign-in and the minion's hot bound, and names
// the node it took the gap from.
func TestSyndicRelayBound(t *testing.T) {
	t.Parallel()
	minion, err := Parse("master: [syndic-1, syndic-2]\nauth_timeout: 3\nrecon_default: 500\nrecon_max: 1000\n")
	require.NoError(t, err)
	slow, err := Parse("auth_timeout: 4\n") // Salt's ZeroMQ defaults: 11 s
	require.NoError(t, err)
	fast, err := Parse("recon_default: 100\nrecon_max: 200\nauth_timeout: 2\n")
	require.NoError(t, err)

	b, err := SyndicRelayBound(Node{Name: "minion-1", Cfg: minion}, []Node{{Name: "syndic-1", Cfg: fast}, {Name: "syndic-2", Cfg: slow}})
	require.NoError(t, err)
	assert.Equal(t, 11*time.Second+4*time.Second+3*time.Second+ProcessSlack, b.Limit)
	assert.Contains(t, b.Explain, "ZeroMQ reconnect gap 11s")
	assert.Contains(t, b.Explain, "of syndic-2")
	assert.Contains(t, b.Explain, "syndic re-sign-in auth_timeout 4s")

	b, err = SyndicRelayBound(Node{Name: "minion-1", Cfg: minion}, []Node{{Name: "syndic-1", Cfg: fast}})
	require.NoError(t, err)
	assert.Equal(t, 1500*time.Millisecond+2*time.Second+3*time.Second+ProcessSlack, b.Limit, "the minion's own gap is the slowest")
	assert.Contains(t, b.Explain, "of minion-1")

	_, err = SyndicRelayBound(Node{Name: "single", Cfg: Defaults()}, nil)
	assert.ErrorContains(t, err, "want hot multi-master")
}
