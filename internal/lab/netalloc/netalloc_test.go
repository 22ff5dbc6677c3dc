package netalloc

import (
	"context"
	"net/netip"
	"testing"

	"github.com/docker/docker/api/types/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type fakeLister []network.Summary

func (f fakeLister) NetworkList(context.Context, network.ListOptions) ([]network.Summary, error) {
	return f, nil
}

func netWith(subnets ...string) network.Summary {
	var s network.Summary
	for _, sn := range subnets {
		s.IPAM.Config = append(s.IPAM.Config, network.IPAMConfig{Subnet: sn})
	}
	return s
}

func TestAllocate(t *testing.T) {
	tests := []struct {
		name   string
		nets   fakeLister
		start  int
		subnet string
	}{
		{"empty engine", nil, 0, "172.29.0.0/24"},
		{"starts at start", nil, 7, "172.29.7.0/24"},
		{"wraps around", fakeLister{netWith("172.29.255.0/24")}, 255, "172.29.0.0/24"},
		{"skips used /24s", fakeLister{netWith("172.29.0.0/24"), netWith("172.29.1.0/24")}, 0, "172.29.2.0/24"},
		{"unrelated networks do not matter", fakeLister{netWith("172.17.0.0/16")}, 0, "172.29.0.0/24"},
		{"ignores ipv6 and junk", fakeLister{netWith("fd00::/64", "nonsense")}, 0, "172.29.0.0/24"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			used, err := tc.nets.NetworkList(context.Background(), network.ListOptions{})
			require.NoError(t, err)
			var prefixes []netip.Prefix
			for _, n := range used {
				for _, c := range n.IPAM.Config {
					if p, err := netip.ParsePrefix(c.Subnet); err == nil {
						prefixes = append(prefixes, p)
					}
				}
			}
			p, err := pick(prefixes, 2, tc.start)
			require.NoError(t, err)
			assert.Equal(t, tc.subnet, p.Subnet.String())
			env := p.Env()
			assert.Equal(t, tc.subnet, env["SALTLAB_SUBNET"])
			assert.True(t, p.Subnet.Contains(netip.MustParseAddr(env["SALTLAB_MASTER_2_IP"])))
			assert.False(t, p.Dynamic.Contains(p.Masters[0]), "static master addresses are outside Docker's dynamic range")
		})
	}
	_, err := Allocate(context.Background(), fakeLister{netWith("172.29.0.0/16")}, 2)
	assert.ErrorContains(t, err, "overlaps an existing Docker network")
}
