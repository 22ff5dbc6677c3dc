package minion

import (
	"context"
	"errors"

	"github.com/saltlab/saltlab/internal/sim/signin"
)

// handleEvent is Minion.handle_event for the master connection events (§1.10).
func (mn *Minion) handleEvent(ctx context.Context, ev event) error {
	switch ev.Tag {
	case tagDisconnected, tagFailback:
		mn.mu.Lock()
		cur, connected := mn.opts.Str("master"), mn.connected
		mn.mu.Unlock()
		if ev.Tag == tagDisconnected && ev.Master != cur {
			return nil // another Minion's master
		}
		if !connected {
			return nil
		}
		return mn.reconnect(ctx, ev.Tag == tagFailback)
	case tagConnected:
		mn.mu.Lock()
		defer mn.mu.Unlock()
		if !mn.connected && mn.opts.Str("master_type") != "failover" {
			mn.log.Infof("Connection to master %s re-established", mn.opts.Str("master"))
			mn.connected = true
		}
	}
	return nil
}

// reconnect tears the connection down and runs eval_master(failed=True).
// Per spec §1.10 this is the path for every master_type in 3006: failover
// tries the other masters, str/hot retries the same one master_tries times;
// failure restarts the whole process.
func (mn *Minion) reconnect(ctx context.Context, failback bool) error {
	mn.mu.Lock()
	mn.connected = false
	cur := mn.opts.Str("master")
	mn.mu.Unlock()
	mn.log.Infof("Connection to master %s lost", cur)
	// Salt deletes a job named "__master_alive" without the host suffix, so
	// the old __master_alive_<host> job keeps running (issue #40143).
	mn.sched.remove("__master_alive")
	mn.log.Infof("Trying to tune in to next master from master-list")
	mn.stopSubscriber()
	sess, err := mn.evalHandlingEvents(ctx, failback)
	if err != nil {
		var exit *signin.ExitError
		if errors.As(err, &exit) || ctx.Err() != nil {
			return err
		}
		return errRestart
	}
	mn.log.Infof("Re-initialising subsystems for new master %s", sess.Host)
	mn.tuneIn(ctx, sess)
	mn.log.Infof("Minion is ready to receive requests!")
	go mn.fireStart(ctx)
	return nil
}

// evalHandlingEvents runs eval_master(failed=True) while it keeps handling
// the events that arrive meanwhile. In Salt every event starts its own
// handle_event coroutine on the io_loop, so one that arrives while
// eval_master is yielded runs at once and sees connected == False: a
// __master_disconnected or __master_failback is ignored. Queuing them until
// eval_master returned would replay stale ones against the master just
// signed in to (the old __master_alive_<host> job keeps firing while every
// master is down, issue #40143) and tear that connection down again: the
// churn docs/sim-fidelity.md used to list as a known defect.
func (mn *Minion) evalHandlingEvents(ctx context.Context, failback bool) (*signin.Session, error) {
	done := make(chan struct{})
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for {
			select {
			case <-done:
				return
			case ev := <-mn.events:
				mn.handleEventUnconnected(ev)
			}
		}
	}()
	sess, err := mn.ev.Eval(ctx, true, failback)
	close(done)
	<-drained
	return sess, err
}

// handleEventUnconnected is handle_event while connected is False:
// __master_disconnected and __master_failback are ignored. (The double's
// alive job only ever expects a connection, so it never fires
// __master_connected, the one event that acts while unconnected.) It reads
// no opts: eval_master rewrites them on the run goroutine meanwhile.
func (mn *Minion) handleEventUnconnected(ev event) {
	mn.log.Debugf("Ignoring event %s for master %s while evaluating masters", ev.Tag, ev.Master)
}
