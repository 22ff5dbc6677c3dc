package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// NextFaultName is the instructor's request, in the run folder, to start
// the drill's next incident action now. It is a file of its own, not an
// edit of drill.json: the console holds the progress in memory and saves
// it every tick, so an edit by another process would be overwritten; the
// console takes the request at its next tick instead, and only it injects.
const NextFaultName = "next-fault.request"

// ErrNoNextFault says every incident action has started already.
var ErrNoNextFault = errors.New("every incident action has started already")

// NextFaultRequest is what the request file holds.
type NextFaultRequest struct {
	Action int       `json:"action"`
	At     time.Time `json:"at"`
}

// NextPending is the index of the drill's first incident action with a
// start condition that has not started yet (its state empty or due), or
// -1 when there is none.
func NextPending(d *spec.Drill, p *Progress) int {
	for i, a := range d.Incident {
		if a.Start == nil || i >= len(p.Actions) {
			continue
		}
		if st := p.Actions[i].State; st == "" || st == "due" {
			return i
		}
	}
	return -1
}

// RequestNextFault asks the console of the drill in runDir to start its
// next pending incident action at its next tick (the console, `saltlab
// drill start` or `resume`, must be running for it to act). It returns
// the action's index.
func RequestNextFault(d *spec.Drill, runDir string, now time.Time) (int, error) {
	p, err := Load(runDir)
	if err != nil {
		return -1, err
	}
	if !p.Ended.IsZero() {
		return -1, fmt.Errorf("request the next fault of run %s: the drill has ended", p.RunID)
	}
	i := NextPending(d, p)
	if i < 0 {
		return -1, fmt.Errorf("request the next fault of run %s: %w", p.RunID, ErrNoNextFault)
	}
	b, _ := json.Marshal(NextFaultRequest{Action: i, At: now})
	if err := owned.WriteFile(filepath.Join(runDir, NextFaultName), b, 0o644); err != nil {
		return -1, fmt.Errorf("request the next fault: %w", err)
	}
	return i, nil
}

// ReadNextFaultRequest reads a pending request (nil when there is none).
func ReadNextFaultRequest(runDir string) (*NextFaultRequest, error) {
	path := filepath.Join(runDir, NextFaultName)
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read the next-fault request: %w", err)
	}
	b, err := userfile.ReadFile(path, 4<<10)
	if err != nil {
		return nil, fmt.Errorf("read the next-fault request: %w", err)
	}
	var r NextFaultRequest
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("read the next-fault request %s: %w", path, err)
	}
	return &r, nil
}

// TakeNextFaultRequest reads a pending request and removes its file
// whatever it held (a stale or broken request must not fire later); nil
// and no error when there is none. The request's error and the
// removal's are told apart: the first is the request's, the second
// saltlab's.
func TakeNextFaultRequest(runDir string) (r *NextFaultRequest, err, removeErr error) {
	r, err = ReadNextFaultRequest(runDir)
	if r == nil && err == nil {
		return nil, nil, nil
	}
	return r, err, owned.RemoveIn(runDir, NextFaultName)
}
