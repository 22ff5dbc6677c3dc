package minion

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/signin"
)

// fireMaster sends an event to this Minion's master if connected
// (Minion.handle_event "fire_master"), re-authenticating once on a stale key.
func (mn *Minion) fireMaster(ctx context.Context, tag string, data any) {
	mn.mu.Lock()
	sess, connected := mn.sess, mn.connected
	mn.mu.Unlock()
	if !connected || sess == nil {
		mn.log.Debugf("Master %s is not connected, dropping event %s", mn.label, tag)
		return
	}
	timeout := mn.fireTimeout
	for i := 0; i < 2; i++ {
		err := sess.FireEvent(ctx, mn.mgr.id, tag, data, timeout)
		if err == nil {
			mn.log.Debugf("Forwarding master event tag=%s", tag)
			return
		}
		if !errors.Is(err, signin.ErrBadKey) || mn.reauth(ctx) != nil {
			mn.log.Warnf("Unable to send event %s to master %s: %v", tag, sess.Host, err)
			return
		}
		sess = mn.session()
	}
}

// fireStart sends the minion start events to this Minion's master
// (_fire_master_minion_start: legacy minion_start, then salt/minion/<id>/start).
func (mn *Minion) fireStart(ctx context.Context) {
	msg := fmt.Sprintf("Minion %s started at %s", mn.mgr.id, time.Now().Format("Mon Jan _2 15:04:05 2006"))
	mn.fireMaster(ctx, "minion_start", msg)
	mn.fireMaster(ctx, events.Tagify("salt/minion", mn.mgr.id, "start"), msg)
}

// FireMaster sends an event to every connected master (event.send,
// §1.13); disconnected Minion objects log and drop it. It returns true as
// Salt's daemon path does: event.fire_master hands the event to the minion's
// own bus (MinionEvent.fire_event(..., "fire_master")), whose result is
// true whatever the masters do.
func (m *Manager) FireMaster(ctx context.Context, tag string, data any) bool {
	m.mu.Lock()
	ms := append([]*Minion(nil), m.minions...)
	m.mu.Unlock()
	for _, mn := range ms {
		mn.fireMaster(ctx, tag, data)
	}
	return true
}
