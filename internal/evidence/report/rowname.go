package report

import (
	"strings"

	messages "github.com/cucumber/messages/go/v21"
)

// RowName is the name reports and the history give one pickle. A plain
// scenario keeps its name. A Scenario Outline's row gets the example
// values its title does not already carry, "Stopping a master
// (master=salt-master-1, mode=failover)": godog only substitutes the
// title's <placeholders>, so rows of a title without them would all share
// one name (and JUnit would number them "#1", "#2"), and verdicts and
// timelines could not tell them apart. doc is the document p was compiled
// from, with the same ids.
func RowName(doc *messages.GherkinDocument, p *messages.Pickle) string {
	if doc == nil || doc.Feature == nil || len(p.AstNodeIds) < 2 {
		return p.Name
	}
	sc := scenarioByID(doc.Feature.Children, p.AstNodeIds[0])
	if sc == nil {
		return p.Name
	}
	for _, ex := range sc.Examples {
		if ex.TableHeader == nil {
			continue
		}
		for _, row := range ex.TableBody {
			if row.Id == p.AstNodeIds[1] {
				return withValues(sc.Name, p.Name, ex.TableHeader.Cells, row.Cells)
			}
		}
	}
	return p.Name
}

// withValues appends to name the "column=value" pairs whose column the
// title does not name as a placeholder.
func withValues(title, name string, head, cells []*messages.TableCell) string {
	var pairs []string
	for i, h := range head {
		if i < len(cells) && !strings.Contains(title, "<"+h.Value+">") {
			pairs = append(pairs, h.Value+"="+cells[i].Value)
		}
	}
	if len(pairs) == 0 {
		return name
	}
	return name + " (" + strings.Join(pairs, ", ") + ")"
}

func scenarioByID(children []*messages.FeatureChild, id string) *messages.Scenario {
	for _, c := range children {
		if c.Scenario != nil && c.Scenario.Id == id {
			return c.Scenario
		}
		if c.Rule != nil {
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil && rc.Scenario.Id == id {
					return rc.Scenario
				}
			}
		}
	}
	return nil
}
