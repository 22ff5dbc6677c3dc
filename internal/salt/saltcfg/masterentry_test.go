package saltcfg

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseMasterEntry(t *testing.T) {
	tests := []struct {
		in   string
		want MasterEntry
		ip   bool
	}{
		{"salt-master-1", MasterEntry{Host: "salt-master-1"}, false},
		{"docker-host:4505", MasterEntry{Host: "docker-host", Port: 4505}, false},
		{"172.30.0.11", MasterEntry{Host: "172.30.0.11"}, true},
		{"172.30.0.11:4506", MasterEntry{Host: "172.30.0.11", Port: 4506}, true},
		{"[fd00::1]:4506", MasterEntry{Host: "fd00::1", Port: 4506}, true},
		{"fd00::1", MasterEntry{Host: "fd00::1"}, true},
		{"host:notaport", MasterEntry{Host: "host:notaport"}, false},
		{"[2001:db8::1]", MasterEntry{Host: "2001:db8::1"}, true},
		{"salt-master-1:0", MasterEntry{Host: "salt-master-1:0"}, false},
		{" spaced ", MasterEntry{Host: "spaced"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := ParseMasterEntry(tt.in)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.ip, got.IsIP())
			assert.Equal(t, tt.want.Host, MasterHost(tt.in))
		})
	}
}

func FuzzParseMasterEntry(f *testing.F) {
	for _, s := range []string{"salt-master-1", "h:4505", "[::1]:1", "::1", "h:x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := ParseMasterEntry(s)
		if e.Port < 0 || e.Port > 65535 {
			t.Fatalf("port %d out of range for %q", e.Port, s)
		}
	})
}
