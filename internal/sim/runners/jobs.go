package runners

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// DecodeReturn turns a minion return into an ordered value (strings stay
// strings when the payload is not JSON).
func DecodeReturn(r wire.Return) any {
	v, err := jsonout.Decode(r.Return)
	if err != nil {
		return string(r.Return)
	}
	return v
}

func jobDir(cachedir, jid string) string { return filepath.Join(cachedir, "jobs", jid) }

// LookupJid is jobs.lookup_jid over the double's job cache: {id: return}.
func LookupJid(cachedir, jid string) (*jsonout.Map, error) {
	res := jsonout.NewMap()
	rets, err := returns(cachedir, jid)
	if err != nil {
		return nil, err
	}
	for _, r := range rets {
		res.Set(r.ID, DecodeReturn(r))
	}
	return res, nil
}

func returns(cachedir, jid string) ([]wire.Return, error) {
	ents, err := os.ReadDir(jobDir(cachedir, jid))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read job cache: %w", err)
	}
	var out []wire.Return
	for _, ent := range ents {
		if !ent.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(jobDir(cachedir, jid), ent.Name(), "return.json"))
		if err != nil {
			continue
		}
		var r wire.Return
		if err := json.Unmarshal(b, &r); err != nil {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

func load(cachedir, jid string) (wire.Publication, bool) {
	b, err := os.ReadFile(filepath.Join(jobDir(cachedir, jid), ".load.json"))
	if err != nil {
		return wire.Publication{}, false
	}
	var p wire.Publication
	if json.Unmarshal(b, &p) != nil {
		return wire.Publication{}, false
	}
	return p, true
}

// JidToTime is salt.utils.jid.jid_to_time: "2012, Nov 30 10:46:33.606931".
func JidToTime(jid string) string {
	if len(jid) != 20 {
		return ""
	}
	t, err := time.Parse("20060102150405", jid[:14])
	if err != nil {
		return ""
	}
	return t.Format("2006, Jan 02 15:04:05") + "." + jid[14:]
}

// formatJob is _format_job_instance + _format_jid_instance.
func formatJob(p wire.Publication) *jsonout.Map {
	args := p.Arg
	if args == nil {
		args = []any{}
	}
	ttype := p.TgtType
	if ttype == "" {
		ttype = "glob"
	}
	m := jsonout.NewMap().Set("Function", p.Fun).Set("Arguments", args).Set("Target", p.Tgt).
		Set("Target-type", ttype).Set("User", p.User)
	if p.Minions != nil {
		m.Set("Minions", p.Minions)
	}
	return m.Set("StartTime", JidToTime(p.Jid))
}

// ListJobs is jobs.list_jobs: {jid: job} for every cached job, oldest first.
func ListJobs(cachedir string) (*jsonout.Map, error) {
	ents, err := os.ReadDir(filepath.Join(cachedir, "jobs"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read job cache: %w", err)
	}
	var jids []string
	for _, e := range ents {
		if e.IsDir() {
			jids = append(jids, e.Name())
		}
	}
	sort.Strings(jids)
	out := jsonout.NewMap()
	for _, jid := range jids {
		if p, ok := load(cachedir, jid); ok {
			out.Set(jid, formatJob(p))
		}
	}
	return out, nil
}

// ListJob is jobs.list_job: the job's info plus Result {id: {"return": ...}}.
func ListJob(cachedir, jid string) (*jsonout.Map, error) {
	out := jsonout.NewMap().Set("jid", jid)
	if p, ok := load(cachedir, jid); ok {
		f := formatJob(p)
		for _, k := range f.Keys() {
			v, _ := f.Get(k)
			out.Set(k, v)
		}
	}
	rets, err := returns(cachedir, jid)
	if err != nil {
		return nil, err
	}
	res := jsonout.NewMap()
	for _, r := range rets {
		res.Set(r.ID, jsonout.NewMap().Set("return", DecodeReturn(r)))
	}
	return out.Set("Result", res), nil
}
