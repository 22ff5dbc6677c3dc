// Package state is what a drill in flight keeps in its run folder, the
// vocabulary every part of the drill room shares: its progress
// (drill.json: what a closed terminal, a Ctrl-C or a SIGKILL of the
// console must not lose), the tasks' verdicts, the lanes its operations
// are recorded in and the learner's command lines, and the instructor's
// request for the next fault. The console, the debrief, the self-test and
// the board read and write it here.
package state

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// ProgressName is a drill's saved progress in its run folder.
const ProgressName = "drill.json"

// Progress is a drill in flight.
type Progress struct {
	Drill     string        `json:"drill"`
	RunID     string        `json:"run_id"`
	Flavor    string        `json:"flavor"`
	Release   string        `json:"release,omitempty"`
	Started   time.Time     `json:"started"`
	TimeLimit time.Duration `json:"time_limit_ns"`
	// Met is when each task was first seen met.
	Met map[string]time.Time `json:"met,omitempty"`
	// Hints are the indexes of the hints shown, in order.
	Hints []int `json:"hints,omitempty"`
	// Actions is each incident action's state: "" not yet, "due" with
	// Due set, "done" injected, "failed".
	Actions []ActionState `json:"actions"`
	// Shells are the services a learner shell was opened in: their
	// command logs are read into the history.
	Shells []string `json:"shells,omitempty"`
	// LinesSeen is how many learner lines of each service are already in
	// the history.
	LinesSeen map[string]int `json:"lines_seen,omitempty"`
	Warned    bool           `json:"warned,omitempty"`
	// Services are the lab's services when the drill started.
	Services []string `json:"services"`
	// Buses are the services whose Salt event bus the drill records
	// (every master and syndic node): what a judgement from events
	// must find recorded before it may say nothing happened.
	Buses []string  `json:"buses,omitempty"`
	Ended time.Time `json:"ended,omitempty"`
	// Mode is "learner" or, for the self-test, "solution" or "wrong-fix".
	Mode string `json:"mode,omitempty"`
	// Round counts the times the incident started again on this lab
	// (a reset, the self-test's second round): a save of an older
	// round's progress gives way to the newer round's.
	Round int `json:"round,omitempty"`
}

// ActionState is one incident action's progress.
type ActionState struct {
	State string    `json:"state,omitempty"`
	Due   time.Time `json:"due,omitempty"`
	At    time.Time `json:"at,omitempty"`
	Err   string    `json:"error,omitempty"`
}

// Pending says whether an incident action has yet to act (waiting for
// its task or its moment).
func (p *Progress) Pending() bool {
	for _, a := range p.Actions {
		if a.State == "" || a.State == "due" {
			return true
		}
	}
	return false
}

// Deadline is when the drill's time is up.
func (p *Progress) Deadline() time.Time { return p.Started.Add(p.TimeLimit) }

func progressPath(runDir string) string { return filepath.Join(runDir, ProgressName) }

// maxProgress bounds drill.json: a few hundred bytes per task and hint.
const maxProgress = 1 << 20

// Load reads a run folder's drill progress (a regular file of bounded
// size).
func Load(runDir string) (*Progress, error) {
	b, err := userfile.ReadFile(progressPath(runDir), maxProgress)
	if err != nil {
		return nil, fmt.Errorf("read drill progress: %w", err)
	}
	var p Progress
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("read drill progress %s: %w", progressPath(runDir), err)
	}
	return &p, nil
}

// Save writes the console's progress atomically (a new file renamed over
// the old), under the drill's lock, so a killed console leaves the
// previous one whole. What other commands added meanwhile (hints, shells,
// a stop) is taken from the file first: the console owns the rest.
func (p *Progress) Save(runDir string) error {
	return withLock(runDir, func() error {
		if disk, err := Load(runDir); err == nil {
			p.merge(disk)
		}
		return p.write(runDir)
	})
}

// merge takes from disk what commands other than the console add. A
// newer round on disk (a reset by another command) replaces the
// console's progress but for the learner lines it already read into the
// history; an older round on disk gives nothing but its shells (its
// hints and its end were that round's).
func (p *Progress) merge(disk *Progress) {
	if disk.Round > p.Round {
		seen := p.LinesSeen
		*p = *disk
		for sv, n := range seen {
			if n > p.LinesSeen[sv] {
				if p.LinesSeen == nil {
					p.LinesSeen = map[string]int{}
				}
				p.LinesSeen[sv] = n
			}
		}
		return
	}
	for _, sv := range disk.Shells {
		if !slices.Contains(p.Shells, sv) {
			p.Shells = append(p.Shells, sv)
		}
	}
	if disk.Round < p.Round {
		return
	}
	for _, h := range disk.Hints {
		if !slices.Contains(p.Hints, h) {
			p.Hints = append(p.Hints, h)
		}
	}
	if p.Ended.IsZero() && !disk.Ended.IsZero() {
		p.Ended = disk.Ended
	}
}

// Update changes the saved progress of runDir under the drill's lock:
// what `hint` and `shell` do while a console may be saving its own.
func Update(runDir string, change func(*Progress)) (*Progress, error) {
	var out *Progress
	err := withLock(runDir, func() error {
		p, err := Load(runDir)
		if err != nil {
			return err
		}
		change(p)
		out = p
		return p.write(runDir)
	})
	return out, err
}

func (p *Progress) write(runDir string) error {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Errorf("save drill progress: %w", err)
	}
	if err := owned.WriteFile(progressPath(runDir), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("save drill progress: %w", err)
	}
	return nil
}

// lockName is the lock file every writer of drill.json holds.
const lockName = ".drill.lock"

// withLock runs fn holding the drill's lock (flock, released by the
// kernel if the process dies).
func withLock(runDir string, fn func() error) error {
	f, err := owned.Append(filepath.Join(runDir, lockName), 0o644)
	if err != nil {
		return fmt.Errorf("lock drill progress: %w", err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		return fmt.Errorf("lock drill progress: %w", err)
	}
	defer unix.Flock(int(f.Fd()), unix.LOCK_UN)
	return fn()
}
