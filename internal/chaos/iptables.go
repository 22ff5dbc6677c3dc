package chaos

import (
	"fmt"
	"github.com/saltlab/saltlab/internal/shell"
	"strconv"
	"strings"
)

// chainPrefix names every chain of a run: "SALTLAB-<last 6 of run id>-".
// A fault's chains append its token and I/O/N (INPUT, OUTPUT, nat), e.g.
// SALTLAB-a1b2c3-9f3aI: 20 characters, under iptables' 28.
func chainPrefix(runID string) string { return "SALTLAB-" + shortRun(runID) + "-" }

// ruleSet is the iptables rules of one fault, by base chain. Rules are
// iptables arguments after "-A <chain>".
type ruleSet struct {
	Input  []string // filter INPUT: what reaches the target
	Output []string // filter OUTPUT: what the target sends
	// NatPre and NatOut are nat PREROUTING and OUTPUT rules (latency).
	NatPre []string
	NatOut []string
}

// applyScript creates the fault's own chains, fills them and jumps to them
// first from the base chains. Rules match without conntrack state, so
// established flows are cut as well as new ones.
func applyScript(base string, rs ruleSet) string {
	var b strings.Builder
	b.WriteString("set -e\n")
	add := func(table, chain, from string, rules []string) {
		if len(rules) == 0 {
			return
		}
		t, c := shell.Quote(table), shell.Quote(chain)
		fmt.Fprintf(&b, "iptables -w -t %s -N %s\n", t, c)
		for _, r := range rules {
			// A rule is iptables words; each reaches iptables as one argument.
			fmt.Fprintf(&b, "iptables -w -t %s -A %s %s\n", t, c, shell.Words(strings.Fields(r)))
		}
		fmt.Fprintf(&b, "iptables -w -t %s -I %s 1 -j %s\n", t, shell.Quote(from), c)
	}
	add("filter", base+"I", "INPUT", rs.Input)
	add("filter", base+"O", "OUTPUT", rs.Output)
	add("nat", base+"P", "PREROUTING", rs.NatPre)
	add("nat", base+"N", "OUTPUT", rs.NatOut)
	return b.String()
}

// removeScript deletes every chain whose name starts with prefix, and the
// jumps to it, in the filter and nat tables: one fault's chains (prefix
// ends with its token) or a whole run's (chainPrefix). Rules saltlab did not
// add are never touched. Running it twice is harmless.
func removeScript(prefix string) string {
	// The prefix is letters, digits and dashes (chainPrefix), nothing sed
	// reads as a pattern.
	return fmt.Sprintf(`set -e
prefix=%s
for t in filter nat; do
  for c in $(iptables-save -t "$t" 2>/dev/null | sed -n "s/^:\\($prefix[^ ]*\\) .*/\\1/p"); do
    for b in INPUT OUTPUT PREROUTING; do
      while iptables -w -t "$t" -D "$b" -j "$c" 2>/dev/null; do :; done
    done
    iptables -w -t "$t" -F "$c"
    iptables -w -t "$t" -X "$c"
  done
done
`, shell.Quote(prefix))
}

// dnsHexString is a DNS name in wire format without the root label, as
// iptables' string match wants it: salt-master-1 -> |0d|salt-master-1.
func dnsHexString(name string) string {
	var b strings.Builder
	for _, label := range strings.Split(strings.TrimSuffix(name, "."), ".") {
		fmt.Fprintf(&b, "|%02x|%s", len(label), label)
	}
	return b.String()
}

// portList renders ports for -m multiport.
func portList(ports []int) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ",")
}
