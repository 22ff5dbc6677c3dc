package scenario

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/salt/nginxconf"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// lbConfigOp is the history's name for reading the balancer's own config.
const lbConfigOp = "nginx -T"

// lbReadTimeout bounds reading the balancer's config in its container.
const lbReadTimeout = 20 * time.Second

// LBFailover reads how the load balancer detours requests around a dead
// server for the API path, from the configuration its nginx process runs
// with (`nginx -T`, the file named by the process's own -c), recorded in
// the history: the API bounds come from the deployment under test, as the
// Salt bounds come from the Salt config.
func (w *World) LBFailover(ctx context.Context, path string) (nginxconf.Failover, error) {
	api := w.Lab.Roles().API
	if api == nil {
		return nginxconf.Failover{}, errors.New("read the load balancer's config: the topology declares no api in x-saltlab")
	}
	if path == "" {
		path = api.BasePath
	}
	var fo nginxconf.Failover
	err := w.readNginx(ctx, api.Service, func(ds []nginxconf.Directive) (any, error) {
		var err error
		fo, err = nginxconf.FailoverOf(ds, path)
		return fo, err
	})
	return fo, err
}

// readNginx records reading service's nginx configuration (`nginx -T`,
// with the -c its running nginx was started with) and hands the parsed
// directives to read, whose result goes into the history.
func (w *World) readNginx(ctx context.Context, service string, read func([]nginxconf.Directive) (any, error)) error {
	o := w.Op(ctx, lbConfigOp, service, "", func(ctx context.Context) client.Outcome {
		ctx, cancel := context.WithTimeout(ctx, lbReadTimeout)
		defer cancel()
		argv := []string{"nginx", "-T"}
		if cmd, err := w.Lab.Exec(ctx, service, procCmdlines); err == nil {
			argv = append(argv, confFlag(cmd.Stdout)...)
		}
		out, err := w.Lab.Exec(ctx, service, argv)
		if err != nil {
			return client.Failed(nil, "run %v in %s: %v", argv, service, err)
		}
		if out.ExitCode != 0 {
			return client.Failed(nil, "%v in %s exited %d: %s", argv, service, out.ExitCode, strings.TrimSpace(out.Stderr))
		}
		ds, err := nginxconf.Parse(out.Stdout)
		if err != nil {
			return client.Failed(nil, "%v", err)
		}
		v, err := read(ds)
		if err != nil {
			return client.Failed(nil, "%v", err)
		}
		return client.Succeeded(v)
	})
	if !o.OK() {
		return fmt.Errorf("read the load balancer's config: %s (not an nginx balancer? its failover bound cannot be read)", o.Err)
	}
	return nil
}

// BalancerFailovers reads the master balancer's failover settings for each
// port it balances (x-saltlab master_balancer), recorded in the history.
func (w *World) BalancerFailovers(ctx context.Context) ([]nginxconf.Failover, error) {
	b := w.Lab.Roles().MasterBalancer
	if b == nil {
		return nil, errors.New("read the master balancer's config: the topology declares no master_balancer in x-saltlab: the cluster steps need one")
	}
	var fos []nginxconf.Failover
	err := w.readNginx(ctx, b.Service, func(ds []nginxconf.Directive) (any, error) {
		fos = nil
		for _, port := range b.Ports {
			fo, err := nginxconf.StreamFailoverOf(ds, port)
			if err != nil {
				return nil, err
			}
			fos = append(fos, fo)
		}
		return fos, nil
	})
	return fos, err
}

// procCmdlines prints every process's NUL-separated command line, one a
// line: the nginx master need not be PID 1 (an init may run first).
var procCmdlines = []string{"sh", "-c", `for f in /proc/[0-9]*/cmdline; do cat "$f"; echo; done 2>/dev/null`}

// confFlag returns the "-c FILE" of the first nginx command line among
// cmdlines (one a line, arguments NUL-separated; nginx's master retitles
// itself "nginx: master process nginx -c FILE ...", one space-separated
// string), if any.
func confFlag(cmdlines string) []string {
	for _, line := range strings.Split(cmdlines, "\n") {
		args := strings.FieldsFunc(line, func(r rune) bool { return r == 0 || unicode.IsSpace(r) })
		if len(args) == 0 || strings.TrimSuffix(path.Base(args[0]), ":") != "nginx" {
			continue
		}
		for i, a := range args {
			if a == "-c" && i+1 < len(args) && args[i+1] != "" {
				return []string{"-c", args[i+1]}
			}
		}
	}
	return nil
}

// WithDetour adds one request's worst detour around a dead server to a
// minion's reach bound.
func WithDetour(fo nginxconf.Failover, b saltcfg.Bound) saltcfg.Bound {
	return saltcfg.Bound{Limit: b.Limit + fo.ConnectTimeout, Explain: b.Explain + " + " + fo.Explain()}
}

// DetourBound bounds a request the balancer must move to a live server:
// its connect timeout on the dead one, plus process slack.
func DetourBound(fo nginxconf.Failover, slack time.Duration) saltcfg.Bound {
	return saltcfg.Bound{Limit: fo.ConnectTimeout + slack, Explain: fmt.Sprintf("%s + process slack %s", fo.Explain(), slack)}
}
