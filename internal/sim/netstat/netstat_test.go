package netstat

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Fixture rows: 127.0.0.1:4505 ESTABLISHED, 10.0.0.2:4506 ESTABLISHED,
// 127.0.0.2:4505 TIME_WAIT, and a LISTEN socket.
const tcpFixture = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000:1199 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
   1: 0100007F:D2F0 0100007F:1199 01 00000000:00000000 02:000A7C5A 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
   2: 0200000A:C350 0200000A:119A 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1
   3: 0100007F:C351 0200007F:1199 06 00000000:00000000 03:00000F39 00000000     0        0 0 3 0000000000000000
`

// tcp6: ::ffff:172.28.0.12 port 4505 ESTABLISHED and ::1 port 4505 CLOSE_WAIT.
const tcp6Fixture = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0000000000000000FFFF00000B001CAC:9C40 0000000000000000FFFF00000C001CAC:1199 01 00000000:00000000 00:00000000 00000000     0        0 4 1 0000000000000000 20 4 30 10 -1
   1: 00000000000000000000000001000000:9C41 00000000000000000000000001000000:1199 08 00000000:00000000 00:00000000 00000000     0        0 5 1 0000000000000000 20 4 30 10 -1
`

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  []Conn
		error string
	}{
		{name: "ipv4 rows", in: tcpFixture, want: []Conn{
			{LocalIP: ip4(0, 0, 0, 0), LocalPort: 4505, RemoteIP: ip4(0, 0, 0, 0), RemotePort: 0, State: "0A"},
			{LocalIP: ip4(127, 0, 0, 1), LocalPort: 54000, RemoteIP: ip4(127, 0, 0, 1), RemotePort: 4505, State: "01"},
			{LocalIP: ip4(10, 0, 0, 2), LocalPort: 50000, RemoteIP: ip4(10, 0, 0, 2), RemotePort: 4506, State: "01"},
			{LocalIP: ip4(127, 0, 0, 1), LocalPort: 50001, RemoteIP: ip4(127, 0, 0, 2), RemotePort: 4505, State: "06"},
		}},
		{name: "header only", in: "  sl  local_address rem_address   st\n", want: nil},
		{name: "bad port", in: "hdr\n 0: 0100007F:XYZ 0100007F:1199 01\n", error: "parse port"},
		{name: "bad host", in: "hdr\n 0: 01007F:1199 0100007F:1199 01\n", error: "bad host"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tc.in))
			if tc.error != "" {
				require.ErrorContains(t, err, tc.error)
				return
			}
			require.NoError(t, err)
			require.Len(t, got, len(tc.want))
			for i := range got {
				assert.Equal(t, tc.want[i].LocalIP.String(), got[i].LocalIP.String())
				assert.Equal(t, tc.want[i].RemoteIP.String(), got[i].RemoteIP.String())
				assert.Equal(t, tc.want[i].LocalPort, got[i].LocalPort)
				assert.Equal(t, tc.want[i].RemotePort, got[i].RemotePort)
				assert.Equal(t, tc.want[i].State, got[i].State)
			}
		})
	}
}

func TestRemoteEstablished(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp"), []byte(tcpFixture), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp6"), []byte(tcp6Fixture), 0o644))
	tests := []struct {
		name string
		dir  string
		port int
		want []string
	}{
		{name: "publish port", dir: dir, port: 4505, want: []string{"127.0.0.1", "172.28.0.12"}},
		{name: "ret port", dir: dir, port: 4506, want: []string{"10.0.0.2"}},
		{name: "no match", dir: dir, port: 9999, want: nil},
		{name: "missing files", dir: t.TempDir(), port: 4505, want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := RemoteEstablished(tc.dir, tc.port)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func ip4(a, b, c, d byte) net.IP { return net.IPv4(a, b, c, d).To4() }

// TestSnapshotShares: a swarm's snapshot answers from one reading until
// it is MaxAge old; without MaxAge every call reads afresh.
func TestSnapshotShares(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) { require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp"), []byte(body), 0o644)) }
	write(tcpFixture)
	fresh := &Snapshot{ProcNet: dir}
	shared := &Snapshot{ProcNet: dir, MaxAge: time.Hour}
	for _, s := range []*Snapshot{fresh, shared} {
		got, err := s.RemoteEstablished(4506)
		require.NoError(t, err)
		assert.Equal(t, []string{"10.0.0.2"}, got)
	}
	write("  sl  local_address rem_address   st\n")
	got, err := fresh.RemoteEstablished(4506)
	require.NoError(t, err)
	assert.Empty(t, got, "without MaxAge the change is seen at once")
	got, err = shared.RemoteEstablished(4506)
	require.NoError(t, err)
	assert.Equal(t, []string{"10.0.0.2"}, got, "within MaxAge the shared reading stands")
	got, err = shared.RemoteEstablished(4505)
	require.NoError(t, err)
	assert.Equal(t, []string{"127.0.0.1"}, got, "one reading serves every port")
}
