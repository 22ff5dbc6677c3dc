package signin

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

// Evaluator is MinionBase.eval_master for one Minion object. Like Salt it
// mutates Opts: "master" becomes the bare host of the connected master,
// "master_list" keeps the original order, "local_masters" the current one.
type Evaluator struct {
	Opts     config.Opts
	Auth     *Authenticator
	Resolver resolve.Resolver
	Log      *saltlog.Logger
	Sleep    func(ctx context.Context, d time.Duration) error
	// Probe is dns_check's connect-test timeout (2 s in Salt).
	Probe time.Duration
	// URIs are the list entries the last list-path pre-pass resolved, in
	// order: Salt's opts["master_uri_list"], to which salt-call's event.send
	// sends (§1.13).
	URIs []MasterURI
	// Loop, when set, is the minion process's shared io_loop: resolve_dns
	// sleeps with time.sleep inside a coroutine, so while retry_dns waits
	// nothing else in the process runs (§1.7, §10.7). Held for the whole
	// retry loop; other Minion objects wait for it between steps.
	Loop sync.Locker
}

// MasterURI is one resolved entry of the master list (tcp://IP:Port in Salt).
type MasterURI struct {
	Host string
	IP   string
	Port int
}

// Eval connects to a master and returns the session. failed is true after a
// detected disconnect; failback restarts from the original list.
func (e *Evaluator) Eval(ctx context.Context, failed, failback bool) (*Session, error) {
	o := e.Opts
	switch mt := o.Str("master_type"); mt {
	case "disable":
		e.Log.Warnf("Master is set to disable, skipping connection")
		return nil, ErrMasterDisabled
	case "failover", "distributed":
		if err := e.prepareFailover(failed, failback); err != nil {
			return nil, err
		}
	case "str", "":
	default:
		msg := fmt.Sprintf("Invalid keyword '%s' for variable 'master_type'", mt)
		e.Log.Errorf("%s", msg)
		return nil, &ExitError{Code: 1, Msg: msg}
	}
	if o.IsList("master") {
		return e.evalList(ctx)
	}
	return e.evalSingle(ctx)
}

// prepareFailover applies the failover branch of eval_master (§1.6, §1.7).
func (e *Evaluator) prepareFailover(failed, failback bool) error {
	o := e.Opts
	switch {
	case o.IsList("master"):
		e.Log.Infof("Got list of available master addresses: %v", o.List("master"))
		if o.Bool("master_shuffle") {
			e.Log.Warnf("Use of 'master_shuffle' detected. 'master_shuffle' is deprecated in favor of 'random_master'. Please update your minion config file.")
			o["random_master"] = true
		}
		o["auth_tries"] = 0
		if o.Bool("master_failback") && o.Float("master_failback_interval", 0) == 0 {
			o["master_failback_interval"] = o["master_alive_interval"]
		}
	case !o.Has("master_list"):
		if _, ok := o["master"].(string); !ok {
			return e.badType()
		}
		o["master"] = []any{o.Str("master")} // issue 23611
	case failed:
		if failback {
			o["master"] = toAny(o.List("master_list"))
			break
		}
		cur := o.Str("master")
		e.Log.Infof("Moving possibly failed master %s to the end of the list of masters", cur)
		local := o.List("local_masters")
		if contains(local, cur) {
			rest := []any{}
			for _, m := range local {
				if m != cur {
					rest = append(rest, m)
				}
			}
			o["master"] = append(rest, cur)
		} else {
			// Entries with ports never equal the bare host: Salt then
			// falls back to the original list (faithful quirk).
			o["master"] = toAny(o.List("master_list"))
		}
	default:
		return e.badType()
	}
	if o.Float("retry_dns", 30) != 0 && o.Str("master_type") == "failover" {
		e.Log.Criticalf("'master_type' set to 'failover' but 'retry_dns' is not 0. Setting 'retry_dns' to 0 to failover to the next master on DNS errors.")
		o["retry_dns"] = 0
	}
	return nil
}

func (e *Evaluator) badType() error {
	msg := fmt.Sprintf("master_type set to 'failover' but 'master' is not of type list but of type %T", e.Opts["master"])
	e.Log.Errorf("%s", msg)
	return &ExitError{Code: 1, Msg: msg}
}

// evalList is the list path (failover, distributed, salt-call with a list).
func (e *Evaluator) evalList(ctx context.Context) (*Session, error) {
	o := e.Opts
	local := o.List("master")
	o["local_masters"] = toAny(local)
	if o.Bool("random_master") {
		if o.Str("master_type") == "failover" && o.Bool("master_failback") && len(local) > 1 {
			rest := local[1:]
			rand.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		} else {
			rand.Shuffle(len(local), func(i, j int) { local[i], local[j] = local[j], local[i] })
		}
		o["local_masters"] = toAny(local)
	}
	failover := o.Str("master_type") == "failover"
	// Pre-pass: which entries resolve at all (master_uri_list).
	resolved := 0
	e.URIs = nil
	for _, m := range local {
		if host, ip, err := e.resolveEntry(ctx, m, !failover); err == nil {
			resolved++
			e.URIs = append(e.URIs, MasterURI{Host: host, IP: ip, Port: o.Int("master_port", 4506)})
		} else if failover && errors.Is(err, ErrUnresolvable) {
			continue
		} else if err != nil {
			return nil, err
		}
	}
	if resolved == 0 {
		e.Log.Errorf("%s", ErrNoneResolved.Error())
		return nil, ErrNoneResolved
	}
	tries := o.Int("master_tries", 1)
	var lastErr error
	for attempts := 0; ; {
		if attempts != 0 {
			if err := e.Sleep(ctx, o.Seconds("acceptance_wait_time", 10)); err != nil {
				return nil, err
			}
		}
		attempts++
		if tries > 0 {
			e.Log.Debugf("Connecting to master. Attempt %d of %d", attempts, tries)
		} else {
			e.Log.Debugf("Connecting to master. Attempt %d (infinite attempts)", attempts)
		}
		for _, m := range local {
			host, ip, err := e.resolveEntry(ctx, m, !failover)
			if err != nil {
				if failover && errors.Is(err, ErrUnresolvable) {
					continue
				}
				return nil, err
			}
			o["master_ip"] = ip // opts.update(resolve_dns(opts)), before the connect
			if !o.Has("master_list") {
				o["master_list"] = toAny(local)
			}
			sess, err := e.Auth.SignIn(ctx, host, ip, o.Int("master_port", 4506))
			if err == nil {
				o["master"] = host
				return sess, nil
			}
			var exit *ExitError
			if errors.As(err, &exit) || ctx.Err() != nil {
				return nil, err
			}
			lastErr = err
			e.Log.Infof("Master %s could not be reached, trying next master (if any)", host)
		}
		if attempts == tries {
			o["master"] = toAny(local)
			e.Log.Errorf("%s", ErrNoMaster.Error())
			if lastErr == nil {
				lastErr = ErrNoMaster
			}
			return nil, ClientError(lastErr)
		}
	}
}

// evalSingle is the single-master path (str mode, each hot-mode Minion).
func (e *Evaluator) evalSingle(ctx context.Context) (*Session, error) {
	o := e.Opts
	if o.Bool("random_master") {
		e.Log.Warnf("random_master is True but there is only one master specified. Ignoring.")
	}
	tries := o.Int("master_tries", 1)
	entry := o.Str("master")
	for attempts := 0; ; {
		if attempts != 0 {
			if err := e.Sleep(ctx, o.Seconds("acceptance_wait_time", 10)); err != nil {
				return nil, err
			}
		}
		attempts++
		host, ip, err := e.resolveEntry(ctx, entry, true)
		if err != nil {
			return nil, err
		}
		o["master_ip"] = ip
		sess, err := e.Auth.SignIn(ctx, host, ip, o.Int("master_port", 4506))
		if err == nil {
			o["master"] = host
			return sess, nil
		}
		var exit *ExitError
		if errors.As(err, &exit) || ctx.Err() != nil || attempts == tries {
			return nil, ClientError(err)
		}
	}
}

// resolveEntry is prep_ip_port + resolve_dns. An entry port sets
// master_port in opts (and so leaks to later entries, §1.3 INFER).
func (e *Evaluator) resolveEntry(ctx context.Context, entry string, fallback bool) (string, string, error) {
	o := e.Opts
	ent, err := resolve.ParseEntry(entry, o.Str("master_uri_format") == "ip_only")
	if err != nil {
		return "", "", fmt.Errorf("SaltClientError: %w", err)
	}
	if ent.Host == "" {
		return "", "", &ExitError{Code: 42, Msg: "Master address: 'unknown address' could not be resolved. Invalid or unresolveable address. Set 'master' value in minion config."}
	}
	if ent.Port != 0 {
		o["master_port"] = ent.Port
	}
	port := o.Int("master_port", 4506)
	ip, err := resolve.Check(ctx, e.Resolver, ent.Host, port, e.Probe)
	if err != nil {
		e.Log.Errorf("DNS lookup or connection check of '%s' failed.", ent.Host)
		ip, err = e.retryDNS(ctx, ent.Host, port, fallback)
		if err != nil {
			return "", "", err
		}
	}
	// resolve_dns compares with whatever master_ip opts hold, so the warning
	// also marks a failover to another master's address (and the pre-pass,
	// which does not store its result, repeats it for each other address).
	if old := o.Str("master_ip"); old != "" && old != ip {
		e.Log.Warnf("Master ip address changed from %s to %s", old, ip)
	}
	return ent.Host, ip, nil
}

// retryDNS implements resolve_dns's retry_dns loop and fallback.
func (e *Evaluator) retryDNS(ctx context.Context, host string, port int, fallback bool) (string, error) {
	o := e.Opts
	every := o.Seconds("retry_dns", 30)
	if every <= 0 {
		if fallback {
			return "127.0.0.1", nil
		}
		return "", ErrUnresolvable
	}
	if e.Loop != nil {
		e.Loop.Lock()
		defer e.Loop.Unlock()
	}
	count := -1
	if o.Has("retry_dns_count") {
		count = o.Int("retry_dns_count", -1)
	}
	for {
		if count == 0 {
			return "", &ExitError{Code: 1, Msg: "Master hostname could not be resolved (SaltMasterUnresolvableError)"}
		}
		if count > 0 {
			count--
		}
		e.Log.Errorf("Master hostname: '%s' not found or not responsive. Retrying in %v seconds", host, every.Seconds())
		if err := e.Sleep(ctx, every); err != nil {
			return "", err
		}
		if ip, err := resolve.Check(ctx, e.Resolver, host, port, e.Probe); err == nil {
			return ip, nil
		}
	}
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// SleepCtx sleeps for d or until ctx ends.
func SleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
