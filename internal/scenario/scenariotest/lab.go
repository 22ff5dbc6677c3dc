// Package scenariotest holds a unit-test double of a failover lab, for the
// tests of the scenario runtime and of the steps: minions served by the
// first running master of their list, the masters' buses recorded into a
// history, a stand-in salt-api behind a balancer, and pause, partition and
// stop through a fault ledger.
package scenariotest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// Lab is a unit-test double of a failover lab: minions are served by the
// first running master of their list.
type Lab struct {
	Mu      sync.Mutex
	Running map[string]bool
	Config  string
	Execs   []string
	// daemonsStuck keeps minion daemons on salt-master-1 even when it is
	// stopped, as Salt does when the master name stops resolving.
	DaemonsStuck bool
	// paused containers refuse exec (as Docker does) but still hold their
	// minions' connections, so they keep serving in the fake's model.
	Paused map[string]bool
	// pauseFailsOver makes minions leave a paused master, which real Salt
	// does not do; the pause feature must then fail.
	PauseFailsOver bool
	// cut holds "minion|master" pairs that a partition separates.
	Cut map[string]bool
	API *httptest.Server
	// basePath is where the fake balancer serves the API ("/" when empty);
	// other paths answer 404, as Nginx does.
	BasePath string
	// signinBroken models minions that can reach no master's ret port.
	SigninBroken bool
	// rejected models minions whose key a master holds as rejected.
	Rejected map[string]bool
	// startingPolls makes a service report "starting" for that many status
	// calls; health overrides a service's status outright.
	StartingPolls map[string]int
	Health        map[string]string
	// rec receives what the masters' buses would publish (nil: nothing).
	Rec  *history.Recorder
	jids int
	// masterOpts are the masters' options by config.get key, as JSON.
	MasterOpts map[string]string
	// etcHosts is the minions' /etc/hosts ("": Docker's own, which pins
	// only the container itself).
	EtcHosts string
	// declared replaces the failover roles (role phrase tests).
	Declared *roles.Roles
	// Highstate answers salt-call state.apply and pillar.items.
	Highstate Highstates
	// version is what salt-call --version prints ("": 3006.9); zmqMonitor
	// is the minions' zmq_monitor.
	Version    string
	ZMQMonitor bool
	// itemsExit, when not 0, is how salt-call config.items exits (124:
	// timed out, as `timeout` reports it).
	ItemsExit int
	// strayBoots is how many of the next minion boots sign in to
	// salt-master-2 only, as a failover daemon whose sign-in try on
	// salt-master-1 timed out does; minionStarts counts minion starts.
	StrayBoots   int
	MinionStarts int
}

// Output is what a command printed inside a container and how it exited.
type Output = client.Output

// Highstates answers a minion's salt-call state.apply or pillar.items
// served by master; ok is false for any other command.
type Highstates interface {
	Answer(minion, master string, argv []string) (out Output, ok bool)
}

// getentNotFound is getent's exit status for a key it cannot find.
const getentNotFound = 2

// Fire publishes an event on master's bus, as the run's event watcher
// would record it.
func (f *Lab) Fire(master, tag string, data map[string]any) {
	if f.Rec == nil {
		return
	}
	b, _ := json.Marshal(data)
	_, _ = f.Rec.Append(history.Entry{Type: history.Event, Master: master, Tag: tag, Data: b})
}

// Watch records that master's stream went up or down.
func (f *Lab) Watch(master, phase string) {
	if f.Rec != nil && strings.HasPrefix(master, "salt-master-") {
		_, _ = f.Rec.Append(history.Entry{Type: history.Watch, Master: master, Phase: phase})
	}
}

// Job fires the events of one job on master: new (unless standalone) and
// the minion's return.
func (f *Lab) Job(master, minion, fun string, standalone bool) {
	f.jids++
	jid := fmt.Sprintf("2026112310%010d", f.jids)
	if !standalone {
		f.Fire(master, "salt/job/"+jid+"/new", map[string]any{"jid": jid, "tgt": minion, "fun": fun, "minions": []string{minion}})
	}
	f.Fire(master, "salt/job/"+jid+"/ret/"+minion, map[string]any{"id": minion, "fun": fun, "jid": jid, "return": true})
}

// minionSettings are the settings f.Config holds, by key, as JSON.
func (f *Lab) minionSettings() map[string]string {
	return map[string]string{"master": `["salt-master-1", "salt-master-2"]`, "master_type": `"failover"`,
		"master_alive_interval": `0.2`, "publish_port": `4505`, "transport": `"zeromq"`, "open_mode": `false`, "verify_master_pubkey_sign": `false`,
		"zmq_monitor": fmt.Sprint(f.ZMQMonitor)}
}

// NewLab is a failover lab of two masters and two minions, all running.
func NewLab() *Lab {
	return &Lab{
		Running: map[string]bool{"salt-master-1": true, "salt-master-2": true, "salt-minion-1": true, "salt-minion-2": true},
		Config:  "master: [salt-master-1, salt-master-2]\nmaster_type: failover\nmaster_alive_interval: 0.2\nauth_timeout: 0.1\nretry_dns: 0\n",
	}
}

func (f *Lab) Roles() roles.Roles {
	if f.Declared != nil {
		return *f.Declared
	}
	return roles.Roles{Masters: []string{"salt-master-1", "salt-master-2"}, Minions: []string{"salt-minion-1", "salt-minion-2"},
		API: &roles.API{Service: "nginx", Port: 80, BasePath: f.base()}}
}

func (f *Lab) base() string {
	if f.BasePath == "" {
		return "/"
	}
	return f.BasePath
}

func (f *Lab) Services() []string {
	return []string{"key-wait", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
}

func (f *Lab) Status(_ context.Context, s string) (string, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if s == "key-wait" {
		return "exited 0", nil
	}
	if h, ok := f.Health[s]; ok {
		return h, nil
	}
	if f.StartingPolls[s] > 0 {
		f.StartingPolls[s]--
		return "starting", nil
	}
	if f.Running[s] {
		return "healthy", nil
	}
	return "exited 0", nil
}

func (f *Lab) Stop(_ context.Context, s string, _ time.Duration) error {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	before := f.serving()
	f.Running[s] = false
	f.Watch(s, history.End)
	// Daemons that fail over announce themselves on their new master.
	if now := f.serving(); now != before && now != "" && !f.DaemonsStuck {
		for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
			f.Fire(now, "salt/minion/"+m+"/start", map[string]any{"id": m})
		}
	}
	return nil
}

func (f *Lab) Start(_ context.Context, s string) error {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if !f.Running[s] {
		f.Watch(s, history.Start)
	}
	f.Running[s] = true
	// A booted minion daemon announces itself on the masters it signs in
	// to: every running one covers hot mode and failover mode alike.
	if strings.HasPrefix(s, "salt-minion-") {
		f.MinionStarts++
		if f.StrayBoots > 0 && f.Running["salt-master-2"] {
			f.StrayBoots--
			f.Fire("salt-master-2", "salt/minion/"+s+"/start", map[string]any{"id": s})
			return nil
		}
		for _, m := range []string{"salt-master-1", "salt-master-2"} {
			if f.Running[m] {
				f.Fire(m, "salt/minion/"+s+"/start", map[string]any{"id": s})
			}
		}
	}
	return nil
}

func (f *Lab) serving() string {
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		if f.Running[m] && !(f.PauseFailsOver && f.Paused[m]) {
			return m
		}
	}
	return ""
}

func (f *Lab) Exec(_ context.Context, service string, argv []string) (Output, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	cmd := strings.Join(argv, " ")
	f.Execs = append(f.Execs, service+": "+cmd)
	if service == "nginx" { // the balancer in front of the fake API
		switch {
		case strings.HasPrefix(cmd, "sh -c ") && strings.Contains(cmd, "/proc/"): // every process's command line
			return Output{Stdout: "nginx\x00-c\x00/etc/saltlab/nginx.conf\x00-g\x00daemon off;\x00"}, nil
		case cmd == "nginx -T -c /etc/saltlab/nginx.conf":
			return Output{Stdout: "# configuration file /etc/saltlab/nginx.conf:\nhttp { upstream salt_api { server salt-master-1:8000 max_fails=1 fail_timeout=5s; server salt-master-2:8000 backup; }\n" +
				" server { listen 80; location / { proxy_pass http://salt_api; proxy_connect_timeout 2s; } } }\n"}, nil
		}
	}
	if !f.Running[service] {
		return Output{}, fmt.Errorf("container %s is not running", service)
	}
	if f.Paused[service] {
		return Output{}, fmt.Errorf("container %s is paused, unpause the container before exec", service)
	}
	switch {
	case cmd == "hostname -i" || strings.HasSuffix(cmd, " hostname -i"):
		return Output{Stdout: IP(service) + "\n"}, nil
	case strings.HasSuffix(cmd, " cat /etc/hosts"):
		if f.EtcHosts != "" {
			return Output{Stdout: f.EtcHosts}, nil
		}
		return Output{Stdout: "127.0.0.1\tlocalhost\n" + IP(service) + "\t" + service + "\n"}, nil
	case strings.HasPrefix(cmd, "getent hosts "):
		// Docker's DNS serves the names of running containers only.
		name := argv[len(argv)-1]
		if !f.Running[name] {
			return Output{ExitCode: getentNotFound}, nil
		}
		return Output{Stdout: IP(name) + "       " + name + "\n"}, nil
	case strings.HasPrefix(cmd, "bash -c"):
		return Output{Stdout: "---\n" + f.Config}, nil
	case strings.Contains(cmd, "salt-call --out=json --local config.get "):
		// The settings f.Config holds, as Salt's config.get returns them.
		return Output{Stdout: `{"local": ` + f.minionSettings()[argv[len(argv)-1]] + `}`}, nil
	case strings.HasSuffix(cmd, "salt-call --out=json --local config.items") && f.ItemsExit != 0:
		return Output{ExitCode: f.ItemsExit, Stderr: "config.items did not answer"}, nil
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
		if v, ok := f.MasterOpts[argv[len(argv)-1]]; ok {
			return Output{Stdout: v + "\n"}, nil
		}
		return Output{Stdout: "null\n"}, nil
	case strings.Contains(cmd, "salt-run --out=json test.get_opts"):
		// Every option at once, as Salt's test runner prints __opts__:
		// a key "a:b" of MasterOpts is b nested under a.
		return Output{Stdout: f.masterOptions() + "\n"}, nil
	case strings.Contains(cmd, "salt-key --out=json -F"):
		return Output{Stdout: `{"local": {"master.pem": "aa:bb", "master.pub": "11:22"}}`}, nil
	case strings.Contains(cmd, "salt-call --version"):
		if f.Version != "" {
			return Output{Stdout: f.Version + "\n"}, nil
		}
		return Output{Stdout: "salt-call 3006.9 (fake)\n"}, nil
	case strings.Contains(cmd, "salt-key --out=json -L"):
		if f.SigninBroken {
			return Output{Stdout: `{"minions": [], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
		}
		return Output{Stdout: `{"minions": ["salt-minion-1", "salt-minion-2"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`}, nil
	case strings.Contains(cmd, "salt-call --out=json test.ping"):
		if f.Rejected[service] {
			return Output{ExitCode: 77, Stderr: "The Salt Master has rejected this minion's public key!\nThe Salt Minion will now exit."}, nil
		}
		if f.serving() == "" || f.SigninBroken {
			return Output{ExitCode: 1, Stderr: "No master could be reached"}, nil
		}
		f.Job(f.serving(), service, "test.ping", true) // salt-call returns to its master
		return Output{Stdout: "{\n    \"local\": true\n}\n"}, nil
	case strings.Contains(cmd, "salt-call --out=json --master ") && f.Highstate != nil:
		// --master M: served by M, or no master at all when M is down.
		if master := argv[slices.Index(argv, "--master")+1]; !f.Running[master] {
			return Output{ExitCode: 1, Stderr: "No master could be reached"}, nil
		} else if out, ok := f.Highstate.Answer(service, master, argv); ok {
			// salt-call returns to the master it signed in to (its own
			// return, jid "req"), whatever the states did.
			fun := "state.apply"
			if slices.Contains(argv, "pillar.items") {
				fun = "pillar.items"
			}
			f.Job(master, service, fun, true)
			return out, nil
		}
	case strings.Contains(cmd, " salt --out=json"):
		minion := argv[len(argv)-2]
		if f.Cut[minion+"|"+service] {
			return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
		}
		if f.serving() == service && !(f.DaemonsStuck && service != "salt-master-1") {
			f.Job(service, minion, "test.ping", false)
			return Output{Stdout: fmt.Sprintf("{%q: true}\n", minion)}, nil
		}
		return Output{ExitCode: 1, Stdout: fmt.Sprintf("{%q: \"Minion did not return. [No response]\"}\n", minion)}, nil
	}
	return Output{ExitCode: 127, Stderr: "fake: unknown command " + cmd}, nil
}

// Chaos implements stop, pause, partition, key actions and their undo on
// a Lab, through the same ledger the steps use; latency is unsupported,
// as on a host without the kernel's nat redirect.
type Chaos struct {
	lab    *Lab
	ledger *fault.Ledger
	// Nodes places the services on swarm nodes (service -> node) for the
	// node faults; nil is a lab on compose, which has none. A lost node
	// pauses every service on it; once back, the services on it are
	// stopped, as a swarm's engine stops the tasks its manager ended
	// while the node was down. The engine's heal then starts them as new
	// tasks, which failover minions do not go back to; the fake, whose
	// minions follow the first running master, leaves them stopped.
	Nodes map[string]string
}

// NodeOf names the node of service (the engine's Engine.NodeOf).
func (c *Chaos) NodeOf(_ context.Context, service string) (string, error) {
	if c.Nodes == nil {
		return "", fmt.Errorf("fault node-pause takes a whole Swarm node away, and this lab runs on Docker Compose, which has no nodes")
	}
	node, ok := c.Nodes[service]
	if !ok {
		return "", fmt.Errorf("fake: no node runs %s", service)
	}
	return node, nil
}

// NodeState is "down" while a node fault on node is pending.
func (c *Chaos) NodeState(_ context.Context, node string) (string, error) {
	for _, e := range c.ledger.Pending() {
		if e.Kind == chaos.KindNodePause && e.Data["node"] == node {
			return "down", nil
		}
	}
	return "ready", nil
}

// onNode lists the services on node.
func (c *Chaos) onNode(node string) []string {
	var out []string
	for svc, n := range c.Nodes {
		if n == node {
			out = append(out, svc)
		}
	}
	return out
}

// NewChaos binds a Chaos to lab and ledger.
func NewChaos(lab *Lab, ledger *fault.Ledger) *Chaos { return &Chaos{lab: lab, ledger: ledger} }

func (c *Chaos) Inject(ctx context.Context, s chaos.Spec) (fault.Entry, error) {
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
	case chaos.KindNodePause:
		node, err := c.NodeOf(ctx, s.Targets[0])
		if err != nil {
			return fault.Entry{}, err
		}
		e, err := c.ledger.Add(fault.Entry{Kind: s.Kind, Target: s.Targets[0], Scenario: s.Scenario, Data: map[string]string{"node": node}})
		if err != nil {
			return e, err
		}
		c.lab.Mu.Lock()
		defer c.lab.Mu.Unlock()
		if c.lab.Paused == nil {
			c.lab.Paused, c.lab.Cut = map[string]bool{}, map[string]bool{}
		}
		for _, svc := range c.onNode(node) {
			c.lab.Paused[svc] = true
		}
		return e, nil
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
	c.lab.Mu.Lock()
	defer c.lab.Mu.Unlock()
	if c.lab.Paused == nil {
		c.lab.Paused, c.lab.Cut = map[string]bool{}, map[string]bool{}
	}
	for _, t := range s.Targets {
		if s.Kind == chaos.KindPause {
			c.lab.Paused[t] = true
		}
		for _, p := range s.Peers {
			c.lab.Cut[t+"|"+p] = true
		}
	}
	return e, nil
}

func (c *Chaos) Undo(ctx context.Context, e fault.Entry) error {
	switch e.Kind {
	case chaos.KindStop:
		return c.lab.Start(ctx, e.Target)
	case chaos.KindKeyAction:
		return nil
	case chaos.KindNodePause:
		on := c.onNode(e.Data["node"])
		c.lab.Mu.Lock()
		for _, svc := range on {
			delete(c.lab.Paused, svc)
		}
		c.lab.Mu.Unlock()
		for _, svc := range on {
			if err := c.lab.Stop(ctx, svc, 0); err != nil {
				return err
			}
		}
		return nil
	}
	c.lab.Mu.Lock()
	defer c.lab.Mu.Unlock()
	targets, peers, _ := strings.Cut(e.Target, "|")
	for _, t := range strings.Split(targets, ",") {
		delete(c.lab.Paused, t)
		for _, p := range strings.Split(peers, ",") {
			delete(c.lab.Cut, t+"|"+p)
		}
	}
	return nil
}

// Published serves a stand-in of the salt-api behind the load balancer: the
// first running master answers (active/backup), /run needs per-request
// credentials, and a session is known only to the master that issued it.
func (f *Lab) Published(_ context.Context, service, port string) (string, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if service != "nginx" || port != "80/tcp" {
		return "", fmt.Errorf("fake: %s publishes no port %s", service, port)
	}
	if f.API == nil {
		f.API = httptest.NewServer(http.HandlerFunc(f.serveAPI))
	}
	return strings.TrimPrefix(f.API.URL, "http://"), nil
}

func (f *Lab) serveAPI(w http.ResponseWriter, r *http.Request) {
	f.Mu.Lock()
	master := f.serving()
	f.Mu.Unlock()
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
		w.Header().Set(saltapi.UpstreamHeader, IP(master)+":8000")
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

// IP is a service's address in the fake lab: 10.0.0.1<n> for *-<n>.
func IP(service string) string {
	return "10.0.0.1" + service[len(service)-1:]
}

// NewHistory creates a run's history in dir, closed when the test ends.
func NewHistory(t testing.TB, dir string) *history.Recorder {
	t.Helper()
	rec, err := history.Create(filepath.Join(dir, history.FileName))
	if err != nil {
		t.Fatalf("create history: %v", err)
	}
	t.Cleanup(func() { _ = rec.Close() })
	return rec
}

// masterOptions is MasterOpts as one mapping, as test.get_opts prints it:
// a key "a:b" is b nested under a.
func (f *Lab) masterOptions() string {
	opts := map[string]any{"interface": "0.0.0.0"}
	for k, v := range f.MasterOpts {
		parts := strings.Split(k, ":")
		at := opts
		for _, p := range parts[:len(parts)-1] {
			next, ok := at[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				at[p] = next
			}
			at = next
		}
		at[parts[len(parts)-1]] = json.RawMessage(v)
	}
	b, _ := json.Marshal(opts)
	return string(b)
}
