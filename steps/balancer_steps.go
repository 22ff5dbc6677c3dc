package steps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/scenario"
)

// balancerAvoidsPeer probes every port the master balancer balances, one
// connection after another, right after a fault on peer, and asks the
// avoidance checker whether nginx kept new connections away from the dead
// peer as its own max_fails, fail_timeout and proxy_connect_timeout say.
func balancerAvoidsPeer(ctx context.Context, peer string) error {
	w := worldFrom(ctx)
	peer, err := w.Lab.Roles().ServiceNamed(peer)
	if err != nil {
		return err
	}
	b := w.Lab.Roles().MasterBalancer
	if b == nil {
		return errors.New("probe the master balancer: the topology declares no master_balancer in x-saltlab")
	}
	if _, err := w.Reference("expected the master balancer to keep new connections away from " + peer); err != nil {
		return err
	}
	// Each port's bound runs from the start of its own probes, once the
	// fault step has returned and the peer is dead, not from the fault's
	// first enTry: a docker stop gives the peer its stop_grace_period (5 s)
	// to shut down, and until it exits it still accepts connections
	// (measured on 3008.4: ports refused 2 s into the stop, the container
	// gone after 4.8 s, which alone outran the 5 s bound). nginx's checks
	// are passive and kept per upstream, so each port's balancer learns of
	// the dead peer from its own first probe, not from the previous port's.
	// The first port's reference is the first entry from here on (the
	// nginx -T below, or a probe of the masters running meanwhile); a later
	// port's is the last entry before its probes.
	since := w.History.Next()
	fos, err := w.BalancerFailovers(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for i, port := range b.Ports {
		fo := fos[i]
		target := fmt.Sprintf("%s:%d", b.Service, port)
		wait := int((time.Duration(len(w.Lab.Roles().Masters))*fo.ConnectTimeout + scenario.ProbeSlack).Seconds())
		if i > 0 {
			since = w.History.Next() - 1
		}
		for n := 0; n < fo.MaxFails+scenario.ProbesBeyond; n++ {
			w.ProbeBalancer(ctx, b.Service, port, peer, wait)
		}
		errs = append(errs, w.Judge(checker.NameAvoidance, checker.AvoidanceParams{Since: since, F: scenario.ProbeOp, MaxFails: fo.MaxFails, FailTimeout: fo.FailTimeout,
			Bounds: map[string]checker.Bound{target: scenario.AvoidanceBound(fo)}}, "master balancer avoids "+peer, false))
	}
	return errors.Join(errs...)
}
