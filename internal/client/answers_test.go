package client

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestAnswers(t *testing.T) {
	tests := []struct {
		name string
		out  Output
		err  error
		typ  history.Type
		text string
	}{
		{"answers", Output{Stdout: "answers within 1s: ret port 4506 sent its ZMTP greeting\n"}, nil, history.OK, ""},
		{"does not answer", Output{Stdout: "does not answer within 1s: ret port 4506 on 127.0.0.1 sent nothing\n", ExitCode: 1}, nil,
			history.Fail, "does not answer within 1s: ret port 4506 on 127.0.0.1 sent nothing"},
		{"the probe ran out of budget", Output{ExitCode: ExitTimedOut}, nil, history.Info, "master-answers timed out after 2s"},
		{"a paused container", Output{}, errors.New("container is paused"), history.Info, "run master-answers: container is paused"},
		{"a usage error", Output{Stderr: "master-answers: unknown argument", ExitCode: 2}, nil, history.Info, "master-answers exited 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ex, h := &fakeExec{out: tc.out, err: tc.err}, &memHistory{}
			o := Client{Ex: ex, Rec: Recorder{History: h}}.Answers(context.Background(), "salt-master-1")
			assert.Equal(t, tc.typ, o.Type)
			assert.Contains(t, o.Err, tc.text)
			require.Len(t, ex.ran, 1)
			assert.Equal(t, append(Bounded(answersBudget), lib.AnswersArgv()...), ex.ran[0], "the script runs inline, bounded")
			require.Len(t, h.entries, 2)
			for _, e := range h.entries {
				assert.Equal(t, history.AnswersOp, e.F)
				assert.Equal(t, "salt-master-1", e.Node)
				assert.Equal(t, "answers-probe salt-master-1", e.Process, "the run's probes have a lane of their own")
			}
		})
	}
}
