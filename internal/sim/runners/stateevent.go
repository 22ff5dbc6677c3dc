package runners

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
)

// eventRetry is how often a lost event subscription is retried.
const eventRetry = 400 * time.Millisecond

// stateEventArgs are state.event's arguments: tagmatch (positional or
// keyword), count, quiet, pretty.
type stateEventArgs struct {
	tagmatch      string
	count         int
	quiet, pretty bool
}

func parseStateEventArgs(args []string) (stateEventArgs, error) {
	a := stateEventArgs{tagmatch: "*", count: -1}
	npos := 0
	for _, s := range args {
		k, v, kw := strings.Cut(s, "=")
		if !kw {
			if npos > 0 {
				return a, fmt.Errorf("state.event takes one positional argument (tagmatch), got %q", s)
			}
			npos++
			a.tagmatch = s
			continue
		}
		switch k {
		case "tagmatch":
			a.tagmatch = v
		case "count":
			n, err := strconv.Atoi(v)
			if err != nil {
				return a, fmt.Errorf("state.event count must be an integer, got %q", v)
			}
			a.count = n
		case "quiet", "pretty":
			b, ok := yamlBool(v)
			if !ok {
				return a, fmt.Errorf("state.event %s must be a boolean, got %q", k, v)
			}
			if k == "quiet" {
				a.quiet = b
			} else {
				a.pretty = b
			}
		default:
			return a, fmt.Errorf("state.event got an unexpected keyword argument %q", k)
		}
	}
	return a, nil
}

// StateEvent is salt-run state.event (salt/modules/state.py event): one
// `<tag>\t<json>` line per matching event on out, json.dumps(sort_keys=
// pretty, indent=4 if pretty), until count matches (-1: forever) or ctx
// ends. An error is the runner's exception (bad arguments, no master bus).
// INFER: the runner's None return is not printed after the last event.
func StateEvent(ctx context.Context, opts config.Opts, args []string, out io.Writer) error {
	a, err := parseStateEventArgs(args)
	if err != nil {
		return err
	}
	if a.count == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := localclient.New(opts, 0).Watch(ctx, eventRetry)
	if err != nil {
		return err
	}
	for ev := range ch {
		if !events.Match(a.tagmatch, ev.Tag) {
			continue
		}
		if !a.quiet {
			fmt.Fprintf(out, "%s\t%s\n", ev.Tag, eventJSON(ev.Data, a.pretty))
		}
		if a.count > 0 {
			a.count--
			if a.count == 0 {
				return nil
			}
		}
	}
	return nil
}

func eventJSON(d *jsonout.Map, pretty bool) string {
	indent := -1
	var v any = d
	if pretty {
		indent, v = 4, sortedValue(d)
	}
	s, err := jsonout.Render(v, indent)
	if err != nil {
		return "{}"
	}
	return s
}

// sortedValue is json.dumps(sort_keys=True)'s key order, recursively.
func sortedValue(v any) any {
	switch t := v.(type) {
	case *jsonout.Map:
		keys := t.Keys()
		sort.Strings(keys)
		out := jsonout.NewMap()
		for _, k := range keys {
			x, _ := t.Get(k)
			out.Set(k, sortedValue(x))
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = sortedValue(x)
		}
		return out
	}
	return v
}

// yamlBool reads a YAML 1.1 boolean as Salt's argument parser does.
func yamlBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "y":
		return true, true
	case "false", "no", "off", "n":
		return false, true
	}
	return false, false
}
