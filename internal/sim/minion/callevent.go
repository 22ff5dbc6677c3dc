package minion

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/signin"
)

// callEvent is what salt-call's event.send needs to reach its masters.
type callEvent struct {
	sess    *signin.Session
	auth    *signin.Authenticator
	uris    []signin.MasterURI // empty: a single master (master_uri only)
	id      string
	log     *saltlog.Logger
	timeout time.Duration
}

// fireEveryMaster is event.fire_master under salt-call (__cli ==
// "salt-call"): the event goes to every entry of master_uri_list, which
// eval_master fills with every resolvable master of the list, not only the
// one salt-call signed in to; without a list, to master_uri. The result is
// the last send's (salt/modules/event.py fire_master: ret = True after a
// send, False after an exception, for each master in turn). Same in 3006,
// 3007 and 3008.
func fireEveryMaster(ctx context.Context, c callEvent, tag string, data any) bool {
	if len(c.uris) == 0 {
		return c.fire(ctx, c.sess, tag, data)
	}
	ok := false
	for _, u := range c.uris {
		sess := c.sess
		if u.IP != c.sess.IP || u.Port != c.sess.RetPort {
			// INFER: the double signs in to each other master (a ReqChannel
			// per master_uri authenticates against that master).
			s, err := c.auth.SignIn(ctx, u.Host, u.IP, u.Port)
			if err != nil {
				c.log.Warnf("Unable to send event %s to master %s: %v", tag, u.Host, err)
				ok = false
				continue
			}
			sess = s
		}
		ok = c.fire(ctx, sess, tag, data)
	}
	return ok
}

func (c callEvent) fire(ctx context.Context, sess *signin.Session, tag string, data any) bool {
	if err := sess.FireEvent(ctx, c.id, tag, data, c.timeout); err != nil {
		c.log.Warnf("Unable to send event %s to master %s: %v", tag, sess.Host, err)
		return false
	}
	return true
}
