package testenv

import "sync/atomic"

// Peak counts how many goroutines are inside a section at once and keeps
// the most seen, race-free: a Load then Store of the maximum loses a
// higher value written between the two, which would hide the overlap a
// concurrency test looks for.
type Peak struct {
	cur, most atomic.Int32
}

// Enter counts the caller in; the returned func counts it out.
func (p *Peak) Enter() (leave func()) {
	n := p.cur.Add(1)
	for m := p.most.Load(); n > m && !p.most.CompareAndSwap(m, n); m = p.most.Load() {
	}
	return func() { p.cur.Add(-1) }
}

// Most is the most callers that were inside at once.
func (p *Peak) Most() int32 { return p.most.Load() }
