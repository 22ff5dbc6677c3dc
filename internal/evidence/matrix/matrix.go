// Package matrix tabulates finished runs by Salt release and topology:
// `make matrix` runs every built-in topology's default selection on the
// newest 3006, 3007 and 3008 releases, and `saltlab matrix` turns their
// summary.json files into records, adds them to the committed ledger
// (docs/release-matrix.json) and renders docs/release-matrix.md from every
// record there. The table is derived from the runs' records and nothing
// else, and it keeps the cells of runs whose folders are gone.
package matrix

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

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
	version saltver.Version
	parsed  bool
}

// Matrix is the table and what it was measured from.
type Matrix struct {
	Releases   []Release
	Topologies []string
	Cells      map[string]map[string]Cell // release label -> topology -> cell
	Runs       []Record                   // the runs the cells come from, oldest first
	Hosts      []string
	Engines    []string
	First      time.Time // earliest start of a run used
	Last       time.Time // latest start of a run used
	// Ledger names the file the records came from in the header, as a
	// link relative to the table; empty when the table was rendered from
	// run folders alone.
	Ledger string
}

// Build tabulates runs. When two runs cover the same release and
// topology, the one that started later wins (ties: the greater run id):
// re-running a cell is how `make matrix` refreshes it, and the runs it
// replaced stay in the ledger untouched.
func Build(runs []Record) Matrix {
	newest := map[[2]string]Record{}
	releases := map[string]Release{}
	for _, r := range runs {
		rel := ReleaseOf(r)
		k := [2]string{rel.Label, r.Topology}
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
		if r.Host != "" {
			hosts[r.Host] = true
		}
		if r.Engine != "" {
			engines[r.Engine] = true
		}
		if m.First.IsZero() || r.Started.Before(m.First) {
			m.First = r.Started
		}
		if r.Started.After(m.Last) {
			m.Last = r.Started
		}
	}
	for _, rel := range releases {
		m.Releases = append(m.Releases, rel)
	}
	slices.SortFunc(m.Releases, compareReleases)
	m.Topologies = slices.Sorted(maps.Keys(topos))
	m.Hosts, m.Engines = slices.Sorted(maps.Keys(hosts)), slices.Sorted(maps.Keys(engines))
	slices.SortFunc(m.Runs, compareRuns)
	return m
}

// compareRuns orders runs by start, then run id: the Runs list's order,
// and the ledger's.
func compareRuns(a, b Record) int {
	return cmp.Or(a.Started.Compare(b.Started), strings.Compare(a.ID, b.ID))
}

func newer(a, b Record) bool { return compareRuns(a, b) > 0 }

func cellOf(r Record) Cell {
	return Cell{Run: r.ID, Passed: r.Counts.Passed, Total: r.Counts.Total,
		BringUp: durationOf(r.BringUp), Suite: durationOf(r.Suite), Error: r.Error}
}

// ReleaseOf names a run's row from its record's release. A run on the
// double is labelled as the double, so its row can never be read as a
// real release.
func ReleaseOf(r Record) Release {
	var rel Release
	if v, err := saltver.Parse(r.Release); err == nil {
		rel.version, rel.parsed = v, true
	}
	num := "version unknown"
	if rel.parsed {
		num = rel.version.String()
	}
	rel.Label = num
	if r.Flavor != FlavorReal {
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
