package minion

import "sync"

// jidQueue is the jid FIFO shared by all Minion objects of one process
// (salt/minion.py _handle_decoded_payload, spec §2): a jid seen before is
// dropped; past minion_jid_queue_hwm entries the oldest is forgotten.
type jidQueue struct {
	mu  sync.Mutex
	hwm int
	q   []string
}

// An hwm of 0 (or less) forgets every jid right after admitting it, as
// Salt's "len(queue) > hwm → pop" does: duplicates are no longer dropped.
func newJidQueue(hwm int) *jidQueue {
	return &jidQueue{hwm: hwm}
}

// admit records jid and reports whether the job should run.
func (j *jidQueue) admit(jid string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, x := range j.q {
		if x == jid {
			return false
		}
	}
	j.q = append(j.q, jid)
	for len(j.q) > max(j.hwm, 0) {
		j.q = j.q[1:]
	}
	return true
}
