package resolve

import (
	"context"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseEntry(t *testing.T) {
	tests := []struct {
		in     string
		ipOnly bool
		want   Entry
		err    bool
	}{
		{in: "salt-master-1", want: Entry{Host: "salt-master-1"}},
		{in: "salt-master-1:4508", want: Entry{Host: "salt-master-1", Port: 4508}},
		{in: "10.0.0.1:4506", want: Entry{Host: "10.0.0.1", Port: 4506}},
		{in: "[2001:db8::1]:4506", want: Entry{Host: "2001:db8::1", Port: 4506}},
		{in: "2001:db8:0::1", want: Entry{Host: "2001:db8::1"}},
		{in: "host:abc", err: true},
		{in: "10.0.0.1", ipOnly: true, want: Entry{Host: "10.0.0.1"}},
		{in: "host:4506", ipOnly: true, err: true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseEntry(tc.in, tc.ipOnly)
			if tc.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestCheck(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.2:0")
	require.NoError(t, err)
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	r := Static{"two": {"127.0.0.3", "127.0.0.2"}, "dead": {"127.0.0.4"}}
	ctx := context.Background()
	ip, err := Check(ctx, r, "two", port, ProbeTimeout)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.2", ip, "first connectable address wins")
	ip, err = Check(ctx, r, "dead", port, ProbeTimeout)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.4", ip, "a resolvable but dead master never fails DNS")
	_, err = Check(ctx, r, "gone", port, ProbeTimeout)
	assert.ErrorIs(t, err, ErrUnresolvable)
	ip, err = Check(ctx, r, "10.1.2.3", port, ProbeTimeout)
	require.NoError(t, err)
	assert.Equal(t, "10.1.2.3", ip)
}
