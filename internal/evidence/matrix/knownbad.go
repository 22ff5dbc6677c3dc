package matrix

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// KnownBad says whether a built-in topology carries a known-bad setting on
// purpose on release rel, and which: the general scenarios its roles allow
// fail there, diagnosed (TestKnownBadSettingIsDiagnosed), so its suite is
// red by design and a red cell is the expected result. A function, not a
// map, so no caller can change the list.
//
// failover-dns is a trap only where a minion's alive check is its one
// detector of a lost master: from saltcfg.MonitorSince (3007.15) the
// minion's ZeroMQ monitor leaves a master that closed its connections,
// name or no name, and the general scenarios pass (real 3008.4, measured
// 2026-11-27). A row of the double counts as its default line, 3006.
func KnownBad(topology string, rel Release) (reason string, bad bool) {
	switch topology {
	case "failover-dns":
		if rel.parsed && !rel.Sim && rel.version.AtLeast(saltcfg.MonitorSince()) {
			return "", false
		}
		return fmt.Sprintf("minions address masters by container name in failover mode, a trap before Salt %s", saltcfg.MonitorSince()), true
	case "ai-infra-matrix":
		return "minions list both masters on one host, by publish port", true
	}
	return "", false
}
