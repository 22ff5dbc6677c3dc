package compare

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Engine names as a run's run.json records them.
const (
	EngineCompose = "compose"
	EngineSwarm   = "swarm"
)

// stateFile is the run's state, where `engine` is recorded.
const stateFile = "run.json"

// cannotJudge is, by engine, each check a lab on it cannot judge and
// why: the check is absent from such a run, neither valid nor invalid.
var cannotJudge = map[string]map[string]string{
	EngineSwarm: {
		checker.NameHonestHealth: "a Swarm task carries no Docker health check (saltlab runs the health test itself), so the history holds no Docker health events to judge",
	},
}

// EngineLimits is what the run room says of each engine: the tag of the
// scenarios a run on it leaves out and why (selection.EngineLeavesOut),
// and each scenario's tags by feature and row name, read only when two
// runs' engines differ.
type EngineLimits struct {
	LeavesOut func(engine string) (tag, why string, ok bool)
	Tags      func() (map[[2]string][]string, error)
}

// readEngine is the engine f's run.json records: a run.json without the
// field is compose, since a compose lab's state leaves it out (runs
// written before the field existed were all compose). A folder without
// run.json recorded no engine at all: "", and nothing is blamed on it.
func readEngine(f Folder) (string, error) {
	b, err := userfile.ReadFile(filepath.Join(f.Dir, stateFile), userfile.Text)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the engine of %s: %w", f.Name, err)
	}
	var st struct {
		Engine string `json:"engine"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return "", fmt.Errorf("read the engine of %s: %s: %w", f.Name, stateFile, err)
	}
	if st.Engine == "" {
		return EngineCompose, nil
	}
	return st.Engine, nil
}

// ExplainByEngine marks each differing row that nothing explained yet and
// that the engine of the side lacking it accounts for: a scenario that
// side's engine leaves out by tag (its status and checks), or a check a
// lab on that engine cannot judge. It applies only when both runs record
// an engine and the engines differ.
func ExplainByEngine(res Result, lim EngineLimits) (Result, error) {
	if res.EngineA == "" || res.EngineB == "" || res.EngineA == res.EngineB {
		return res, nil
	}
	tags, err := lim.Tags()
	if err != nil {
		return res, err
	}
	absentScenario := map[scenarioKey]string{} // the side lacking it: "A" or "B"
	for _, r := range res.Rows {
		if r.Kind == KindStatus && r.A.Present != r.B.Present {
			absentScenario[scenarioKey{r.Feature, r.Scenario}] = sideName(!r.A.Present)
		}
	}
	rows := make([]Row, len(res.Rows))
	for i, r := range res.Rows {
		if r.Differs() && !r.Explained() && r.A.Present != r.B.Present {
			engine := res.EngineB
			if !r.A.Present {
				engine = res.EngineA
			}
			if side, ok := absentScenario[scenarioKey{r.Feature, r.Scenario}]; ok {
				if (side == "A") == !r.A.Present {
					r.EngineReason = leftOutReason(lim, engine, tags[[2]string{r.Feature, r.Scenario}])
				}
			} else if r.Kind == KindCheck {
				if why := cannotJudge[engine][r.Item]; why != "" {
					r.EngineReason = fmt.Sprintf("absent on %s: %s", engine, why)
				}
			}
		}
		rows[i] = r
	}
	res.Rows = rows
	return res, nil
}

func sideName(a bool) string {
	if a {
		return "A"
	}
	return "B"
}

// leftOutReason is why a run on engine left out a scenario with tags, or
// "" when none of its tags is the one engine leaves out.
func leftOutReason(lim EngineLimits, engine string, tags []string) string {
	tag, why, ok := lim.LeavesOut(engine)
	if !ok || !slices.Contains(tags, tag) {
		return ""
	}
	return fmt.Sprintf("left out on %s: scenarios %s", engine, why)
}
