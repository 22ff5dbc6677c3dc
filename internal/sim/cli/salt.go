package cli

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/outputter"
	"github.com/saltlab/saltlab/internal/sim/runners"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

func saltFlags() []flag {
	return withUnmodelled("salt",
		flag{names: []string{"--timeout", "-t"}, value: true},
		flag{names: []string{"--static", "-s"}},
		flag{names: []string{"--hide-timeout"}},
		flag{names: []string{"--async"}},
		flag{names: []string{"--list", "-L"}},
		flag{names: []string{"--verbose", "-v"}},
		flag{names: []string{"--show-jid"}},
	)
}

// Texts printed by the salt CLI (salt/client/__init__.py, salt/cli/salt.py).
const (
	noMatchText  = "No minions matched the target. No command was sent, no jid was assigned."
	noReturnText = "ERROR: No return received"
	nonZeroText  = "ERROR: Minions returned with non-zero exit code"
)

// runSalt is the salt CLI (§4.2).
func runSalt(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, saltFlags())
	if err != nil {
		return usageError(e, "salt", err)
	}
	opts, code, done := preamble(e, "salt", p, config.Master)
	if done {
		return code
	}
	out, err := outOptions(p)
	if err != nil {
		return usageError(e, "salt", err)
	}
	if len(p.pos) < 2 {
		return usageError(e, "salt", fmt.Errorf("no target or function given"))
	}
	t, err := p.int("--timeout", opts.Int("timeout", 5))
	if err != nil {
		return usageError(e, "salt", err)
	}
	c := newLocalClient(opts, time.Duration(t)*time.Second)
	tgtType := "glob"
	var tgt any = p.pos[0]
	if p.has("--list") {
		tgtType, tgt = "list", p.pos[0]
	}
	req := wire.LocalRequest{Tgt: tgt, TgtType: tgtType, Fun: p.pos[1], Arg: yamlifyArgs(p.pos[2:])}
	if p.has("--static") {
		return saltStatic(ctx, e, c, req, out)
	}
	j, err := c.publish(ctx, req)
	if err != nil {
		// INFER (spec §4.2): the error goes through the outputter, exit 0.
		printDoc(e, err.Error(), out)
		return 0
	}
	defer j.close()
	// _check_pub_data: a master of masters does not short-circuit, its
	// syndics may know matching minions.
	if len(j.minions) == 0 && !opts.Bool("order_masters") {
		return noMatch(e, out)
	}
	if p.has("--async") {
		fmt.Fprintf(e.Stdout, "Executed command with job ID: %s\n", j.jid)
		return 0
	}
	if p.has("--verbose") {
		fmt.Fprintf(e.Stdout, "Executing job with jid %s\n-------------------------------------------\n\n", j.jid)
	} else if p.has("--show-jid") {
		fmt.Fprintf(e.Stdout, "jid: %s\n", j.jid)
	}
	printed, failed := 0, false
	missing := c.collect(ctx, j, func(r wire.Return) {
		printed++
		if r.Retcode != 0 {
			failed = true
		}
		printDoc(e, jsonout.NewMap().Set(r.ID, decodeReturn(r)), out)
	})
	if !p.has("--hide-timeout") {
		syndics := registeredSyndics(opts)
		cls := localclient.NewMissing(opts, e.ProcNet)
		for _, id := range missing {
			if syndics[id] {
				// A registered syndic id is not a minion: Salt does not
				// report it as unresponsive (§4.2, §6.3).
				continue
			}
			printed++
			failed = true
			printDoc(e, jsonout.NewMap().Set(id, cls.Text(id, j.jid)), out)
		}
	}
	switch {
	case printed == 0:
		fmt.Fprintln(e.Stderr, noReturnText)
		return 2
	case failed:
		fmt.Fprintln(e.Stderr, nonZeroText)
		return 1
	}
	return 0
}

func noMatch(e *Env, out outputter.Options) int {
	fmt.Fprintln(e.Stdout, noMatchText)
	if out.Out == "json" {
		printDoc(e, jsonout.NewMap(), out)
	}
	fmt.Fprintln(e.Stderr, noReturnText)
	return 2
}

// saltStatic is --static: batch 100% with quiet=True — a test.ping
// pre-flight, then the job to the responders (tgt_type list), printed as one
// document; silent minions are omitted and the exit code is 0 unless nobody
// answered (2).
func saltStatic(ctx context.Context, e *Env, c *localClient, req wire.LocalRequest, out outputter.Options) int {
	ping, err := c.publish(ctx, wire.LocalRequest{Tgt: req.Tgt, TgtType: req.TgtType, Fun: "test.ping"})
	if err != nil {
		printDoc(e, err.Error(), out)
		return 0
	}
	if len(ping.minions) == 0 && c.syndicWait == 0 {
		ping.close()
		return noMatch(e, out)
	}
	var alive []string
	seen := map[string]bool{}
	c.collect(ctx, ping, func(r wire.Return) {
		if !seen[r.ID] {
			seen[r.ID] = true
			alive = append(alive, r.ID)
		}
	})
	ping.close()
	result := jsonout.NewMap()
	if len(alive) > 0 {
		req.Tgt, req.TgtType = toAnyList(alive), "list"
		j, err := c.publish(ctx, req)
		if err != nil {
			printDoc(e, err.Error(), out)
			return 0
		}
		c.collect(ctx, j, func(r wire.Return) { result.Set(r.ID, decodeReturn(r)) })
		j.close()
	}
	printDoc(e, result, out)
	if result.Len() == 0 {
		fmt.Fprintln(e.Stderr, noReturnText)
		return 2
	}
	return 0
}

func decodeReturn(r wire.Return) any { return runners.DecodeReturn(r) }

// registeredSyndics lists the ids under syndic_dir (cachedir/syndics).
func registeredSyndics(opts config.Opts) map[string]bool {
	out := map[string]bool{}
	ents, _ := os.ReadDir(master.SyndicDir(opts.Str("cachedir")))
	for _, e := range ents {
		out[e.Name()] = true
	}
	return out
}
