package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/salt/saltout"
	"github.com/saltlab/saltlab/internal/scenario"
)

// momCLITimeout is `salt -t` for jobs sent through syndics: the CLI also
// waits syndic_wait (5 s) and, for silent ids, gather_job_timeout.
const momCLITimeout = 10

// markerOp names the recorded reads of the marker file.
const markerOp = "count marker lines"

// masterReachesEveryMinionOnce: `salt '*' test.ping` on a master of masters
// reaches every minion through the syndics, and each minion answers exactly
// once although it receives the job from two syndic masters (jid dedup,
// salt-semantics §6.3): one return event per minion on the master of
// masters' bus, one document per minion in the CLI's output. Ids that are
// not lab minions (the syndics' own ids) are ignored.
func masterReachesEveryMinionOnce(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	job := client.Salt("*", momCLITimeout, "test.ping")
	from := w.History.Next()
	_, docs, _ := w.Salt().Job(ctx, master, scenario.CallTimeout, job, anyReturns)
	w.Logf("salt '*' test.ping on %s: documents per id: %v", master, docs)
	once := scenario.OnceOf(w.Lab, from, master, job)
	once.Want = json.RawMessage("true")
	return errors.Join(
		w.Judge(checker.NameExactlyOnce, once, "", false),
		w.Judge(checker.NameDelivery, scenario.DeliveryOf(w.Lab, from, job.Name()), "", false))
}

func anyReturns(r saltout.Returns) bool { return len(r) > 0 }

// masterAppendsMarker runs a job on every minion through master that appends
// one line to a fresh marker file, and remembers the file.
func masterAppendsMarker(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	marker := fmt.Sprintf("/tmp/saltlab-marker-%d", time.Now().UnixNano())
	job := client.Salt("*", momCLITimeout, "cmd.run", "echo ran >> "+marker)
	from := w.History.Next()
	_, docs, o := w.Salt().Job(ctx, master, scenario.CallTimeout, job, anyReturns)
	w.Logf("salt '*' cmd.run on %s: documents per id: %v", master, docs)
	w.mu.Lock()
	w.marker, w.markerAt, w.markerMaster, w.markerJob = marker, from, master, job
	w.mu.Unlock()
	if !o.OK() {
		return fmt.Errorf("expected the cmd.run job from %s to return; observed: %s", master, o.Err)
	}
	return nil
}

// markerHasOneLine reads every minion's marker file and asks the checker
// whether the job ran exactly once: one return event each on the master
// of masters, one CLI document each, one line each (not one per syndic).
func markerHasOneLine(ctx context.Context) error {
	w := worldFrom(ctx)
	w.mu.Lock()
	marker, from, master, job := w.marker, w.markerAt, w.markerMaster, w.markerJob
	w.mu.Unlock()
	if marker == "" {
		return fmt.Errorf("no marker job ran in this scenario; run the job step first")
	}
	ms := scenario.Minions(w.Lab)
	for _, m := range ms {
		w.Op(ctx, markerOp, m, m, func(ctx context.Context) client.Outcome {
			out, err := w.Lab.Exec(ctx, m, []string{"cat", marker})
			if err != nil {
				return client.Indeterminate(fmt.Sprintf("read %s on %s: %v", marker, m, err))
			}
			if out.ExitCode != 0 {
				return client.Succeeded(0) // no file: the job never ran there
			}
			return client.Succeeded(strings.Count(out.Stdout, "\n"))
		})
	}
	once := scenario.OnceOf(w.Lab, from, master, job)
	once.Executions = markerOp
	return w.Judge(checker.NameExactlyOnce, once, "", false)
}
