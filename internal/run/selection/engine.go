package selection

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/compare"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/scenario/features"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/steps"
)

// SwarmTag marks a scenario that needs a lab deployed on a Docker Swarm
// (its faults take whole nodes away: node-pause); a lab on Docker Compose
// runs on one engine, has no nodes, and leaves it out, saying so.
const SwarmTag = "@swarm"

// DirectAPITag marks a scenario whose client reaches a master's salt-api
// at the master's own address from this host: a lab on Swarm keeps that
// address inside the swarm's overlay network, and a host route to it
// would carry the request, with the run's salt-api password, elsewhere.
const DirectAPITag = "@direct-master-api"

// engineLimit is what a lab on one engine cannot serve: the tag it
// leaves out, and what to say when that leaves nothing and when it
// leaves some out.
type engineLimit struct{ tag, noneLeft, said string }

// engineLimits are each engine's: on compose the scenarios that take
// swarm nodes away, on Swarm those that reach a master's own address.
var engineLimits = map[string]engineLimit{
	compare.EngineCompose: {SwarmTag,
		"every selected scenario is tagged " + SwarmTag + " and takes swarm nodes away, which a lab on Docker Compose has not: run it with --engine swarm",
		"tagged " + SwarmTag + " take swarm nodes away and run only on a lab deployed on a swarm (--engine swarm)"},
	compare.EngineSwarm: {DirectAPITag,
		"every selected scenario is tagged " + DirectAPITag + " and reaches a master's salt-api at its own address, which a lab on Swarm keeps inside the swarm",
		"tagged " + DirectAPITag + " reach a master's salt-api at its own address, which a lab on Swarm keeps inside the swarm's overlay network (docs/swarm.md)"},
}

// NarrowToEngine leaves out what a lab on engine ("compose", or "" for
// it, or "swarm") cannot serve and names it.
func (s Selector) NarrowToEngine(sel tagexpr.Expr, rows []report.Row, engine string) (tagexpr.Expr, []report.Row, error) {
	if engine == "" {
		engine = compare.EngineCompose
	}
	lim, ok := engineLimits[engine]
	if !ok {
		return sel, rows, fmt.Errorf("narrow the scenarios to engine %q: want compose or swarm", engine)
	}
	not, err := tagexpr.Parse("not " + lim.tag)
	if err != nil {
		return sel, rows, fmt.Errorf("build the scenario selection: %w", err)
	}
	narrowed := tagexpr.And(sel, not)
	kept, err := s.leaveOut(rows, narrowed, lim.noneLeft, lim.said)
	if err != nil {
		return sel, rows, err
	}
	return narrowed, kept, nil
}

// EngineLeavesOut is the tag a run on engine ("" is compose) left out of
// its selection and why, as NarrowToEngine said it; false for an engine it
// does not know. saltlab compare blames a scenario's absence on it.
func EngineLeavesOut(engine string) (tag, why string, ok bool) {
	if engine == "" {
		engine = compare.EngineCompose
	}
	lim, ok := engineLimits[engine]
	return lim.tag, lim.said, ok
}

// CompareLimits is what saltlab compare needs of the engines: the tag
// each leaves out and the scenarios' tags, read from the feature files
// under paths only when two runs' engines differ.
func CompareLimits(paths []string) compare.EngineLimits {
	return compare.EngineLimits{
		LeavesOut: EngineLeavesOut,
		Tags: func() (map[[2]string][]string, error) {
			tags, err := ScenarioTags(paths)
			if err != nil {
				return nil, usage.Errorf("compare: the runs' engines differ, and what an engine leaves out is told by the scenarios' tags: %w (pass --root at the saltlab checkout)", err)
			}
			return tags, nil
		},
	}
}

// ScenarioTags reads the feature files under paths and gives each
// scenario's tags (with their "@", the feature's and rule's included) by
// feature and row name, as the reports name them.
func ScenarioTags(paths []string) (map[[2]string][]string, error) {
	all, err := features.Check(paths, steps.Phrases())
	if err != nil {
		return nil, fmt.Errorf("read the scenarios' tags: %w", err)
	}
	out := make(map[[2]string][]string, len(all))
	for _, sc := range all {
		out[[2]string{sc.Feature, sc.Row}] = sc.Tags
	}
	return out, nil
}
