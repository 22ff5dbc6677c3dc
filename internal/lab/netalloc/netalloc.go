// Package netalloc picks a per-run subnet for a lab network. Salt wants each
// master on an address that stays valid while the master is down (a stopped
// container's name stops resolving in Docker's DNS, and Salt's liveness check
// then never fires: salt-semantics §1.9), so topologies give masters static
// addresses. The subnet must not overlap any existing Docker network, so that
// two labs can run side by side.
package netalloc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/netip"

	"github.com/docker/docker/api/types/network"
)

// Pool is the range lab subnets are carved from, one /24 per lab.
const Pool = "172.29.0.0/16"

// Lister is the part of the Docker client netalloc needs.
type Lister interface {
	NetworkList(ctx context.Context, options network.ListOptions) ([]network.Summary, error)
}

// Plan is a lab network's addressing, as compose interpolation variables.
type Plan struct {
	Subnet  netip.Prefix
	Masters []netip.Addr // static master addresses: .11, .12, ...
	Dynamic netip.Prefix // where Docker assigns everything else: the upper /25
}

// Env returns the variables the compose files read.
func (p Plan) Env() map[string]string {
	env := map[string]string{
		"SALTLAB_SUBNET":   p.Subnet.String(),
		"SALTLAB_IP_RANGE": p.Dynamic.String(),
	}
	for i, a := range p.Masters {
		env[fmt.Sprintf("SALTLAB_MASTER_%d_IP", i+1)] = a.String()
	}
	return env
}

// Allocate picks a /24 of Pool that overlaps no existing network: the
// first free one from a random starting point, so that labs started at the
// same moment rarely pick the same one. They still may; the loser's network
// create then fails with Docker's overlap error, and Retry picks again.
func Allocate(ctx context.Context, cli Lister, masters int) (Plan, error) {
	nets, err := cli.NetworkList(ctx, network.ListOptions{})
	if err != nil {
		return Plan{}, fmt.Errorf("list networks: %w", err)
	}
	var used []netip.Prefix
	for _, n := range nets {
		for _, c := range n.IPAM.Config {
			if p, err := netip.ParsePrefix(c.Subnet); err == nil {
				used = append(used, p)
			}
		}
	}
	return pick(used, masters, rand.IntN(256))
}

// pick returns the first free /24 at or after the start-th (wrapping).
func pick(used []netip.Prefix, masters, start int) (Plan, error) {
	pool := netip.MustParsePrefix(Pool)
	base := pool.Addr().As4()
	for i := range 256 {
		third := (start + i) % 256
		cand := netip.PrefixFrom(netip.AddrFrom4([4]byte{base[0], base[1], byte(third), 0}), 24)
		if overlaps(cand, used) {
			continue
		}
		plan := Plan{Subnet: cand, Dynamic: netip.PrefixFrom(netip.AddrFrom4([4]byte{base[0], base[1], byte(third), 128}), 25)}
		for i := 0; i < masters; i++ {
			plan.Masters = append(plan.Masters, netip.AddrFrom4([4]byte{base[0], base[1], byte(third), byte(11 + i)}))
		}
		return plan, nil
	}
	return Plan{}, fmt.Errorf("allocate lab subnet: every /24 of %s overlaps an existing Docker network", Pool)
}

func overlaps(p netip.Prefix, used []netip.Prefix) bool {
	for _, u := range used {
		if p.Overlaps(u) {
			return true
		}
	}
	return false
}
