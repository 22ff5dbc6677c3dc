package saltcfg

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		docs    []string
		want    func(t *testing.T, m Minion)
		wantErr string
	}{
		{name: "defaults", docs: nil, want: func(t *testing.T, m Minion) {
			assert.Equal(t, []string{"salt"}, m.Masters)
			assert.Equal(t, MasterTypeStr, m.MasterType)
			assert.Equal(t, 7, m.AuthTries)
			assert.Equal(t, 5*time.Second, m.AuthTimeout)
			assert.Equal(t, 30*time.Second, m.RetryDNS)
		}},
		{name: "failover forces one try and no dns retry", docs: []string{"master: [a, b]\nmaster_type: failover\nmaster_alive_interval: 2\nauth_timeout: 3\n"}, want: func(t *testing.T, m Minion) {
			assert.Equal(t, []string{"a", "b"}, m.Masters)
			assert.Equal(t, 1, m.AuthTries)
			assert.Equal(t, time.Duration(0), m.RetryDNS)
			assert.Equal(t, 2*time.Second, m.MasterAliveInterval)
			assert.Equal(t, 3*time.Second, m.AuthTimeout)
		}},
		{name: "later documents win", docs: []string{"master: a\nauth_timeout: 9\n", "auth_timeout: 1.5\n"}, want: func(t *testing.T, m Minion) {
			assert.Equal(t, []string{"a"}, m.Masters)
			assert.Equal(t, 1500*time.Millisecond, m.AuthTimeout)
		}},
		{name: "multi-document stream", docs: []string{"master: a\n---\nmaster: b\n"}, want: func(t *testing.T, m Minion) {
			assert.Equal(t, []string{"b"}, m.Masters)
		}},
		{name: "bad master type", docs: []string{"master: {a: 1}\n"}, wantErr: "want a string or a list"},
		{name: "bad yaml", docs: []string{"master: [a\n"}, wantErr: "document 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse(tc.docs...)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			tc.want(t, m)
		})
	}
}

func TestBounds(t *testing.T) {
	m, err := Parse("master: [m1, m2]\nmaster_type: failover\nmaster_alive_interval: 2\nauth_timeout: 3\n")
	require.NoError(t, err)
	idx, err := m.IndexOf("m2")
	require.NoError(t, err)
	assert.Equal(t, 1, idx)
	// 1 x (2s + 1 x 3s) + 3s + 8s
	assert.Equal(t, 16*time.Second, m.CallBound(idx).Limit)
	b, err := m.AliveBound()
	require.NoError(t, err)
	// 2s + 1s + 5s + 3s + 8s
	assert.Equal(t, 19*time.Second, b.Limit)
	assert.Contains(t, b.Explain, "master_alive_interval 2s")

	_, err = m.IndexOf("m3")
	assert.ErrorContains(t, err, `"m3" is not in the minion's master list`)

	noAlive, err := Parse("master: [m1, m2]\nmaster_type: failover\n")
	require.NoError(t, err)
	_, err = noAlive.AliveBound()
	assert.ErrorContains(t, err, "never detects")

	hot, err := Parse("master: [m1, m2]\n")
	require.NoError(t, err)
	// str mode: 7 tries x 5s per dead master
	assert.Equal(t, (2+35+5+8)*time.Second, hot.CallBound(1).Limit)
}

func TestHotBounds(t *testing.T) {
	hot, err := Parse("master: [m1, m2]\nmaster_alive_interval: 2\nauth_timeout: 3\nauth_tries: 2\n")
	require.NoError(t, err)
	b, err := hot.HotBound()
	require.NoError(t, err)
	assert.Equal(t, 3*time.Second+ProcessSlack, b.Limit)
	w, err := hot.RestartWindow()
	require.NoError(t, err)
	assert.Equal(t, 2*time.Second+aliveLoopSlack+dnsProbeTimeout+2*3*time.Second+ProcessSlack, w.Limit)
	assert.Contains(t, w.Explain, "master_alive_interval 2s")

	defaults, err := Parse("master: [m1, m2]\n")
	require.NoError(t, err)
	_, err = defaults.RestartWindow()
	assert.ErrorContains(t, err, "master_alive_interval is 0")

	for _, doc := range []string{"master: [m1, m2]\nmaster_type: failover\n", "master: m1\n"} {
		m, err := Parse(doc)
		require.NoError(t, err)
		_, err = m.HotBound()
		assert.ErrorContains(t, err, "want hot multi-master", doc)
	}
	single, err := Parse("master: m1\nmaster_alive_interval: 2\n")
	require.NoError(t, err)
	_, err = single.RestartWindow()
	assert.ErrorContains(t, err, "want hot multi-master")
}

func TestReachBound(t *testing.T) {
	tests := []struct {
		name, doc string
		want      func(Minion) (Bound, error)
		wantErr   string
	}{
		{name: "failover uses the alive check", doc: "master: [m1, m2]\nmaster_type: failover\nmaster_alive_interval: 2\n", want: Minion.AliveBound},
		{name: "hot uses the surviving connection", doc: "master: [m1, m2]\nauth_timeout: 3\n", want: Minion.HotBound},
		{name: "one master has nothing to reach", doc: "master: m1\n", wantErr: "reach bound: want master_type \"failover\", or want hot multi-master"},
		{name: "failover without the alive check", doc: "master: [m1, m2]\nmaster_type: failover\n", wantErr: "never detects"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.doc)
			require.NoError(t, err)
			got, err := m.ReachBound()
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			want, err := tt.want(m)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestPosition(t *testing.T) {
	order := []string{"salt-master-1", "salt-master-2"}
	tests := []struct {
		name     string
		conf     string
		master   string
		want     int
		wantRule string
		wantErr  string
	}{
		{name: "named in the list", conf: "master: [salt-master-2, salt-master-1]", master: "salt-master-1", want: 1,
			wantRule: "salt-master-1 is entry 2 of the minion's master list"},
		{name: "host:port entries", conf: "master: ['salt-master-1:4506', 'salt-master-2:4506']", master: "salt-master-2", want: 1,
			wantRule: "entry 2 of the minion's master list"},
		{name: "list names a forwarder: declared order", conf: "master: ['docker-host:4505', 'docker-host:4507']", master: "salt-master-2", want: 1,
			wantRule: "salt-master-2 is master 2 of the topology's declared order, as the minion's master list [docker-host:4505 docker-host:4507] does not name it"},
		{name: "nowhere", conf: "master: [a]", master: "salt-master-9",
			wantErr: `master "salt-master-9" is neither in the minion's master list [a] nor in the topology's declared masters`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.conf)
			require.NoError(t, err)
			got, rule, err := m.Position(tt.master, order)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Contains(t, rule, tt.wantRule)
		})
	}
}

func TestFleetAliveBound(t *testing.T) {
	m, err := Parse("master: [m1, m2]\nmaster_type: failover\nmaster_alive_interval: 2\nauth_timeout: 3\n")
	require.NoError(t, err)
	tests := []struct {
		name    string
		n       int
		rate    float64
		limit   time.Duration
		explain string
	}{
		{"a fleet: the herd queues at the survivor", 1000, 25, 59 * time.Second, "+ herd 40s (1000 minions signing in at 25 per s, measured)"},
		{"one minion is no herd", 1, 25, 19 * time.Second, "process slack 8s"},
		{"no measured rate: no herd term, said so", 50, 0, 19 * time.Second, "(no herd term for 50 minions: no sign-in rate was measured for this flavour)"},
	}
	for _, tt := range tests {
		b, err := m.FleetAliveBound(tt.n, tt.rate)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.limit, b.Limit, tt.name)
		assert.Contains(t, b.Explain, tt.explain, tt.name)
	}
	hot, err := Parse("master: [m1, m2]\n")
	require.NoError(t, err)
	_, err = hot.FleetAliveBound(1000, 25)
	assert.ErrorContains(t, err, "master_type is", "a hot fleet has no alive-check bound")
}
