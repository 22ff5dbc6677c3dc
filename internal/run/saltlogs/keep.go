package saltlogs

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
)

// logsTimeout bounds saving every container's log, and saltLogsTimeout
// copying Salt's own log files out of every container after that.
const (
	logsTimeout     = 30 * time.Second
	saltLogsTimeout = 30 * time.Second
)

// Lab is what keeping a lab's logs needs: its services, what Docker
// logged of each container (as lab.Lab's Logs gives it), and Copier.
type Lab interface {
	Copier
	Services() []string
	Logs(ctx context.Context, service string, tail int) (string, error)
}

// KeepAll keeps every container's log in the run folder
// (logs/<service>.log, logs/<lab>-<service>.log for each lab of several),
// and the log files Salt's daemons wrote in it
// (logs/[<lab>-]<service>/salt-<daemon>.log), before teardown removes the
// containers, so the reports can link them as evidence. It is best
// effort: a log that cannot be read is a warning, never a failed run. It
// runs detached from ctx's cancellation: an interrupted run needs its
// logs most. It returns the folder the logs went to.
func KeepAll(ctx context.Context, l Lab, runDir, labName string, log io.Writer, started time.Time) (dir string) {
	dir = filepath.Join(runDir, report.LogsDir)
	saveContainerLogs(ctx, l, dir, labName, log, started)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saltLogsTimeout)
	defer cancel()
	files, err := Save(ctx, l, l.Services(), dir, labName)
	if err != nil { // one line per container that could not be copied
		fmt.Fprintf(log, "warning: %s\n", strings.ReplaceAll(err.Error(), "\n", "\nwarning: "))
	}
	progress.New(console.PlumbingOf(log), started).Line("%d log file(s) of Salt's daemons (%s) saved in %s", len(files), Dir, dir)
	return dir
}

// saveContainerLogs keeps what Docker logged of each container.
func saveContainerLogs(ctx context.Context, l Lab, dir, labName string, log io.Writer, started time.Time) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), logsTimeout)
	defer cancel()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(log, "warning: save container logs: %v\n", err)
		return
	}
	for _, svc := range l.Services() {
		text, err := l.Logs(ctx, svc, 0)
		if err == nil {
			err = owned.WriteFile(filepath.Join(dir, runstate.LabName(labName, svc)+".log"), []byte(text), 0o644)
		}
		if err != nil {
			fmt.Fprintf(log, "warning: save the log of %s: %v\n", svc, err)
		}
	}
	progress.New(console.PlumbingOf(log), started).Line("container logs saved in %s", dir)
}
