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
	sess, err := mn.ev.Eval(ctx, true, failback)
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
