package client

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// MasterOptions keeps each master's options as one `salt-run
// test.get_opts` read them, so that the lab's later questions about one
// option (`salt-run config.get`) are answered from that reading instead
// of a Salt process each: every salt-run imports Salt and loads its
// runners, about 1.5 s of CPU on real Salt, and a failover run asked some
// 34 of them. salt-run loads the master's configuration files itself (not
// the running daemon's options), and a run mounts them read-only, set at
// bring-up (knobs), so a restart within a run changes nothing it reads:
// one reading a master holds for the run. A lab's next run reads again.
//
// An answer from the reading is recorded as the config.get it stands for,
// marked reused (history.Entry.Reused: the reading's invocation), so the
// checkers judge the same evidence and the history says which call gave
// it and when. One MasterOptions serves one lab; nil reads every option
// with its own config.get.
type MasterOptions struct {
	mu    sync.Mutex
	reads map[string]*optsReading
}

// optsReading is one master's reading: held locked while it is made, so
// that concurrent questions wait for one read.
type optsReading struct {
	mu   sync.Mutex
	opts map[string]json.RawMessage // nil until a read succeeded
	inv  int64                      // the reading's invocation index
}

// NewMasterOptions returns an empty store, one per lab.
func NewMasterOptions() *MasterOptions {
	return &MasterOptions{reads: map[string]*optsReading{}}
}

// of is master's reading, made now when there is none yet (a failed read
// is tried again at the next question).
func (m *MasterOptions) of(ctx context.Context, c Client, master string, budget time.Duration) (map[string]json.RawMessage, int64, bool) {
	m.mu.Lock()
	r := m.reads[master]
	if r == nil {
		r = &optsReading{}
		m.reads[master] = r
	}
	m.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.opts == nil {
		opts, o := c.readOptions(ctx, master, budget)
		if !o.OK() {
			return nil, 0, false
		}
		r.opts, r.inv = opts, o.Inv
	}
	return r.opts, r.inv, true
}

// readOptions runs `salt-run test.get_opts` on master (Salt's runner
// returning its __opts__, salt/runners/test.py) and records it as
// its own operation (salt-run test.get_opts); the value is how many options it held, not the
// options: they may hold what a report must not show, and each one the
// lab asks for is recorded by itself.
func (c Client) readOptions(ctx context.Context, master string, budget time.Duration) (map[string]json.RawMessage, Outcome) {
	var opts map[string]json.RawMessage
	o := c.Record(ctx, master, "", SaltRun("test.get_opts"), budget, func(out Output) Outcome {
		raw, err := saltout.ParseRunner(out.Stdout)
		if err == nil && out.ExitCode == 0 {
			err = json.Unmarshal(raw, &opts)
		}
		if err != nil || out.ExitCode != 0 || opts == nil {
			return Failed(nil, "exit %d, %s: %v", out.ExitCode, LastLine(out.Stderr, out.Stdout), err)
		}
		return Succeeded(map[string]int{"options": len(opts)})
	})
	return opts, o
}

// ConfigGetAnswer is what `salt-run config.get key` prints for the
// options opts, when that follows from them alone: Salt's runner
// (salt/runners/config.py get) traverses the options along key's
// ":"-separated parts (salt.utils.data.traverse_dict_and_list) and
// resolves an sdb:// value. ok is false for what only the runner can say:
// a part missing (its default and Salt's YAML reading of the part), a
// list on the way (indices and embedded mappings), an sdb:// reference.
func ConfigGetAnswer(opts map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	parts := strings.Split(key, ":")
	cur := opts
	for i, p := range parts {
		raw, ok := cur[p]
		if !ok {
			return nil, false
		}
		if i == len(parts)-1 {
			var s string
			if json.Unmarshal(raw, &s) == nil && strings.HasPrefix(s, "sdb://") {
				return nil, false
			}
			return raw, true
		}
		cur = nil
		if err := json.Unmarshal(raw, &cur); err != nil || cur == nil {
			return nil, false
		}
	}
	return nil, false
}

// reusedOption answers option from master's reading, recorded as the
// config.get it stands for with Reused naming the reading; ok is false
// when it cannot (no reading, or an option only the runner resolves).
func (c Client) reusedOption(ctx context.Context, master, option string, budget time.Duration) (json.RawMessage, Outcome, bool) {
	if c.Opts == nil {
		return nil, Outcome{}, false
	}
	opts, inv, ok := c.Opts.of(ctx, c, master, budget)
	if !ok {
		return nil, Outcome{}, false
	}
	v, ok := ConfigGetAnswer(opts, option)
	if !ok {
		return nil, Outcome{}, false
	}
	o := c.Rec.Do(ctx, Op{F: SaltRun("config.get").Name(), Node: master, Target: option, Reused: inv}, func(context.Context) Outcome {
		return Succeeded(v)
	})
	return v, o, true
}
