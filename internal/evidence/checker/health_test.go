package checker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// health records Docker's status of node at `at`; a check is recorded
// with it as the run's first health entry of a node does.
func (b *hist) health(at float64, node, status string, check *history.HealthCheck) int64 {
	e := history.Entry{Type: history.Health, Node: node, Health: status}
	if check != nil {
		e.Value, _ = json.Marshal(check)
	}
	return b.add(s(at), e)
}

// probes records one master-answers probe of node every 2 s from `from`
// to `to` (exclusive), each taking 1 s, with the given outcome.
func (b *hist) probes(from, to float64, node string, typ history.Type) []int64 {
	var out []int64
	for at := from; at < to; at += 2 {
		errText := ""
		if typ != history.OK {
			errText = "ret port 4506 sent no greeting within 1s"
		}
		out = append(out, b.op(s(at), s(1), typ, history.AnswersOp, node, node, "", errText))
	}
	return out
}

var pgrepCheck = &history.HealthCheck{Test: []string{"CMD", "bash", "-c", "pgrep -f salt-master"}, Interval: s(0.5), Retries: 240}

func honest(nodes ...string) HonestHealthParams {
	return HonestHealthParams{F: history.AnswersOp, Nodes: nodes, Lag: Bound{Limit: s(10), Explain: "test lag"}}
}

func TestHonestHealth(t *testing.T) {
	const m1, m2 = "salt-master-1", "salt-master-2"
	tests := []struct {
		name    string
		build   func(b *hist)
		params  HonestHealthParams
		want    Verdict
		observe string
		cause   string
	}{
		{"healthy and answering", func(b *hist) {
			b.health(0, m1, history.Healthy, pgrepCheck)
			b.probes(1, 30, m1, history.OK)
		}, honest(), Valid, "15 probe(s) judged against Docker's status, 15 answered", ""},
		{"a frozen master Docker keeps calling healthy", func(b *hist) {
			b.health(0, m1, history.Healthy, pgrepCheck)
			b.probes(1, 10, m1, history.OK)
			b.fault(s(10.5), "1", "proc-stop", m1, history.Start)
			b.probes(11, 40, m1, history.Fail)
		}, honest(), Invalid, "Docker called it healthy (entry 0) while 15 probe(s) in a row got no answer for 29s",
			"the Docker health check of salt-master-1 (CMD bash -c pgrep -f salt-master; interval 500ms, retries 240) did not notice"},
		{"Docker notices within the lag", func(b *hist) {
			b.health(0, m1, history.Healthy, pgrepCheck)
			b.probes(1, 10, m1, history.OK)
			b.probes(11, 15, m1, history.Fail)
			b.health(15.5, m1, history.Unhealthy, nil)
			b.probes(17, 40, m1, history.Fail)
		}, honest(), Valid, "longest 3s", ""},
		{"a paused master is not called healthy", func(b *hist) {
			b.health(0, m1, history.Healthy, pgrepCheck)
			b.probes(1, 10, m1, history.OK)
			b.health(10, m1, history.Paused, nil)
			b.probes(11, 40, m1, history.Info)
			b.health(41, m1, history.Healthy, nil)
			b.probes(42, 46, m1, history.OK)
		}, honest(), Valid, "no unanswered stretch while healthy beyond 10s", ""},
		{"answers in between break the stretch", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 7, m1, history.Fail)
			b.probes(7, 9, m1, history.OK)
			b.probes(9, 17, m1, history.Fail)
		}, honest(), Valid, "longest 7s", ""},
		{"a flip to unhealthy and back starts a new stretch", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 9, m1, history.Fail)
			b.health(9.5, m1, history.Unhealthy, nil)
			b.health(9.8, m1, history.Healthy, nil)
			b.probes(10, 18, m1, history.Fail)
		}, honest(), Valid, "longest 7s", ""},
		{"one probe hanging past the lag while healthy", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.op(s(1), s(15), history.Info, history.AnswersOp, m1, m1, "", "timed out")
		}, honest(), Unknown, "1 probe(s) in a row got no answer for 15s, from", ""},
		// A saturated host: the engine did not finish the probes' execs
		// (r200t: every probe of a 16 s "silence" of salt-master-2).
		{"probes the host could not run say nothing of the master", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 5, m1, history.OK)
			b.probes(5, 25, m1, history.Info)
			b.probes(25, 29, m1, history.OK)
		}, honest(), Unknown, "but none of them ran to its end, which says nothing of the master", ""},
		{"failures past the lag with unrun probes among them", func(b *hist) {
			b.health(0, m1, history.Healthy, pgrepCheck)
			b.probes(1, 5, m1, history.Fail)
			b.probes(5, 9, m1, history.Info)
			b.probes(9, 15, m1, history.Fail)
		}, honest(), Invalid, "Docker called it healthy (entry 0) while 7 probe(s) in a row got no answer for 13s",
			"the Docker health check of salt-master-1 (CMD bash -c pgrep -f salt-master; interval 500ms, retries 240) did not notice"},
		{"failures within the lag, unrun probes past it", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 5, m1, history.Fail)
			b.probes(5, 17, m1, history.Info)
		}, honest(), Unknown, "the longest run of them that heard no answer spans 3s, and the others did not run to their end", ""},
		{"Docker's events lost: the last healthy no longer holds", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 5, m1, history.OK)
			b.health(5, m1, history.NotRecorded, nil)
			b.probes(6, 40, m1, history.Fail)
		}, honest(), Valid, "longest 0s", ""},
		{"probes without a Docker status", func(b *hist) {
			b.probes(1, 30, m1, history.Fail)
		}, honest(), Unknown, "no Docker health status of salt-master-1 recorded", ""},
		{"a named node never probed", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.health(0, m2, history.Healthy, nil)
			b.probes(1, 9, m1, history.OK)
		}, honest(m1, m2), Unknown, "no master-answers probe of salt-master-2 recorded", ""},
		{"probes before From are not judged; the status before it counts", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.probes(1, 30, m1, history.Fail)
			b.probes(30, 34, m1, history.OK)
		}, HonestHealthParams{From: 31, Lag: Bound{Limit: s(10), Explain: "test lag"}}, Valid, "2 probe(s) judged against Docker's status, 2 answered", ""},
		{"other operations on the node are no probes", func(b *hist) {
			b.health(0, m1, history.Healthy, nil)
			b.op(s(1), s(30), history.Info, "salt test.ping", m1, "salt-minion-1", "", "timed out")
		}, honest(), Unknown, "no master-answers probe recorded", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &hist{}
			tc.build(b)
			c, err := New(NameHonestHealth, "scenario", "step", tc.params)
			require.NoError(t, err)
			r := Run(c, b.h)
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observe)
			assert.Contains(t, r.Cause, tc.cause)
			if tc.want != Unknown {
				require.NotEmpty(t, r.Evidence, "a verdict cites the history")
				for _, i := range r.Evidence {
					require.Less(t, i, int64(len(b.h)))
				}
			}
		})
	}
}

// TestHonestHealthCitesTheWindow: an invalid verdict cites the entry where
// Docker called the node healthy, every unanswered probe of the window, and
// (as its cause) the recorded health check.
func TestHonestHealthCitesTheWindow(t *testing.T) {
	b := &hist{}
	healthy := b.health(0, "primary", history.Healthy, pgrepCheck)
	b.probes(1, 5, "primary", history.OK)
	failed := b.probes(5, 20, "primary", history.Fail)
	r := HonestHealth(b.h, honest())
	require.Equal(t, Invalid, r.Verdict, r.Observed)
	require.Len(t, r.Subjects, 1)
	sub := r.Subjects[0]
	assert.Contains(t, sub.Evidence, healthy)
	for _, inv := range failed {
		assert.Contains(t, sub.Evidence, inv)
		assert.Contains(t, sub.Evidence, inv+1, "the probe's completion")
	}
	assert.Equal(t, []int64{healthy}, r.CauseEvidence)
	assert.Contains(t, r.Fix, "compose/lib/master-answers")
	assert.Equal(t, s(15), sub.Took)
	assert.Contains(t, r.Message(NameHonestHealth, "history.jsonl"), "bound 10s: test lag")
}
