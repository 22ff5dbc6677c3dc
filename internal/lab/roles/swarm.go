package roles

import (
	"fmt"
	"sort"
)

// MaxSwarm is the most minions one swarm service runs: their ids carry a
// three-digit number (SwarmID).
const MaxSwarm = 999

// SwarmIDPattern is the fmt pattern of the ids of the minions a swarm
// service runs (one %d verb, numbered from 1): salt-minion-3 runs
// salt-minion-3-001, salt-minion-3-002, ... The one place that names them:
// the lab passes it to the minion process, the steps expand it.
func SwarmIDPattern(service string) string { return service + "-%03d" }

// SwarmID is the id of the i-th minion (from 1) of a swarm service.
func SwarmID(service string, i int) string { return fmt.Sprintf(SwarmIDPattern(service), i) }

// MinionIDs are the ids of every minion the lab runs, sorted: the minion
// services' names (a minion's id is its service name), or for a swarm
// service the ids of the minions it runs.
func (r Roles) MinionIDs() []string {
	var out []string
	for _, m := range r.Minions {
		out = append(out, r.IDsOf(m)...)
	}
	sort.Strings(out)
	return out
}

// IDsOf are the ids of the minions service runs: its own name, or its
// swarm's ids.
func (r Roles) IDsOf(service string) []string {
	n, ok := r.Swarm[service]
	if !ok {
		return []string{service}
	}
	out := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		out = append(out, SwarmID(service, i))
	}
	return out
}
