package scenario

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/nginxconf"
)

func TestParseProbe(t *testing.T) {
	tests := []struct {
		name, out string
		want      history.Probe
		wantErr   string
	}{
		{"one detour", "172.29.0.12\n127.0.0.1 4506 -> 172.29.0.12:4506, 172.29.0.13:4506 200 0.004\n",
			history.Probe{Dead: "172.29.0.12", Tried: []string{"172.29.0.12:4506", "172.29.0.13:4506"}, Status: 200}, ""},
		{"straight to a live peer", "172.29.0.12\n127.0.0.1 4505 -> 172.29.0.11:4505 200 0.001",
			history.Probe{Dead: "172.29.0.12", Tried: []string{"172.29.0.11:4505"}, Status: 200}, ""},
		{"no upstream", "172.29.0.12\n127.0.0.1 4505 -> - 502 2.001", history.Probe{Dead: "172.29.0.12", Status: 502}, ""},
		// Captured from the lab's nginx (1.22.1, Debian's stream module) with
		// every peer unreachable: first each peer tried, then, all of them
		// disabled, the upstream block's name ("no live upstreams").
		{"every peer tried and failed", "172.29.0.12\n127.0.0.1 4506 -> 172.29.0.11:4506, 172.29.0.12:4506, 172.29.0.13:4506 502 0.000\n",
			history.Probe{Dead: "172.29.0.12", Tried: []string{"172.29.0.11:4506", "172.29.0.12:4506", "172.29.0.13:4506"}, Status: 502}, ""},
		{"no live upstreams", "172.29.0.12\n127.0.0.1 4506 -> salt_request 502 0.000\n",
			history.Probe{Dead: "172.29.0.12", Tried: []string{"salt_request"}, Status: 502}, ""},
		{"no log line", "172.29.0.12\n", history.Probe{}, "want the dead peer's address and one log line"},
		{"not nginx's format", "172.29.0.12\nhello world", history.Probe{}, "is not"},
		{"status not a number", "172.29.0.12\n127.0.0.1 4505 -> a:1 ok 0.1", history.Probe{}, `status "ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseProbe(tt.out)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestAvoidanceBound(t *testing.T) {
	b := AvoidanceBound(nginxconf.Failover{ConnectTimeout: 2 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second})
	assert.Equal(t, 2*time.Second+ProbeSlack, b.Limit)
	assert.Contains(t, b.Explain, "max_fails 1 x nginx proxy_connect_timeout 2s")
	assert.Equal(t, ProbeSlack+2*time.Second, AvoidanceBound(nginxconf.Failover{ConnectTimeout: 2 * time.Second}).Limit, "max_fails 0 still pays one connect")
}

// The probe's output comes from the balancer's container: parseProbe
// returns a probe or an error, never panics, and a probe it returns names
// the dead peer and only non-empty upstream addresses.
func FuzzParseProbe(f *testing.F) {
	for _, seed := range []string{"172.29.0.12\n127.0.0.1 4506 -> 172.29.0.12:4506, 172.29.0.13:4506 200 0.004\n", "x\n -> - 502 1", "\n\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, out string) {
		p, err := parseProbe(out)
		if err != nil {
			return
		}
		if p.Dead == "" {
			t.Fatalf("a probe without the dead peer: %+v", p)
		}
		for _, a := range p.Tried {
			if a == "" || a == "-" {
				t.Fatalf("an empty upstream: %+v", p)
			}
		}
	})
}
