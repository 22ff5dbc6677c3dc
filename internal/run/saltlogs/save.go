// Package saltlogs keeps the log files Salt's daemons write inside a lab's
// containers (/var/log/salt/master, minion, syndic, api, key) in the run
// folder, beside what Docker logged of each container (KeepAll). Docker's
// own log of a container has only what a daemon prints on stderr; what an
// operator needs when real Salt fails (a syndic's StreamClosedError, say)
// is often only in these files.
package saltlogs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// Dir is where Salt's daemons, real and the double alike, write their log
// files in saltlab's images. It is the only directory copied: nothing
// else of a container (its keys above all) reaches the run folder.
const Dir = "/var/log/salt"

// MaxFileBytes bounds each saved file; a longer one keeps its tail.
const MaxFileBytes int64 = 4 << 20

// Copier gives a path of a service's container as a tar stream, as
// lab.Lab's CopyOut does; a missing path matches fs.ErrNotExist.
type Copier interface {
	CopyOut(ctx context.Context, service, path string) (io.ReadCloser, error)
}

// Save copies Dir out of each service's container into
// logsDir/[<lab>-]<service>/salt-<name>.log and returns the files
// written, relative to logsDir (lab names the lab of a run of several,
// as the container logs beside them are named, runstate.LabName; "" for
// one lab). A container without Dir (a load balancer, an init that never
// ran Salt) has nothing to copy and gets no folder. It goes on past a
// container it cannot copy and returns every such error.
func Save(ctx context.Context, c Copier, services []string, logsDir, lab string) ([]string, error) {
	var saved []string
	var errs []error
	for _, svc := range services {
		folder := runstate.LabName(lab, svc)
		names, err := saveOne(ctx, c, svc, filepath.Join(logsDir, folder))
		for _, n := range names {
			saved = append(saved, filepath.Join(folder, n))
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("save %s of %s: %w", Dir, svc, err))
		}
	}
	return saved, errors.Join(errs...)
}

func saveOne(ctx context.Context, c Copier, service, dest string) ([]string, error) {
	rc, err := c.CopyOut(ctx, service, Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return Extract(rc, Dir, dest, MaxFileBytes)
}
