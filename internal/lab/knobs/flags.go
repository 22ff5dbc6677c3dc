package knobs

import (
	"flag"
	"fmt"

	"github.com/saltlab/saltlab/internal/usage/valid"
)

// Register adds the knobs' flags to fs (`saltlab run` and `up` share
// them), each bounded by the limits this package holds; their values are
// kept as typed here and checked by Parse.
func (in *Inputs) Register(fs *flag.FlagSet) {
	valid.IntFlag(fs, &in.Minions, "minions", 1, MaxMinions, fmt.Sprintf("want 1 to %d, or leave it out for the topology's own minions", MaxMinions),
		fmt.Sprintf("number of minions (1-%d), cloned from the topology's salt-minion-1, one per container up to %d and %d per container beyond, as many as this machine's memory holds (default: the topology's own)", MaxMinions, MaxContainers, SwarmSize))
	valid.IntFlag(fs, &in.MinionsPerContainer, "minions-per-container", 1, SwarmSize, fmt.Sprintf("want 1 (a container each) to %d, or leave it out for the default layout", SwarmSize),
		fmt.Sprintf("with --minions: at most this many minions share a container (1-%d; default 1 up to %d minions and %d beyond); more than 1 runs swarms, which run only @scale scenarios", SwarmSize, MaxContainers, SwarmSize))
	fs.BoolVar(&in.KeepFleetKeys, "keep-fleet-keys", false, fmt.Sprintf("with a fleet in swarms (--minions beyond %d, or --minions-per-container 2 or more): keep the fleet's minion keys in the volume %s for the next fleet (it outlives the run; saltlab down --all removes it)", MaxContainers, SwarmKeysVolume))
	fs.Func("set", "Salt option override KEY=VALUE, e.g. minion.master_alive_interval=5 or master.timeout=10 (repeatable)", func(v string) error {
		in.Sets = append(in.Sets, v)
		return nil
	})
	fs.StringVar(&in.States, "states", "", "directory mounted read-only as the masters' /srv/salt; it needs a top.sls (default for the built-in topologies, without --pillar too: the checkout's examples/states)")
	fs.StringVar(&in.Pillar, "pillar", "", "directory mounted read-only as the masters' /srv/pillar (default for the built-in topologies, without --states too: the checkout's examples/pillar)")
	fs.StringVar(&in.MasterConfig, "master-config", "", "directory of master.d/*.conf drop-ins, read after the topology's own")
	fs.StringVar(&in.MinionConfig, "minion-config", "", "directory of minion.d/*.conf drop-ins, read after the topology's own")
}
