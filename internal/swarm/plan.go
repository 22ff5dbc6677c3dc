package swarm

import (
	"sort"
	"strings"
)

// Holding is what one node holds of the images a load wants: each wanted
// tag it has, with the image id the tag names there.
type Holding struct {
	Node string
	IDs  map[string]string // tag -> image id on the node
	// Has holds each wanted image id the node has under any tag.
	Has map[string]bool
}

// Batch is one save on the host and its load into some nodes: the tags
// every one of those nodes lacks (or holds as another image).
type Batch struct {
	Refs  []string
	Nodes []string
}

// LoadPlan is what a load does: its batches; per node the tags it skips
// because the node already holds the host's image under them, and the
// tags it only sets because the node holds the image under another tag.
type LoadPlan struct {
	Batches []Batch
	Skipped map[string][]string
	Tag     map[string][]string
}

// PlanLoad plans loading want (tag -> the host's image id) into nodes: a
// node whose tag names the host's id already skips it, one that holds
// that id under another tag is only tagged; the rest are grouped by the
// set of tags each node needs, so nodes that need the same share one
// save. Batches come in order of their first node.
func PlanLoad(want map[string]string, nodes []Holding) LoadPlan {
	refs := sortedRefs(want)
	plan := LoadPlan{Skipped: map[string][]string{}, Tag: map[string][]string{}}
	index := map[string]int{} // the joined tags of a batch -> its place
	for _, n := range nodes {
		var need []string
		for _, r := range refs {
			if n.IDs[r] == want[r] {
				plan.Skipped[n.Node] = append(plan.Skipped[n.Node], r)
				continue
			}
			if n.Has[want[r]] {
				plan.Tag[n.Node] = append(plan.Tag[n.Node], r)
				continue
			}
			need = append(need, r)
		}
		if len(need) == 0 {
			continue
		}
		key := strings.Join(need, "\n")
		i, ok := index[key]
		if !ok {
			i = len(plan.Batches)
			index[key] = i
			plan.Batches = append(plan.Batches, Batch{Refs: need})
		}
		plan.Batches[i].Nodes = append(plan.Batches[i].Nodes, n.Node)
	}
	return plan
}

// Mismatches names, for each node, the wanted tags it does not hold as
// the host's image after a load ("" when every node holds them all).
func Mismatches(want map[string]string, nodes []Holding) string {
	var bad []string
	for _, n := range nodes {
		var refs []string
		for r, id := range want {
			switch got := n.IDs[r]; got {
			case id:
			case "":
				refs = append(refs, r+" (missing)")
			default:
				refs = append(refs, r+" (image "+shortID(got)+", the host's is "+shortID(id)+")")
			}
		}
		sort.Strings(refs)
		if len(refs) > 0 {
			bad = append(bad, n.Node+": "+strings.Join(refs, ", "))
		}
	}
	return strings.Join(bad, "; ")
}
