package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab"
)

// logsTimeout bounds saving every container's log.
const logsTimeout = 30 * time.Second

// saveLogs keeps every container's log in the run folder
// (logs/<service>.log, logs/<lab>-<service>.log for each lab of several)
// before teardown removes the containers, so the
// reports can link them as evidence. It is best effort: a log that
// cannot be read is a warning, never a failed run. It runs detached from
// ctx's cancellation: an interrupted run needs its logs most.
func saveLogs(ctx context.Context, l *lab.Lab, runDir, labName string, log io.Writer, started time.Time) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), logsTimeout)
	defer cancel()
	dir := filepath.Join(runDir, report.LogsDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(log, "warning: save container logs: %v\n", err)
		return
	}
	for _, svc := range l.Services() {
		text, err := l.Logs(ctx, svc, 0)
		if err == nil {
			name := svc
			if labName != "" {
				name = labName + "-" + svc
			}
			err = os.WriteFile(filepath.Join(dir, name+".log"), []byte(text), 0o644)
		}
		if err != nil {
			fmt.Fprintf(log, "warning: save the log of %s: %v\n", svc, err)
		}
	}
	phase(log, started, "container logs saved in %s", dir)
}
