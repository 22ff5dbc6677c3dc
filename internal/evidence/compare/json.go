package compare

import (
	"encoding/json"
	"fmt"
	"io"
)

// Row categories as the JSON output names them.
const (
	CategoryAgree       = "agree"
	CategoryExplained   = "explained"
	CategoryEngine      = "explained-by-engine"
	CategoryUnexplained = "unexplained"
)

// Category is what a status or check row comes to: agree, explained (the
// table's Salt source), explained-by-engine, or unexplained; "" for times
// and measurements, which are measured, not judged.
func (r Row) Category() string {
	switch {
	case r.Kind != KindStatus && r.Kind != KindCheck:
		return ""
	case !r.Differs():
		return CategoryAgree
	case r.Explained():
		return CategoryExplained
	case r.ExplainedByEngine():
		return CategoryEngine
	}
	return CategoryUnexplained
}

type jsonRun struct {
	ID       string `json:"id"`
	Flavor   string `json:"flavor"`
	Version  string `json:"version"`
	Topology string `json:"topology"`
	Engine   string `json:"engine"` // "" when the run recorded none
}

type jsonSide struct {
	Present bool   `json:"present"`
	Value   string `json:"value,omitempty"`
}

type jsonRow struct {
	Feature    string   `json:"feature"`
	Scenario   string   `json:"scenario"`
	Kind       string   `json:"kind"` // status or check
	Check      string   `json:"check,omitempty"`
	Step       string   `json:"step,omitempty"`
	Occurrence int      `json:"occurrence,omitempty"`
	A          jsonSide `json:"a"`
	B          jsonSide `json:"b"`
	Category   string   `json:"category"`
	// Why is the Salt source (explained) or the engine's reason
	// (explained-by-engine); empty otherwise.
	Why string `json:"why,omitempty"`
}

type jsonCounts struct {
	Scenarios         int `json:"scenarios"`
	Checks            int `json:"checks"`
	Agree             int `json:"agree"`
	Differ            int `json:"differ"`
	Explained         int `json:"explained"`
	ExplainedByEngine int `json:"explained_by_engine"`
	Unexplained       int `json:"unexplained"`
}

type jsonResult struct {
	A      jsonRun    `json:"a"`
	B      jsonRun    `json:"b"`
	Rows   []jsonRow  `json:"rows"`
	Counts jsonCounts `json:"counts"`
}

// WriteJSON writes the judged rows (statuses and checks, each with its
// category and why) and the counts, for tools; times and measurements
// are the text's.
func WriteJSON(w io.Writer, res Result) error {
	run := func(r Result, a bool) jsonRun {
		rn, engine := r.B, r.EngineB
		if a {
			rn, engine = r.A, r.EngineA
		}
		return jsonRun{ID: rn.ID, Flavor: rn.Flavor.Name, Version: rn.Flavor.Version, Topology: rn.Topology, Engine: engine}
	}
	out := jsonResult{A: run(res, true), B: run(res, false), Rows: []jsonRow{}}
	for _, r := range res.Rows {
		cat := r.Category()
		if cat == "" {
			continue
		}
		jr := jsonRow{Feature: r.Feature, Scenario: r.Scenario, Kind: "status", Step: r.Step, Occurrence: r.Occurrence,
			A: jsonSide{r.A.Present, r.A.Value}, B: jsonSide{r.B.Present, r.B.Value}, Category: cat}
		if r.Kind == KindCheck {
			jr.Kind, jr.Check = "check", r.Item
		}
		switch cat {
		case CategoryExplained:
			jr.Why = r.Source
		case CategoryEngine:
			jr.Why = r.EngineReason
		}
		out.Rows = append(out.Rows, jr)
	}
	c := res.Count()
	out.Counts = jsonCounts{c.Scenarios, c.Checks, c.Agree, c.Differ, c.Explained, c.Engine, c.Unexplained()}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("write comparison: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write comparison: %w", err)
	}
	return nil
}
