package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"

	"github.com/saltlab/saltlab/internal/chaos"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// fakeLab is a unit-test double of a failover lab: minions are served by the
// first running master of their list.
type fakeLab struct {
	mu      sync.Mutex
	running map[string]bool
	config  string
	execs   []string
	// daemonsStuck keeps minion daemons on salt-master-1 even when it is
	// stopped, as Salt does when the master name stops resolving.
	daemonsStuck bool
	// paused containers refuse exec (as Docker does) but still hold their
	// minions' connections, so they keep serving in the fake's model.
	paused map[string]bool
	// pauseFailsOver makes minions leave a paused master, which real Salt
	// does not do; the pause feature must then fail.
	pauseFailsOver bool
	// cut holds "minion|master" pairs that a partition separates.
	cut map[string]bool
	api *httptest.Server
	// basePath is where the fake balancer serves the API ("/" when empty);
	// other paths answer 404, as Nginx does.
	basePath string
	// signinBroken models minions that can reach no master's ret port.
	signinBroken bool
	// rejected models minions whose key a master holds as rejected.
	rejected map[string]bool
	// startingPolls makes a service report "starting" for that many status
	// calls; health overrides a service's status outright.
	startingPolls map[string]int
	health        map[string]string
	// rec receives what the masters' buses would publish (nil: nothing).
	rec  *history.Recorder
	jids int
	// masterOpts are the masters' options by config.get key, as JSON.
	masterOpts map[string]string
	// etcHosts is the minions' /etc/hosts ("": Docker's own, which pins
	// only the container itself).
	etcHosts string
	// declared replaces the failover roles (role phrase tests).
	declared *roles.Roles
	// highstate answers salt-call state.apply (fakeHighstate).
	highstate *fakeHighstate
	// version is what salt-call --version prints ("": 3006.9); zmqMonitor
	// is the minions' zmq_monitor.
	version    string
	zmqMonitor bool
	// itemsExit, when not 0, is how salt-call config.items exits (124:
	// timed out, as `timeout` reports it).
	itemsExit int
	// strayBoots is how many of the next minion boots sign in to
	// salt-master-2 only, as a failover daemon whose sign-in try on
	// salt-master-1 timed out does; minionStarts counts minion starts.
	strayBoots   int
	minionStarts int
}

// fire publishes an event on master's bus, as the run's event watcher
// would record it.
func (f *fakeLab) fire(master, tag string, data map[string]any) {
	if f.rec == nil {
		return
	}
	b, _ := json.Marshal(data)
	_, _ = f.rec.Append(history.Entry{Type: history.Event, Master: master, Tag: tag, Data: b})
}

// watch records that master's stream went up or down.
func (f *fakeLab) watch(master, phase string) {
	if f.rec != nil && strings.HasPrefix(master, "salt-master-") {
		_, _ = f.rec.Append(history.Entry{Type: history.Watch, Master: master, Phase: phase})
	}
}

// job fires the events of one job on master: new (unless standalone) and
// the minion's return.
func (f *fakeLab) job(master, minion, fun string, standalone bool) {
	f.jids++
	jid := fmt.Sprintf("2026112310%010d", f.jids)
	if !standalone {
		f.fire(master, "salt/job/"+jid+"/new", map[string]any{"jid": jid, "tgt": minion, "fun": fun, "minions": []string{minion}})
	}
	f.fire(master, "salt/job/"+jid+"/ret/"+minion, map[string]any{"id": minion, "fun": fun, "jid": jid, "return": true})
}

// minionSettings are the settings f.config holds, by key, as JSON.
func (f *fakeLab) minionSettings() map[string]string {
	return map[string]string{"master": `["salt-master-1", "salt-master-2"]`, "master_type": `"failover"`,
		"master_alive_interval": `0.2`, "publish_port": `4505`, "transport": `"zeromq"`, "open_mode": `false`, "verify_master_pubkey_sign": `false`,
		"zmq_monitor": fmt.Sprint(f.zmqMonitor)}
}

func newFakeLab() *fakeLab {
	return &fakeLab{
		running: map[string]bool{"salt-master-1": true, "salt-master-2": true, "salt-minion-1": true, "salt-minion-2": true},
		config:  "master: [salt-master-1, salt-master-2]\nmaster_type: failover\nmaster_alive_interval: 0.2\nauth_timeout: 0.1\nretry_dns: 0\n",
	}
}

func (f *fakeLab) Roles() roles.Roles {
	if f.declared != nil {
		return *f.declared
	}
	return roles.Roles{Masters: []string{"salt-master-1", "salt-master-2"}, Minions: []string{"salt-minion-1", "salt-minion-2"},
		API: &roles.API{Service: "nginx", Port: 80, BasePath: f.base()}}
}

func (f *fakeLab) base() string {
	if f.basePath == "" {
		return "/"
	}
	return f.basePath
}

func (f *fakeLab) Services() []string {
	return []string{"key-wait", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
}

func (f *fakeLab) Status(_ context.Context, s string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s == "key-wait" {
		return "exited 0", nil
	}
	if h, ok := f.health[s]; ok {
		return h, nil
	}
	if f.startingPolls[s] > 0 {
		f.startingPolls[s]--
		return "starting", nil
	}
	if f.running[s] {
		return "healthy", nil
	}
	return "exited 0", nil
}

func (f *fakeLab) Stop(_ context.Context, s string, _ time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	before := f.serving()
	f.running[s] = false
	f.watch(s, history.End)
	// Daemons that fail over announce themselves on their new master.
	if now := f.serving(); now != before && now != "" && !f.daemonsStuck {
		for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
			f.fire(now, "salt/minion/"+m+"/start", map[string]any{"id": m})
		}
	}
	return nil
}

func (f *fakeLab) Start(_ context.Context, s string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.running[s] {
		f.watch(s, history.Start)
	}
	f.running[s] = true
	// A booted minion daemon announces itself on the masters it signs in
	// to: every running one covers hot mode and failover mode alike.
	if strings.HasPrefix(s, "salt-minion-") {
		f.minionStarts++
		if f.strayBoots > 0 && f.running["salt-master-2"] {
			f.strayBoots--
			f.fire("salt-master-2", "salt/minion/"+s+"/start", map[string]any{"id": s})
			return nil
		}
		for _, m := range []string{"salt-master-1", "salt-master-2"} {
			if f.running[m] {
				f.fire(m, "salt/minion/"+s+"/start", map[string]any{"id": s})
			}
		}
	}
	return nil
}

func (f *fakeLab) serving() string {
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		if f.running[m] && !(f.pauseFailsOver && f.paused[m]) {
			return m
		}
	}
	return ""
}

func (f *fakeLab) Exec(_ context.Context, service string, argv []string) (Output, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cmd := strings.Join(argv, " ")
	f.execs = append(f.execs, service+": "+cmd)
	if service == "nginx" { // the balancer in front of the fake API
		switch cmd {
		case strings.Join(procCmdlines, " "):
			return Output{Stdout: "nginx\x00-c\x00/etc/saltlab/nginx.conf\x00-g\x00daemon off;\x00"}, nil
		case "nginx -T -c /etc/saltlab/nginx.conf":
			return Output{Stdout: "# configuration file /etc/saltlab/nginx.conf:\nhttp { upstream salt_api { server salt-master-1:8000 max_fails=1 fail_timeout=5s; server salt-master-2:8000 backup; }\n" +
				" server { listen 80; location / { proxy_pass http://salt_api; proxy_connect_timeout 2s; } } }\n"}, nil
		}
	}
	if !f.running[service] {
		return Output{}, fmt.Errorf("container %s is not running", service)
	}
	if f.paused[service] {
		return Output{}, fmt.Errorf("container %s is paused, unpause the container before exec", service)
	}
	switch {
	case cmd == "hostname -i" || strings.HasSuffix(cmd, " hostname -i"):
		return Output{Stdout: fakeIP(service) + "\n"}, nil
	case strings.HasSuffix(cmd, " cat /etc/hosts"):
		if f.etcHosts != "" {
			return Output{Stdout: f.etcHosts}, nil
		}
		return Output{Stdout: "127.0.0.1\tlocalhost\n" + fakeIP(service) + "\t" + service + "\n"}, nil
	case strings.HasPrefix(cmd, "getent hosts "):
		// Docker's DNS serves the names of running containers only.
		name := argv[len(argv)-1]
		if !f.running[name] {
			return Output{ExitCode: getentNotFound}, nil
		}
		return Output{Stdout: fakeIP(name) + "       " + name + "\n"}, nil
	case strings.HasPrefix(cmd, "bash -c"):
		return Output{Stdout: "---\n" + f.config}, nil
	case strings.Contains(cmd, "salt-call --out=json --local config.get "):
		// The settings f.config holds, as Salt's config.get returns them.
		return Output{Stdout: `{"local": ` + f.minionSettings()[argv[len(argv)-1]] + `}`}, nil
	case strings.HasSuffix(cmd, "salt-call --out=json --local config.items") && f.itemsExit != 0:
		return Output{ExitCode: f.itemsExit, Stderr: "config.items did not answer"}, nil
	case strings.HasSuffix(cmd, "salt-call --out=json --local config.items"):
		// The minion's options, as Salt 3008.4 loads them: publish_port
		// is not among them (config.get answers it from elsewhere).
		var b strings.Builder
		b.WriteString(`{"local": {"log_file": "/var/log/salt/minion", "grains": {"os": "Debian"}`)
		for k, v := range f.minionSettings() {
			if k != "publish_port" {
				fmt.Fprintf(&b, `, %q: %s`, k, v)
			}
		}
		b.WriteString("}}")
		return Output{Stdout: b.String()}, nil
	case strings.Contains(cmd, "salt-run --out=json config.get "):
		// The masters' options, as Salt's config runner prints them.
		if v, ok := f.masterOpts[argv[len(argv)-1]]; ok {
			return Output{Stdout: v + "\n"}, nil
		}
		return Output{Stdout: "null\n"}, nil
	case strings.Contains(cmd, "salt-key --out=json -F"):
		return Output{Stdout: `{"local": {"master.pem": "aa:bb", "master.pub": "11:22"}}`}, nil
	case strings.Contains(cmd, "salt-call --version"):
		if f.version != "" {
			return Output{Stdout: f.version + "\n"}, nil
		}
		return Output{Stdout: "salt-call 3006.9 (fake)\n"}, nil
	case strings.Contains(cmd, "salt-key --out=json -L"):
		if f.signinBroken {
			return Output{Stdout: `{"minions": [], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
		}
		return Output{Stdout: `{"minions": ["salt-minion-1", "salt-minion-2"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
	case strings.Contains(cmd, "salt-call --out=json test.ping"):
		if f.rejected[service] {
			return Output{ExitCode: 77, Stderr: "The Salt Master has rejected this minion's public key!\nThe Salt Minion will now exit."}, nil
		}
		if f.serving() == "" || f.signinBroken {
			return Output{ExitCode: 1, Stderr: "No master could be reached"}, nil
		}
		f.job(f.serving(), service, "test.ping", true) // salt-call returns to its master
		return Output{Stdout: "{\n    \"local\": true\n}\n"}, nil
	case strings.Contains(cmd, "salt-call --out=json --master ") && f.highstate != nil:
		// --master M: served by M, or no master at all when M is down.
		if master := argv[slices.Index(argv, "--master")+1]; !f.running[master] {
			return Output{ExitCode: 1, Stderr: "No master could be reached"}, nil
		} else if out, ok := f.highstate.answer(service, master, argv); ok {
			// salt-call returns to the master it signed in to (its own
			// return, jid "req"), whatever the states did.
			fun := "state.apply"
			if slices.Contains(argv, "pillar.items") {
				fun = "pillar.items"
			}
			f.job(master, service, fun, true)
			return out, nil
		}
	case strings.Contains(cmd, " salt --out=json"):
		minion := argv[len(argv)-2]
		if f.cut[minion+"|"+service] {
			return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
		}
		if f.serving() == service && !(f.daemonsStuck && service != "salt-master-1") {
			f.job(service, minion, "test.ping", false)
			return Output{Stdout: fmt.Sprintf("{%q: true}\n", minion)}, nil
		}
		return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
	}
	return Output{ExitCode: 127, Stderr: "fake: unknown command " + cmd}, nil
}

// fakeChaos implements pause and its undo on a fakeLab, through the same
// ledger the steps use.
type fakeChaos struct {
	lab    *fakeLab
	ledger *fault.Ledger
}

func (c *fakeChaos) Inject(ctx context.Context, s chaos.Spec) (fault.Entry, error) {
	if s.Kind == chaos.KindLatency {
		return fault.Entry{}, fmt.Errorf("fault latency: %w: host lacks nat-redirect: no REDIRECT target", chaos.ErrUnsupported)
	}
	switch s.Kind {
	case chaos.KindKeyAction:
		// The key lists are the fake lab's to play; the action runs as
		// the engine would run it, after the record.
		e, err := c.ledger.Add(fault.Entry{Kind: s.Kind, Target: s.Targets[0], Scenario: s.Scenario, Data: map[string]string{"minion": s.Minion, "action": s.KeyOp}})
		if err != nil {
			return e, err
		}
		return e, s.Act(ctx)
	case chaos.KindStop:
		e, err := c.ledger.Add(fault.Entry{Kind: s.Kind, Target: s.Targets[0], Scenario: s.Scenario})
		if err != nil {
			return e, err
		}
		return e, c.lab.Stop(ctx, s.Targets[0], 10*time.Second) // the engine's stop grace
	case chaos.KindPause, chaos.KindPartition:
	default:
		return fault.Entry{}, fmt.Errorf("fake chaos: %s not implemented", s.Kind)
	}
	target := strings.Join(s.Targets, ",") // as the engine names it
	if len(s.Peers) > 0 {
		target += "|" + strings.Join(s.Peers, ",")
	}
	e, err := c.ledger.Add(fault.Entry{Kind: s.Kind, Target: target, Scenario: s.Scenario})
	if err != nil {
		return e, err
	}
	c.lab.mu.Lock()
	defer c.lab.mu.Unlock()
	if c.lab.paused == nil {
		c.lab.paused, c.lab.cut = map[string]bool{}, map[string]bool{}
	}
	for _, t := range s.Targets {
		if s.Kind == chaos.KindPause {
			c.lab.paused[t] = true
		}
		for _, p := range s.Peers {
			c.lab.cut[t+"|"+p] = true
		}
	}
	return e, nil
}

func (c *fakeChaos) Undo(ctx context.Context, e fault.Entry) error {
	switch e.Kind {
	case chaos.KindStop:
		return c.lab.Start(ctx, e.Target)
	case chaos.KindKeyAction:
		return nil
	}
	c.lab.mu.Lock()
	defer c.lab.mu.Unlock()
	targets, peers, _ := strings.Cut(e.Target, "|")
	for _, t := range strings.Split(targets, ",") {
		delete(c.lab.paused, t)
		for _, p := range strings.Split(peers, ",") {
			delete(c.lab.cut, t+"|"+p)
		}
	}
	return nil
}

// Published serves a stand-in of the salt-api behind the load balancer: the
// first running master answers (active/backup), /run needs per-request
// credentials, and a session is known only to the master that issued it.
func (f *fakeLab) Published(_ context.Context, service, port string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if service != "nginx" || port != "80/tcp" {
		return "", fmt.Errorf("fake: %s publishes no port %s", service, port)
	}
	if f.api == nil {
		f.api = httptest.NewServer(http.HandlerFunc(f.serveAPI))
	}
	return strings.TrimPrefix(f.api.URL, "http://"), nil
}

func (f *fakeLab) serveAPI(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	master := f.serving()
	f.mu.Unlock()
	if master == "" {
		http.Error(w, "502 Bad Gateway", http.StatusBadGateway)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, f.base())
	if !ok {
		http.NotFound(w, r)
		return
	}
	r.URL.Path = "/" + rest
	pings := `{"return": [{"salt-minion-1": true, "salt-minion-2": true}]}`
	switch {
	case r.URL.Path == "/login":
		w.Header().Set(saltapi.UpstreamHeader, fakeIP(master)+":8000")
		fmt.Fprintf(w, `{"return": [{"token": "session-of-%s"}]}`, master)
	case r.URL.Path == "/run":
		var low []map[string]any
		if err := json.NewDecoder(r.Body).Decode(&low); err != nil || len(low) == 0 || low[0]["password"] != "pw" {
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		io.WriteString(w, pings)
	case r.URL.Path == "/" && r.Method == http.MethodPost:
		if r.Header.Get("X-Auth-Token") != "session-of-"+master {
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		io.WriteString(w, pings)
	default:
		http.NotFound(w, r)
	}
}

// fakeIP is a service's address in the fake lab: 10.0.0.1<n> for *-<n>.
func fakeIP(service string) string {
	return "10.0.0.1" + service[len(service)-1:]
}
