package ready

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

const (
	// keyAcceptInterval is how often bring-up looks for pending keys. A
	// daemon whose key is pending signs in again every
	// acceptance_wait_time (10 s by default, salt/crypt.py
	// AsyncAuth._authenticate), so looking every 3 s delays it by at most
	// one retry while keeping salt-key's CPU off the bring-up.
	keyAcceptInterval = 3 * time.Second
	// keyListTimeout bounds one salt-key call; a master still starting
	// answers later, at the next look.
	keyListTimeout = 15 * time.Second
	// keyAcceptBound ends the accepter of a bring-up that outlives it;
	// it normally stops when the bring-up returns, long before.
	keyAcceptBound = 30 * time.Minute
)

// keyAccepter accepts the declared daemons' pending keys while a lab comes
// up, as an operator would with `salt-key -a ID` on a master that does not
// auto-accept (Salt's default, auto_accept False). It asks every master in
// the declared order, so where masters share one pki directory the first
// master's accept is what the others then list as accepted, and where each
// has its own, every master accepts. Only declared ids are accepted: a key
// the topology does not name stays pending, as on a careful operator's
// master.
type keyAccepter struct {
	ex      client.Execer
	masters []string
	ids     []string
	log     io.Writer
	// deferred holds "master/id" of keys left pending for one look
	// because an earlier master, answering, did not list the id at all.
	deferred map[string]bool
}

// newKeyAccepter reads who signs in where from the roles: minions and
// syndics sign in to the masters, the master of masters and the syndic
// nodes (each runs a salt-master of its own).
func newKeyAccepter(ex client.Execer, r roles.Roles, log io.Writer) keyAccepter {
	masters := slices.Clone(r.Masters)
	for _, m := range append([]string{r.MasterOfMasters}, r.Syndics...) {
		if m != "" && !slices.Contains(masters, m) {
			masters = append(masters, m)
		}
	}
	ids := append(slices.Clone(r.Minions), r.Syndics...)
	return keyAccepter{ex: ex, masters: masters, ids: ids, log: log, deferred: map[string]bool{}}
}

// run looks for pending keys until ctx ends (the bring-up is over) or
// until deadline.
func (k keyAccepter) run(ctx context.Context, deadline time.Time) {
	_, _ = poll.Run(ctx, poll.Bounds{Deadline: deadline, Interval: keyAcceptInterval}, func(ctx context.Context, _ time.Duration) bool {
		k.once(ctx)
		return false
	})
}

// once accepts, on each master in turn, the declared keys it lists as
// pending. A master that does not answer yet is asked again next time.
// A key pending on a later master that an earlier master, answering, did
// not list at all waits one look: on a shared pki directory it may have
// arrived between the two listings, and the first master is the one to
// accept it (measured: under load minion-1's key was accepted on
// salt-master-2); with one directory per master the earlier master lists
// it by the next look, or never (a minion that does not sign in there),
// and the later master accepts it then.
func (k keyAccepter) once(ctx context.Context) {
	c := client.Client{Ex: k.ex}
	seen := map[string]bool{} // ids an earlier answering master listed
	answered := false         // an earlier master answered this look
	for _, m := range k.masters {
		out, bad := c.Exec(ctx, m, client.SaltKey("-L"), keyListTimeout)
		if bad != nil || out.ExitCode != 0 {
			continue
		}
		keys, err := saltout.ParseKeyList(out.Stdout)
		if err != nil {
			continue
		}
		for _, id := range keys.Pending {
			if !slices.Contains(k.ids, id) {
				continue
			}
			if key := m + "/" + id; answered && !seen[id] && !k.deferred[key] {
				k.deferred[key] = true
				continue
			}
			out, bad := c.Exec(ctx, m, client.SaltKey("-a", id, "-y"), keyListTimeout)
			if bad == nil && out.ExitCode == 0 {
				fmt.Fprintf(k.log, "bring-up: accepted the pending key of %s on %s (salt-key -a: the master does not auto-accept)\n", id, m)
			}
		}
		answered = true
		for _, id := range keys.All() {
			seen[id] = true
		}
	}
}

// acceptKeysDuring runs up while a keyAccepter accepts the declared keys,
// and stops it when up returns.
func acceptKeysDuring(ctx context.Context, k keyAccepter, bound time.Duration, up func(context.Context) error) error {
	actx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		k.run(actx, time.Now().Add(bound))
	}()
	err := up(ctx)
	cancel()
	<-done
	return err
}
