// Package netstat parses /proc/net/tcp and /proc/net/tcp6, the fallback Salt's
// status.master uses to list remote addresses of established connections.
package netstat

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// stateEstablished is TCP_ESTABLISHED in the kernel's st column.
const stateEstablished = "01"

// Conn is one row of the table.
type Conn struct {
	LocalIP    net.IP
	LocalPort  int
	RemoteIP   net.IP
	RemotePort int
	State      string
}

// Established reports whether the row is in state ESTABLISHED.
func (c Conn) Established() bool { return c.State == stateEstablished }

// Parse reads a /proc/net/tcp{,6} table.
func Parse(r io.Reader) ([]Conn, error) {
	var out []Conn
	sc := bufio.NewScanner(r)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue // header
		}
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		lip, lport, err := parseAddr(f[1])
		if err != nil {
			return nil, err
		}
		rip, rport, err := parseAddr(f[2])
		if err != nil {
			return nil, err
		}
		out = append(out, Conn{LocalIP: lip, LocalPort: lport, RemoteIP: rip, RemotePort: rport, State: strings.ToUpper(f[3])})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read tcp table: %w", err)
	}
	return out, nil
}

// parseAddr decodes "0100007F:1199": the address is the kernel's in-memory
// representation printed as 32-bit words in host byte order (little endian
// on the platforms we run on), the port is big-endian hex.
func parseAddr(s string) (net.IP, int, error) {
	host, port, ok := strings.Cut(s, ":")
	if !ok {
		return nil, 0, fmt.Errorf("parse address %q: no port", s)
	}
	p, err := strconv.ParseUint(port, 16, 16)
	if err != nil {
		return nil, 0, fmt.Errorf("parse port %q: %w", port, err)
	}
	raw, err := hex.DecodeString(host)
	if err != nil || (len(raw) != 4 && len(raw) != 16) {
		return nil, 0, fmt.Errorf("parse address %q: bad host", s)
	}
	ip := make(net.IP, len(raw))
	for w := 0; w < len(raw); w += 4 {
		ip[w], ip[w+1], ip[w+2], ip[w+3] = raw[w+3], raw[w+2], raw[w+1], raw[w]
	}
	if v4 := ip.To4(); v4 != nil {
		ip = v4
	}
	return ip, int(p), nil
}

// RemoteEstablished returns the remote IPs (as strings, v4-mapped v6
// addresses unmapped) of ESTABLISHED connections whose remote port is port,
// reading <procNet>/tcp and <procNet>/tcp6. Missing files are skipped.
func RemoteEstablished(procNet string, port int) ([]string, error) {
	return established(procNet, func(c Conn) bool { return c.RemotePort == port })
}

// PeersOfLocalPort returns the remote IPs of ESTABLISHED connections whose
// local port is port: salt.utils.network.local_port_tcp, what the master's
// CkMinions.connected_ids uses to see who is on its publish port.
func PeersOfLocalPort(procNet string, port int) ([]string, error) {
	return established(procNet, func(c Conn) bool { return c.LocalPort == port })
}

func established(procNet string, match func(Conn) bool) ([]string, error) {
	conns, err := readAll(procNet)
	if err != nil {
		return nil, err
	}
	return remotes(conns, match), nil
}

// readAll parses <procNet>/tcp and <procNet>/tcp6; missing files are skipped.
func readAll(procNet string) ([]Conn, error) {
	var out []Conn
	for _, name := range []string{"tcp", "tcp6"} {
		f, err := os.Open(filepath.Join(procNet, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", name, err)
		}
		conns, err := Parse(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, conns...)
	}
	return out, nil
}

// remotes are the distinct remote IPs of the ESTABLISHED conns that match.
func remotes(conns []Conn, match func(Conn) bool) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range conns {
		if c.Established() && match(c) && !seen[c.RemoteIP.String()] {
			seen[c.RemoteIP.String()] = true
			out = append(out, c.RemoteIP.String())
		}
	}
	return out
}
