// Package jid makes Salt job ids: UTC %Y%m%d%H%M%S%f (salt.utils.jid.gen_jid),
// strictly increasing within one generator.
package jid

import (
	"fmt"
	"sync"
	"time"
)

// Gen hands out unique jids; the zero value is ready to use.
type Gen struct {
	mu   sync.Mutex
	last string
}

// Next returns a jid greater than every jid this Gen returned before.
func (g *Gen) Next() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	t := time.Now().UTC()
	for {
		jid := t.Format("20060102150405") + fmt.Sprintf("%06d", t.Nanosecond()/1000)
		if jid > g.last {
			g.last = jid
			return jid
		}
		t = t.Add(time.Microsecond)
	}
}
