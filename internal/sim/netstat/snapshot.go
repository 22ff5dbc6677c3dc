package netstat

import (
	"sync"
	"time"
)

// Snapshot shares one reading of a process's TCP connections among the
// minions of a swarm (one process, many minions) for up to MaxAge.
//
// Why: /proc/net/tcp is built by walking the kernel's global socket table
// and keeping the reader's namespace's sockets, so one read costs in
// proportion to every socket on the host. A lab of a thousand minions on
// one kernel, each minion's alive check reading it every
// master_alive_interval, spent both cores of a 2-core machine in the kernel
// (load average 180, 71% system time, measured with 1000 minions). On a
// real fleet each minion's host holds a few sockets, so this cost is the
// lab's shared kernel, not Salt's; sharing the read removes it, at the
// price of a view up to MaxAge old (500 ms in swarm mode, within the
// alive-check bound's loop slack).
type Snapshot struct {
	ProcNet string
	MaxAge  time.Duration // 0: every call reads afresh

	mu    sync.Mutex
	at    time.Time
	conns []Conn
	err   error
}

// RemoteEstablished is RemoteEstablished(s.ProcNet, port) over the shared
// reading.
func (s *Snapshot) RemoteEstablished(port int) ([]string, error) {
	if s.MaxAge <= 0 {
		return RemoteEstablished(s.ProcNet, port)
	}
	conns, err := s.read()
	if err != nil {
		return nil, err
	}
	return remotes(conns, func(c Conn) bool { return c.RemotePort == port }), nil
}

// read returns the shared reading, refreshed when older than MaxAge.
func (s *Snapshot) read() ([]Conn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.at.IsZero() && time.Since(s.at) < s.MaxAge {
		return s.conns, s.err
	}
	s.conns, s.err = readAll(s.ProcNet)
	s.at = time.Now()
	return s.conns, s.err
}
