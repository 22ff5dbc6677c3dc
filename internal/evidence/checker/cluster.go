package checker

import (
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// The peers of a Salt 3007+ master cluster are one master to the checkers.
// A minion's return reaches whichever peer its request connection went
// through (the balancer's choice, not the publisher's), and every peer
// forwards each event on its bus to every cluster_peers entry, which
// publishes it on its own (salt/channel/server.py MasterPubServerChannel
// publish_payload, handle_pool_publish). So a return on any peer's bus is
// on the cluster's, and its forwarded copies are not further returns. A
// copy is the same packed payload, so it carries the `_stamp` of the peer
// that received the return, which the history records as the event's
// Time: the copies of one return are its job's and minion's return events
// with one Time, and two real returns have two stamps (µs).

// cluster is a master cluster's peers; empty outside a cluster, where
// every master stands for itself and the checkers judge as they always did.
type cluster []string

// of is the master a bus stands for: the cluster for any of its peers.
func (c cluster) of(master string) string {
	if slices.Contains(c, master) {
		return "the cluster " + strings.Join(c, ",")
	}
	return master
}

// counted says, for observations, how returns were counted: "" outside
// a cluster, where each event is one.
func (c cluster) counted() string {
	if len(c) == 0 {
		return ""
	}
	return " (copies forwarded between peers counted once)"
}

// same says whether buses a and b stand for one master.
func (c cluster) same(a, b string) bool { return c.of(a) == c.of(b) }

// returnID is one return across a cluster's buses (see above).
type returnID struct {
	jid, minion string
	at          time.Time
}

// returns counts returns per minion: every return event on a lone
// master's bus (it fires one per return it received), and each return
// once across a cluster's peers, however many of them carry a copy.
type returns struct {
	c     cluster
	seen  map[returnID]bool
	n     map[string]int
	ev    map[string][]int64 // every copy, as evidence
	total int
}

func newReturns(c cluster) *returns {
	return &returns{c: c, seen: map[returnID]bool{}, n: map[string]int{}, ev: map[string][]int64{}}
}

// add counts return event e of jid by minion.
func (r *returns) add(e history.Entry, jid, minion string) {
	r.ev[minion] = append(r.ev[minion], e.Index)
	if id := (returnID{jid, minion, e.Time}); slices.Contains(r.c, e.Master) {
		if r.seen[id] {
			return
		}
		r.seen[id] = true
	}
	r.n[minion]++
	r.total++
}

// forwarded says whether return event e on a peer is a copy another peer
// forwarded: the same return is on a peer of the cluster that ok accepts
// as having received it then.
func (c cluster) forwarded(h []history.Entry, e history.Entry, ok func(master string) bool) bool {
	jid, m, _ := retTag(e.Tag)
	if !slices.Contains(c, e.Master) {
		return false
	}
	for _, o := range h {
		if o.Type != history.Event || o.Master == e.Master || !o.Time.Equal(e.Time) || !slices.Contains(c, o.Master) || !ok(o.Master) {
			continue
		}
		if j, n, isRet := retTag(o.Tag); isRet && j == jid && n == m {
			return true
		}
	}
	return false
}
