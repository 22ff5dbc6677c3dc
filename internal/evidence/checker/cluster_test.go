package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const (
	peer2 = "salt-master-2"
	peer3 = "salt-master-3"
)

var peers = []string{peer1, peer2, peer3}

// peerCase is a history judged with the cluster's peers named and
// without (alone), as every other topology is judged.
type peerCase struct {
	name           string
	make           func(b *hist)
	cluster, alone Verdict
	observed       string // with the peers named
}

// TestExactlyOnceAcrossClusterPeers: a minion's return reaches the peer
// its connection went through and is forwarded to the others; with the
// peers named, a return on any of them counts, once, and a minion that
// really returned twice is still caught. Without peers (every other
// topology) only the publishing master's bus counts, as before.
func TestExactlyOnceAcrossClusterPeers(t *testing.T) {
	const cli = "salt test.ping"
	tests := []peerCase{
		{"return on the publishing peer and forwarded", func(b *hist) {
			b.returned(s(1.2), "J1", "m1", "test.ping", peer1, peer2, peer3)
		}, Valid, Valid, "1 return event(s) for job J1 on the cluster"},
		{"return on another peer, forwarded to the publisher", func(b *hist) {
			b.returned(s(1.2), "J1", "m1", "test.ping", peer2, peer1)
		}, Valid, Valid, "1 return event(s)"},
		{"return on another peer, its forward to the publisher stalled", func(b *hist) {
			b.returned(s(1.2), "J1", "m1", "test.ping", peer2, peer3)
		}, Valid, Invalid, "1 return event(s)"},
		{"the minion returned twice, through two peers", func(b *hist) {
			b.returned(s(1.2), "J1", "m1", "test.ping", peer2, peer1, peer3)
			b.returned(s(1.7), "J1", "m1", "test.ping", peer3, peer1, peer2)
		}, Invalid, Invalid, "2 return event(s)"},
		{"the minion returned on no peer", func(*hist) {}, Invalid, Invalid, "0 return event(s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			for _, p := range peers {
				b.watch(0, p, history.Start)
			}
			b.op(s(1), s(1), history.OK, cli, peer1, "*", `{"documents":{"m1":1}}`, "")
			b.published(s(1.1), "J1", "test.ping", "*", peer1, peer2, peer3)
			tc.make(b)
			p := OnceParams{Master: peer1, Fun: "test.ping", Tgt: "*", Minions: []string{"m1"}, F: cli}
			alone := ExactlyOnce(b.h, p)
			assert.Equal(t, tc.alone, alone.Verdict, "without peers: %s", alone.Observed)
			assert.NotContains(t, alone.Observed, "cluster")
			p.Peers = peers
			r := ExactlyOnce(b.h, p)
			assert.Equal(t, tc.cluster, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observed)
		})
	}
}

// TestDeliveryAcrossClusterPeers: with the peers named, the cluster is
// one master: a return on a peer that did not record the job's
// publication (a restarted peer's stream) is not astray, a CLI answer's
// return may lie on any peer, and a paused peer's late copy of a return a
// live peer received is no return on a paused master. Without peers each
// of those is judged as before.
func TestDeliveryAcrossClusterPeers(t *testing.T) {
	const cli = "salt test.ping"
	tests := []peerCase{
		{"return on a restarted peer that missed the publication", func(b *hist) {
			b.published(s(1.1), "J1", "test.ping", "*", peer1, peer2)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer3)
		}, Valid, Invalid, "1 return event(s) of a recorded job"},
		{"forwarded copies count once", func(b *hist) {
			b.published(s(1.1), "J1", "test.ping", "*", peer1, peer2, peer3)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer1, peer2, peer3)
		}, Valid, Valid, "1 return event(s) of a recorded job and 0 CLI answer(s) of salt test.ping checked (copies forwarded"},
		{"CLI answer whose return is on another peer only", func(b *hist) {
			b.op(s(1), s(1), history.OK, cli, peer1, "*", `{"documents":{"m1":1}}`, "")
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer2)
		}, Valid, Invalid, "1 CLI answer(s)"},
		{"CLI answer whose return is on no peer", func(b *hist) {
			b.op(s(1), s(1), history.OK, cli, peer1, "*", `{"documents":{"m1":1}}`, "")
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
		}, Invalid, Invalid, "no return event of it is on the cluster salt-master-1,salt-master-2,salt-master-3's bus"},
		{"a paused peer's late copy of a live peer's return", func(b *hist) {
			b.fault(s(1), "1", history.FaultPause, peer2, history.Start)
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer1, peer2)
		}, Valid, Invalid, "1 return event(s)"},
		{"a return only on a paused peer", func(b *hist) {
			b.fault(s(1), "1", history.FaultPause, peer2, history.Start)
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
			b.returned(s(1.2), "J1", "m1", "test.ping", peer2)
		}, Invalid, Invalid, "reached salt-master-2 while it was paused"},
		{"a return on a master outside the cluster", func(b *hist) {
			b.published(s(1.1), "J1", "test.ping", "*", peer1)
			b.returned(s(1.2), "J1", "m1", "test.ping", "salt-master-9")
		}, Invalid, Invalid, "reached salt-master-9, which never published it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			for _, p := range peers {
				b.watch(0, p, history.Start)
			}
			tc.make(b)
			alone := Delivery(b.h, DeliveryParams{F: cli})
			assert.Equal(t, tc.alone, alone.Verdict, "without peers: %s", alone.Observed)
			r := Delivery(b.h, DeliveryParams{F: cli, Peers: peers})
			assert.Equal(t, tc.cluster, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observed)
		})
	}
}
