package valid

import (
	"net"
	"net/netip"
	"strconv"
)

// LoopbackAddr checks a listen address, host:port, whose host must be a
// loopback address (127.0.0.0/8, ::1) or localhost: a page that drives a
// lab is for this machine only. Port 0 picks a free port.
func LoopbackAddr(name, raw string) error {
	const fix = "want host:port on this machine only, e.g. 127.0.0.1:0 (a free port) or 127.0.0.1:8043"
	host, port, err := net.SplitHostPort(raw)
	if err != nil {
		return refuse(name, strconv.Quote(raw), "not host:port", fix)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return refuse(name, strconv.Quote(raw), "the port is not a number in 0-65535", fix)
	}
	if host == "localhost" {
		return nil
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.IsLoopback() || ip.Zone() != "" {
		return refuse(name, strconv.Quote(raw), "not a loopback address (the page would be reachable from other machines)", fix)
	}
	return nil
}
