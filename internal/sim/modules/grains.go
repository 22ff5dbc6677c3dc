package modules

import (
	"context"
	"net"
	"os"
	"sort"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// Grains builds the grains the double reports. os/osrelease describe the
// lab's Debian bookworm images; static `grains` from the config win.
func Grains(id string, static map[string]any) *jsonout.Map {
	host, _ := os.Hostname()
	fqdn := host
	if cname, err := net.LookupCNAME(host); err == nil && cname != "" {
		fqdn = trimDot(cname)
	}
	g := jsonout.NewMap().
		Set("id", id).
		Set("host", host).
		Set("fqdn", fqdn).
		Set("nodename", host).
		Set("kernel", "Linux").
		Set("os", "Debian").
		Set("os_family", "Debian").
		Set("osrelease", "12").
		Set("osmajorrelease", 12).
		Set("oscodename", "bookworm").
		Set("ipv4", ipv4s()).
		Set("saltversion", simver.SaltVersion).
		Set("saltsim", simver.SimVersion)
	keys := make([]string, 0, len(static))
	for k := range static {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		g.Set(k, static[k])
	}
	return g
}

func trimDot(s string) string {
	if len(s) > 0 && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}

func ipv4s() []string {
	out := []string{}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil {
			out = append(out, n.IP.String())
		}
	}
	sort.Strings(out)
	return out
}

func sortStrings(s []string) { sort.Strings(s) }

func grainsItems(_ context.Context, env Env, _ []any) Result {
	if env.Grains == nil {
		return Result{Return: jsonout.NewMap()}
	}
	return Result{Return: env.Grains}
}

// grainsItem returns the requested grains; a missing grain is "" (Salt).
func grainsItem(_ context.Context, env Env, args []any) Result {
	out := jsonout.NewMap()
	for i := range args {
		k, _ := argString(args, i)
		v := any("")
		if env.Grains != nil {
			if g, ok := env.Grains.Get(k); ok {
				v = g
			}
		}
		out.Set(k, v)
	}
	return Result{Return: out}
}

func grainsGet(_ context.Context, env Env, args []any) Result {
	k, _ := argString(args, 0)
	if env.Grains != nil {
		if v, ok := lookupMap(env.Grains, k); ok {
			return Result{Return: v}
		}
	}
	return Result{Return: ""}
}
