package board

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/run/status"
)

// LabStatus is the lab's own answer (saltlab status's probes), asked at
// most every LabInterval while someone watches the board.
type LabStatus struct {
	Report status.Report
	At     time.Time
	Err    string
}

// LabMap is the lab as the board draws it: masters up or down, which
// master serves each minion, and salt-api through the balancer.
type LabMap struct {
	// Source says where the map comes from: "lab" (the lab's own answer
	// at At) or "probes" (the drill's latest probes and open faults).
	Source  string       `json:"source"`
	At      *time.Time   `json:"at,omitempty"`
	Note    string       `json:"note,omitempty"`
	Masters []NodeView   `json:"masters"`
	Minions []MinionView `json:"minions"`
	API     NodeView     `json:"api"`
}

// NodeView is a master (or the API) and its state: up, down or unknown.
type NodeView struct {
	Service string   `json:"service"`
	State   string   `json:"state"`
	Why     string   `json:"why"`
	Faults  []string `json:"faults,omitempty"`
}

// MinionView is a minion and the masters it is served by.
type MinionView struct {
	Service string `json:"service"`
	// State is served, unserved (the lab says: no master), or unknown
	// (no probe of the drill reached it).
	State    string   `json:"state"`
	ServedBy []string `json:"served_by"`
	Why      string   `json:"why"`
}

// buildMap draws the lab from its own answer when there is one, else
// from the drill's probes; open fault windows are marked either way.
func buildMap(d *spec.Drill, p *state.Progress, h []history.Entry, probes map[string]history.Entry, lab *LabStatus) LabMap {
	open := openFaults(h)
	if lab != nil && lab.Err == "" {
		m := fromLab(lab)
		for i := range m.Masters {
			m.Masters[i].Faults = open[m.Masters[i].Service]
		}
		m.API.Faults = apiFaults(open)
		return m
	}
	m := fromProbes(d, p, probes)
	for i := range m.Masters {
		m.Masters[i].Faults = open[m.Masters[i].Service]
	}
	m.API.Faults = apiFaults(open)
	if lab != nil {
		m.Note = "the lab did not answer: " + lab.Err
	}
	return m
}

func fromLab(l *LabStatus) LabMap {
	at := l.At
	m := LabMap{Source: "lab", At: &at, Masters: []NodeView{}, Minions: []MinionView{}, API: NodeView{Service: "salt-api", State: "unknown", Why: "no API check"}}
	for _, r := range l.Report.Masters {
		st := map[string]string{status.AnswersYes: "up", status.AnswersNo: "down"}[r.Answers]
		m.Masters = append(m.Masters, NodeView{Service: r.Service, State: cmpOr(st, "unknown"), Why: r.AnswersDetail})
	}
	for _, r := range l.Report.Minions {
		why := "publish connections (port 4505)"
		if r.Error != "" {
			why = r.Error
		}
		st := "served"
		if len(r.ConnectedTo) == 0 {
			st = cmpOr(map[bool]string{true: "unknown"}[r.Error != ""], "unserved")
		}
		m.Minions = append(m.Minions, MinionView{Service: r.Service, State: st, ServedBy: append([]string{}, r.ConnectedTo...), Why: why})
	}
	for _, c := range l.Report.Checks {
		st := map[string]string{status.StatusOK: "up", status.StatusFailed: "down"}[c.Status]
		m.API = NodeView{Service: c.Name, State: cmpOr(st, "unknown"), Why: c.Detail}
	}
	return m
}

// fromProbes reads the drill's latest probes: a master is down when its
// ping or its salt-master process probe failed, up when they passed; a
// minion is served by the masters whose latest ping reached it; salt-api
// is judged by a probe of the salt-api program. Masters and minions are
// the lab's services by their names (the lab's roles come with its own
// answer).
func fromProbes(d *spec.Drill, p *state.Progress, probes map[string]history.Entry) LabMap {
	m := LabMap{Source: "probes", Masters: []NodeView{}, Minions: []MinionView{}, API: NodeView{Service: "salt-api", State: "unknown", Why: "not probed by this drill"}}
	served := map[string][]string{}
	for _, sv := range p.Services {
		if !strings.Contains(sv, "master") {
			continue
		}
		n := NodeView{Service: sv, State: "unknown", Why: "not probed by this drill"}
		for _, t := range d.Tasks {
			e, ok := probes[t.ID]
			if !ok {
				continue
			}
			pr := t.Probe
			switch {
			case pr.Ping != nil && pr.Ping.Master == sv:
				if e.Type == history.OK {
					for _, mn := range pr.Ping.Minions {
						served[mn] = append(served[mn], sv)
					}
				}
			case pr.Process != nil && pr.Process.Service == sv && pr.Process.Program == "salt-master":
			default:
				continue
			}
			st, why := verdictOf(e)
			switch {
			case st == string(state.NotMet):
				n.State, n.Why = "down", why
			case st == string(state.Met) && n.State != "down":
				n.State, n.Why = "up", why
			}
		}
		m.Masters = append(m.Masters, n)
	}
	for _, sv := range p.Services {
		if strings.Contains(sv, "minion") {
			by := served[sv]
			slices.Sort(by)
			st := "served"
			if len(by) == 0 {
				st = "unknown"
			}
			m.Minions = append(m.Minions, MinionView{Service: sv, State: st, ServedBy: append([]string{}, slices.Compact(by)...), Why: "masters whose latest ping reached it"})
		}
	}
	for _, t := range d.Tasks {
		if pr := t.Probe.Process; pr != nil && pr.Program == "salt-api" {
			if e, ok := probes[t.ID]; ok {
				st, why := verdictOf(e)
				m.API.State = map[string]string{string(state.Met): "up", string(state.NotMet): "down"}[st]
				m.API.State, m.API.Why = cmpOr(m.API.State, "unknown"), fmt.Sprintf("salt-api on %s: %s", pr.Service, why)
			}
		}
	}
	return m
}

// openFaults are the fault windows still open, by target service.
func openFaults(h []history.Entry) map[string][]string {
	out := map[string][]string{}
	for _, w := range history.FaultWindows(h) {
		if !w.End.IsZero() {
			continue
		}
		what := string(w.Kind)
		if w.Program != "" {
			what += " (" + w.Program + ")"
		}
		for _, t := range strings.Split(w.Target, ",") {
			out[t] = append(out[t], what)
		}
	}
	return out
}

// apiFaults are the open faults on salt-api processes, wherever they run.
func apiFaults(open map[string][]string) []string {
	var out []string
	for t, fs := range open {
		for _, f := range fs {
			if strings.Contains(f, "salt-api") || strings.HasPrefix(t, "nginx") {
				out = append(out, t+": "+f)
			}
		}
	}
	slices.Sort(out)
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// LabInterval is how often the board asks a drill's lab for its status
// while the page is open: each answer is several commands in the lab's
// containers, so not every second on a small machine.
const LabInterval = 15 * time.Second
