package netfault

import (
	"errors"
	"fmt"
	"net"
	"syscall"
)

// soOriginalDst is SO_ORIGINAL_DST from linux/netfilter_ipv4.h: the
// address a REDIRECTed connection was sent to.
const soOriginalDst = 80

// OriginalDst returns "ip:port" the client connected to before iptables
// redirected the connection to the proxy.
func OriginalDst(c net.Conn) (string, error) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return "", errors.New("original destination: not a TCP connection")
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return "", fmt.Errorf("original destination: %w", err)
	}
	var addr *syscall.IPv6Mreq
	var serr error
	if err := rc.Control(func(fd uintptr) {
		// The kernel returns a sockaddr_in; IPv6Mreq is a 20-byte buffer
		// that holds it, the usual Go idiom for this getsockopt.
		addr, serr = syscall.GetsockoptIPv6Mreq(int(fd), syscall.IPPROTO_IP, soOriginalDst)
	}); err != nil {
		return "", fmt.Errorf("original destination: %w", err)
	}
	if serr != nil {
		return "", fmt.Errorf("original destination (was the connection redirected?): %w", serr)
	}
	m := addr.Multiaddr
	port := int(m[2])<<8 | int(m[3])
	return fmt.Sprintf("%d.%d.%d.%d:%d", m[4], m[5], m[6], m[7], port), nil
}
