// Package matrix tabulates finished runs by Salt release and topology:
// `make matrix` runs every built-in topology's default selection on the
// newest 3006, 3007 and 3008 releases, and `saltlab matrix` turns their
// summary.json files into docs/release-matrix.md. It reads summaries
// only, so the table is derived from the runs and nothing else.
package matrix

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images/saltdist"
)

// Run is one finished run: the id it is listed under and its summary.
type Run struct {
	ID      string
	Summary report.Summary
}

// Cell is one release's result on one topology.
type Cell struct {
	Run     string // the run id the cell comes from
	Passed  int
	Total   int
	BringUp time.Duration // 0: the run predates run.bringup_ns
	// Suite is the scenarios' wall times summed, as godog measured them:
	// the time spent testing, without image builds, bring-up or teardown.
	Suite time.Duration
	Error string // what failed outside the scenarios, if anything
}

// Release is one row: a Salt release, or the double standing in for one.
type Release struct {
	Label   string // "3008.4", or "3006.9 on the Salt double (sim, not real Salt)"
	Sim     bool
	version saltdist.Version
	parsed  bool
}

// Matrix is the table and what it was measured from.
type Matrix struct {
	Releases   []Release
	Topologies []string
	Cells      map[string]map[string]Cell // release label -> topology -> cell
	Runs       []Run                      // the runs the cells come from, oldest first
	Hosts      []string
	Engines    []string
	First      time.Time // earliest start of a run used
	Last       time.Time // latest start of a run used
}

// Build tabulates runs. When two runs cover the same release and
// topology, the one that started later wins (ties: the greater run id):
// re-running a cell is how `make matrix` refreshes it, and the runs it
// replaced stay in their folders untouched.
func Build(runs []Run) Matrix {
	newest := map[[2]string]Run{}
	releases := map[string]Release{}
	for _, r := range runs {
		rel := releaseOf(r.Summary.Run.Flavor)
		k := [2]string{rel.Label, r.Summary.Run.Topology}
		if old, ok := newest[k]; ok && !newer(r, old) {
			continue
		}
		newest[k] = r
		releases[rel.Label] = rel
	}
	m := Matrix{Cells: map[string]map[string]Cell{}}
	topos := map[string]bool{}
	hosts, engines := map[string]bool{}, map[string]bool{}
	for k, r := range newest {
		if m.Cells[k[0]] == nil {
			m.Cells[k[0]] = map[string]Cell{}
		}
		m.Cells[k[0]][k[1]] = cellOf(r)
		topos[k[1]] = true
		m.Runs = append(m.Runs, r)
		run := r.Summary.Run
		if run.Host != "" {
			hosts[run.Host] = true
		}
		if run.Engine != "" {
			engines[run.Engine] = true
		}
		if m.First.IsZero() || run.Started.Before(m.First) {
			m.First = run.Started
		}
		if run.Started.After(m.Last) {
			m.Last = run.Started
		}
	}
	for _, rel := range releases {
		m.Releases = append(m.Releases, rel)
	}
	slices.SortFunc(m.Releases, compareReleases)
	m.Topologies = slices.Sorted(maps.Keys(topos))
	m.Hosts, m.Engines = slices.Sorted(maps.Keys(hosts)), slices.Sorted(maps.Keys(engines))
	slices.SortFunc(m.Runs, func(a, b Run) int {
		return cmp.Or(a.Summary.Run.Started.Compare(b.Summary.Run.Started), strings.Compare(a.ID, b.ID))
	})
	return m
}

func newer(a, b Run) bool {
	if c := a.Summary.Run.Started.Compare(b.Summary.Run.Started); c != 0 {
		return c > 0
	}
	return a.ID > b.ID
}

func cellOf(r Run) Cell {
	s := r.Summary
	c := Cell{Run: r.ID, Passed: s.Counts.Passed, Total: s.Counts.Total, BringUp: s.Run.BringUp, Error: s.Error}
	for _, sc := range s.Scenarios {
		if d, err := sc.WallTime(); err == nil {
			c.Suite += d
		}
	}
	return c
}

// releaseOf names a run's row from `salt-call --version` ("salt-call
// 3008.4 (Argon)"). A run on the double is labelled as the double, so its
// row can never be read as a real release.
func releaseOf(f report.Flavor) Release {
	var rel Release
	for _, field := range strings.Fields(f.Version) {
		if v, err := saltdist.ParseVersion(field); err == nil {
			rel.version, rel.parsed = v, true
			break
		}
	}
	num := "version unknown"
	if rel.parsed {
		num = rel.version.String()
	}
	rel.Label = num
	if f.Name != "real" {
		rel.Sim = true
		rel.Label = num + " on the Salt double (sim, not real Salt)"
	}
	return rel
}

// compareReleases orders real releases oldest first, then the double's
// rows, then anything whose version could not be read.
func compareReleases(a, b Release) int {
	if a.Sim != b.Sim {
		if a.Sim {
			return 1
		}
		return -1
	}
	if a.parsed != b.parsed {
		if a.parsed {
			return -1
		}
		return 1
	}
	if c := a.version.Compare(b.version); c != 0 {
		return c
	}
	return strings.Compare(a.Label, b.Label)
}
