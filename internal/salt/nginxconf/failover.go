package nginxconf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// nginx's defaults for what Failover reads (ngx_http_proxy_module,
// ngx_http_upstream_module documentation).
const (
	defaultConnectTimeout = 60 * time.Second
	defaultMaxFails       = 1
	defaultFailTimeout    = 10 * time.Second
)

// Failover is how the balancer detours a request around a dead upstream
// server for the API under one path.
type Failover struct {
	// ConnectTimeout (proxy_connect_timeout) is the longest a request waits
	// on a server that does not answer its connect before nginx moves it to
	// the next one: the most a dead master adds to one request.
	ConnectTimeout time.Duration
	// MaxFails and FailTimeout (of the first upstream server) say how long
	// nginx then keeps requests away from that server.
	MaxFails    int
	FailTimeout time.Duration
	// Upstream is the upstream block proxy_pass names ("" when it names a
	// host directly).
	Upstream string
	// IdleTimeout (stream proxy_timeout; 0 for HTTP) is how long a TCP
	// connection on which neither side sends anything lives: the longest a
	// client stays attached to a server that went silent.
	IdleTimeout time.Duration
}

// Explain says where each value came from, for a bound's explanation.
func (f Failover) Explain() string {
	return fmt.Sprintf("nginx proxy_connect_timeout %s", f.ConnectTimeout)
}

// FailoverOf reads the failover settings that apply to requests under
// path ("/salt-api/"): the proxy_connect_timeout of the longest matching
// `location` (else of its server or http block, else nginx's default), and
// max_fails/fail_timeout of the first non-backup server of the upstream
// its proxy_pass names.
func FailoverOf(ds []Directive, path string) (Failover, error) {
	f := Failover{ConnectTimeout: defaultConnectTimeout, MaxFails: defaultMaxFails, FailTimeout: defaultFailTimeout}
	if d, ok := applying(ds, "proxy_connect_timeout", path); ok {
		t, err := parseTime(d)
		if err != nil {
			return f, err
		}
		f.ConnectTimeout = t
	}
	d, ok := applying(ds, "proxy_pass", path)
	if !ok {
		return f, fmt.Errorf("read nginx failover for %s: no proxy_pass applies to it", path)
	}
	if len(d.Args) != 1 {
		return f, fmt.Errorf("read nginx failover: proxy_pass takes one URL, got %q", d.Args)
	}
	host := strings.TrimPrefix(strings.TrimPrefix(d.Args[0], "http://"), "https://")
	if i := strings.IndexAny(host, "/:"); i >= 0 {
		host = host[:i]
	}
	return f, f.readUpstream(ds, host)
}

// readUpstream fills in Upstream, MaxFails and FailTimeout from the first
// non-backup server of upstream block name, if there is one.
func (f *Failover) readUpstream(ds []Directive, name string) error {
	for _, s := range ds {
		// A server without an address is nginx's error to report, not ours.
		if s.Name != "server" || len(s.Args) == 0 || len(s.Block) == 0 || s.Block[len(s.Block)-1] != "upstream "+name || hasArg(s.Args, "backup") {
			continue
		}
		f.Upstream = name
		for _, a := range s.Args[1:] {
			k, v, _ := strings.Cut(a, "=")
			switch k {
			case "max_fails":
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return fmt.Errorf("read nginx failover: upstream %s: max_fails=%q is not a count", name, v)
				}
				f.MaxFails = n
			case "fail_timeout":
				t, err := parseTime(Directive{Name: "fail_timeout", Args: []string{v}})
				if err != nil {
					return err
				}
				f.FailTimeout = t
			}
		}
		return nil
	}
	return nil
}

// applying returns the directive name that applies under path: the one in
// the longest `location` prefix of path, else the innermost outside any
// location (nginx inherits server and http values into a location).
func applying(ds []Directive, name, path string) (Directive, bool) {
	best, bestLen := Directive{}, -1
	for _, d := range ds {
		if d.Name != name {
			continue
		}
		n, ok := matchLen(d.Block, path)
		if ok && n >= bestLen {
			best, bestLen = d, n
		}
	}
	return best, bestLen >= 0
}

// matchLen is how specific a directive's place is for path: the length of
// its location's prefix, 0 outside any location; ok is false for a
// location that does not cover path (regex locations are not judged and
// count as not covering it).
func matchLen(block []string, path string) (int, bool) {
	for i := len(block) - 1; i >= 0; i-- {
		loc, ok := strings.CutPrefix(block[i], "location ")
		if !ok {
			continue
		}
		fields := strings.Fields(loc)
		switch {
		case len(fields) == 1 && strings.HasPrefix(path, fields[0]):
			return len(fields[0]), true
		case len(fields) == 2 && (fields[0] == "=" && fields[1] == path || fields[0] == "^~" && strings.HasPrefix(path, fields[1])):
			return len(fields[1]), true
		default:
			return 0, false
		}
	}
	return 0, true
}

func hasArg(args []string, a string) bool {
	for _, x := range args {
		if x == a {
			return true
		}
	}
	return false
}

// parseTime reads nginx's time syntax: "60", "2s", "500ms", "1m30s".
func parseTime(d Directive) (time.Duration, error) {
	if len(d.Args) != 1 {
		return 0, fmt.Errorf("read nginx %s: want one time, got %q", d.Name, d.Args)
	}
	s := d.Args[0]
	units := []struct {
		suffix string
		d      time.Duration
	}{{"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}, {"w", 7 * 24 * time.Hour}}
	var total time.Duration
	rest := s
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i > 9 {
			return 0, fmt.Errorf("read nginx %s: %q is not a time (e.g. 60s, 500ms, 1m30s)", d.Name, s)
		}
		n, _ := strconv.Atoi(rest[:i])
		rest = rest[i:]
		if rest == "" { // a bare number is seconds
			total += time.Duration(n) * time.Second
			break
		}
		matched := false
		for _, u := range units {
			if strings.HasPrefix(rest, u.suffix) && (len(rest) == len(u.suffix) || rest[len(u.suffix)] >= '0' && rest[len(u.suffix)] <= '9') {
				if time.Duration(n) > (math.MaxInt64-total)/u.d {
					return 0, fmt.Errorf("read nginx %s: %q is too long a time", d.Name, s)
				}
				total += time.Duration(n) * u.d
				rest = rest[len(u.suffix):]
				matched = true
				break
			}
		}
		if !matched {
			return 0, fmt.Errorf("read nginx %s: %q is not a time (e.g. 60s, 500ms, 1m30s)", d.Name, s)
		}
	}
	return total, nil
}
