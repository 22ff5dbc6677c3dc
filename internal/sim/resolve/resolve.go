// Package resolve turns minion `master` entries into addresses the way
// salt/minion.py prep_ip_port + resolve_dns and salt/utils/network.py
// parse_host_port / dns_check do.
package resolve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"
)

// Resolver looks up host names; *net.Resolver satisfies it, tests inject maps.
type Resolver interface {
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// Entry is one parsed `master` list entry.
type Entry struct {
	Host string // bare host: the master's identity in opts["master"]
	Port int    // ret port from host:port, 0 when not given
}

// ParseEntry implements parse_host_port (§1.3): host, host:port,
// [v6]:port; a bare IPv6 literal keeps all its colons as host.
func ParseEntry(s string, ipOnly bool) (Entry, error) {
	s = strings.TrimSpace(s)
	if ipOnly {
		if net.ParseIP(s) == nil {
			return Entry{}, fmt.Errorf("parse master %q: not an IP address", s)
		}
		return Entry{Host: s}, nil
	}
	if strings.HasPrefix(s, "[") {
		end := strings.Index(s, "]")
		if end < 0 {
			return Entry{}, fmt.Errorf("parse master %q: unbalanced bracket", s)
		}
		host := s[1:end]
		ip := net.ParseIP(host)
		if ip == nil {
			return Entry{}, fmt.Errorf("parse master %q: bad IPv6 address", s)
		}
		rest := s[end+1:]
		if rest == "" {
			return Entry{Host: ip.String()}, nil
		}
		p, err := port(strings.TrimPrefix(rest, ":"))
		return Entry{Host: ip.String(), Port: p}, err
	}
	if strings.Count(s, ":") > 1 {
		if ip := net.ParseIP(s); ip != nil {
			return Entry{Host: ip.String()}, nil
		}
		return Entry{}, fmt.Errorf("parse master %q: bad hostname", s)
	}
	host, ps, hasPort := strings.Cut(s, ":")
	if host == "" {
		return Entry{}, fmt.Errorf("parse master %q: bad hostname", s)
	}
	if ip := net.ParseIP(host); ip != nil {
		host = ip.String()
	}
	if !hasPort {
		return Entry{Host: host}, nil
	}
	p, err := port(ps)
	return Entry{Host: host, Port: p}, err
}

func port(s string) (int, error) {
	p, err := strconv.Atoi(s)
	if err != nil || p <= 0 || p > 65535 {
		return 0, fmt.Errorf("parse port %q: invalid", s)
	}
	return p, nil
}

// ErrUnresolvable is a name resolution failure (SaltClientError in Salt).
var ErrUnresolvable = errors.New("DNS lookup failed")

// HostIPs resolves a host to its IPs (host_to_ips); IP literals resolve to themselves.
func HostIPs(ctx context.Context, r Resolver, host string) ([]string, error) {
	if ip := net.ParseIP(host); ip != nil {
		return []string{ip.String()}, nil
	}
	ips, err := r.LookupHost(ctx, host)
	if err != nil || len(ips) == 0 {
		return nil, fmt.Errorf("resolve %s: %w", host, ErrUnresolvable)
	}
	return ips, nil
}

// ProbeTimeout is dns_check's per-address TCP connect test timeout.
const ProbeTimeout = 2 * time.Second

// Check implements dns_check/_test_addrs: resolve, then return the first
// address accepting a TCP connection on port, otherwise the first resolved
// address — a resolvable but dead master never fails here.
func Check(ctx context.Context, r Resolver, host string, port int, probe time.Duration) (string, error) {
	ips, err := HostIPs(ctx, r, host)
	if err != nil {
		return "", err
	}
	if len(ips) == 1 {
		return ips[0], nil
	}
	for _, ip := range ips {
		c, err := net.DialTimeout("tcp", net.JoinHostPort(ip, strconv.Itoa(port)), probe)
		if err == nil {
			c.Close()
			return ip, nil
		}
	}
	return ips[0], nil
}

// Static maps names to IPs; names mapped to nothing do not resolve. It is
// how tests imitate Docker's embedded DNS forgetting a stopped container.
type Static map[string][]string

// LookupHost implements Resolver.
func (s Static) LookupHost(_ context.Context, host string) ([]string, error) {
	if ips := s[host]; len(ips) > 0 {
		return ips, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}
