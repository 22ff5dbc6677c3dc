package knobs

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Container paths the knobs replace.
const (
	statesTarget = "/srv/salt"
	pillarTarget = "/srv/pillar"
	// userPrefix names the user's drop-ins inside the per-run directory:
	// after the topology's own files, before SetFile.
	userPrefix = "zz-ci-"
)

func dropInTarget(k Kind) string { return "/etc/salt/" + string(k) + ".d" }

// Resolve writes the parsed knobs' per-run drop-in directories under
// configDir (the topology's files, then the user's, then the --set file)
// and returns the settings Apply uses. Salt reads a single <kind>.d
// directory, so layering needs one merged directory per run; it is mounted
// read-only. configDir must be absolute (it becomes a bind-mount source)
// and private: the user's drop-ins may hold secrets, so their copies keep
// their modes and live in directories only the user can enter. flavor
// gives a fleet's swarms the flavour's start time (capacity.SwarmStart).
func Resolve(p *types.Project, v Parsed, configDir, flavor string) (Settings, error) {
	if !filepath.IsAbs(configDir) {
		return Settings{}, fmt.Errorf("resolve knobs: config dir %s is not absolute (the engine refuses relative bind sources)", configDir)
	}
	s := Settings{Minions: v.fleet.Minions, MinionsPerContainer: v.fleet.PerContainer, KeepFleetKeys: v.keepFleetKeys, States: v.states, Pillar: v.pillar,
		SwarmStart: capacity.SwarmStart[flavor]}
	var rs roleSets
	for _, k := range []Kind{Master, Minion} {
		set := v.sets[k]
		if len(set) == 0 && v.config[k] == "" {
			continue
		}
		if rs == nil {
			var err error
			if rs, err = rolesOf(p); err != nil {
				return Settings{}, err
			}
		}
		for i, src := range dropInSources(p, k, rs[k]) {
			dst := filepath.Join(configDir, fmt.Sprintf("%s.d-%d", k, i+1))
			if err := buildDropIn(dst, src, v.config[k], set); err != nil {
				return Settings{}, err
			}
			if s.DropIns == nil {
				s.DropIns = map[string]string{}
			}
			s.DropIns[src] = dst
		}
	}
	return s, nil
}

// roleSets are the services of each kind, as the project's x-saltlab
// roles declare them: Master the masters (the master of masters among
// them), Minion the minions. Syndic nodes are neither: their mounts are
// replaced where they have them, never added.
type roleSets map[Kind]map[string]bool

func rolesOf(p *types.Project) (roleSets, error) {
	r, err := roles.FromProject(p)
	if err != nil {
		return nil, fmt.Errorf("apply knobs: %w", err)
	}
	rs := roleSets{Master: map[string]bool{}, Minion: map[string]bool{}}
	for _, m := range r.Masters {
		rs[Master][m] = true
	}
	if r.MasterOfMasters != "" {
		rs[Master][r.MasterOfMasters] = true
	}
	for _, m := range r.Minions {
		rs[Minion][m] = true
	}
	return rs, nil
}

// dropInSources lists the distinct bind sources mounted on /etc/salt/<k>.d,
// plus string(k) when a service of that role (of) has no such mount.
func dropInSources(p *types.Project, k Kind, of map[string]bool) []string {
	seen := map[string]bool{}
	for _, s := range p.Services {
		src, ok := dropInSource(s, k)
		if ok {
			seen[src] = true
		} else if of[s.Name] {
			seen[string(k)] = true
		}
	}
	out := make([]string, 0, len(seen))
	for src := range seen {
		out = append(out, src)
	}
	sort.Strings(out)
	return out
}

func dropInSource(s types.ServiceConfig, k Kind) (string, bool) {
	for _, v := range s.Volumes {
		if v.Target == dropInTarget(k) && v.Type == types.VolumeTypeBind {
			return v.Source, true
		}
	}
	return "", false
}

// buildDropIn fills dst with the topology's files (from src, when it is a
// directory), the user's files prefixed userPrefix, and the --set file.
func buildDropIn(dst, src, user string, set []byte) error {
	// dst is in the config dir of the run's private dir, saltlab's (and
	// marked there, not in dst, which Salt sees as its <kind>.d): one an
	// earlier Resolve made is replaced.
	parent := filepath.Dir(dst)
	if _, err := owned.Claim(parent, 0o700); err != nil {
		return fmt.Errorf("create drop-in dir %s: %w", dst, err)
	}
	if err := owned.RemoveIn(parent, filepath.Base(dst)); err != nil {
		return fmt.Errorf("reset drop-in dir %s: %w", dst, err)
	}
	if err := os.Mkdir(dst, 0o700); err != nil {
		return fmt.Errorf("create drop-in dir %s: %w", dst, err)
	}
	if filepath.IsAbs(src) {
		if err := copyFiles(src, dst, ""); err != nil {
			return err
		}
	}
	if user != "" {
		if err := copyFiles(user, dst, userPrefix); err != nil {
			return err
		}
	}
	if len(set) > 0 {
		if err := owned.WriteFile(filepath.Join(dst, SetFile), set, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", SetFile, err)
		}
	}
	return nil
}

// copyFiles copies the regular files of src (not subdirectories: Salt
// reads <kind>.d/*.conf only) into dst, prefixing their names.
func copyFiles(src, dst, prefix string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("read drop-in dir %s: %w", src, err)
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(dst, prefix+e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies one file keeping its permission bits: a 0600 drop-in
// (it may hold a password) must not become readable by others.
func copyFile(from, to string) error {
	in, err := userfile.Open(from, userfile.Text)
	if err != nil {
		return fmt.Errorf("copy drop-in %s: %w", from, err)
	}
	defer in.Close()
	fi := in.Info()
	out, err := owned.Create(to, 0o600)
	if err != nil {
		return fmt.Errorf("copy drop-in %s: %w", from, err)
	}
	// Chmod, not the create mode, which the umask could narrow further
	// than the source's (a 0644 topology file must stay readable).
	if err := out.Chmod(fi.Mode().Perm()); err != nil {
		out.Close()
		return fmt.Errorf("copy drop-in %s: %w", from, err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy drop-in %s: %w", from, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("copy drop-in %s: %w", from, err)
	}
	return nil
}

// Apply rewrites the project in place: clones the minion template, and
// mounts states, pillar and the per-run drop-ins read-only. It writes
// nothing, so a later process can re-apply saved Settings.
// Which services are masters and minions comes from the project's
// x-saltlab roles, so a user's lab with its own service names gets the
// same treatment as a built-in topology.
func Apply(p *types.Project, s Settings) error {
	if s.Minions == 0 && s.States == "" && s.Pillar == "" && len(s.DropIns) == 0 {
		return nil
	}
	rs, err := rolesOf(p)
	if err != nil {
		return err
	}
	if s.Minions > 0 {
		n, sizes := s.Fleet().Layout()
		clones, err := scaleMinions(p, n, rs[Minion])
		if err != nil {
			return err
		}
		swarm := map[string]any{}
		if len(sizes) > 0 && s.KeepFleetKeys {
			declareKeyCache(p)
		}
		for i, size := range sizes {
			p.Services[clones[i]] = swarmService(p.Services[clones[i]], size, s.FleetStart(), s.KeepFleetKeys)
			swarm[clones[i]] = size
		}
		if err := declareMinions(p, clones, swarm); err != nil {
			return err
		}
		if rs, err = rolesOf(p); err != nil {
			return err
		}
	}
	for name, svc := range p.Services {
		svc = replaceMount(svc, statesTarget, s.States, rs[Master][name])
		svc = replaceMount(svc, pillarTarget, s.Pillar, rs[Master][name])
		for _, k := range []Kind{Master, Minion} {
			src, ok := dropInSource(svc, k)
			if !ok {
				src = string(k)
			}
			if dst, ok := s.DropIns[src]; ok {
				svc = replaceMount(svc, dropInTarget(k), dst, rs[k][name])
			}
		}
		p.Services[name] = svc
	}
	return nil
}

// replaceMount points the mount on target at a read-only bind of dir; a
// service without one gets it added when add is set. Empty dir: no change.
func replaceMount(s types.ServiceConfig, target, dir string, add bool) types.ServiceConfig {
	if dir == "" {
		return s
	}
	bind := types.ServiceVolumeConfig{Type: types.VolumeTypeBind, Source: dir, Target: target, ReadOnly: true}
	vols := make([]types.ServiceVolumeConfig, 0, len(s.Volumes)+1)
	found := false
	for _, v := range s.Volumes {
		if v.Target == target {
			v, found = bind, true
		}
		vols = append(vols, v)
	}
	if !found {
		if !add {
			return s
		}
		vols = append(vols, bind)
	}
	s.Volumes = vols
	return s
}

// probeCostPerMinion is the health interval each minion adds. Every probe
// is a docker exec (tens of ms of engine CPU); 50 minions probing every
// 500 ms saturate a 2-core engine so that probes time out and Up never
// sees them healthy.
const probeCostPerMinion = 100 * time.Millisecond

// spreadHealthcheck stretches the template's probe interval (and timeout)
// to at least n x probeCostPerMinion, keeping the engine's probe load
// near 10 execs per second however many minions there are.
func spreadHealthcheck(hc *types.HealthCheckConfig, n int) *types.HealthCheckConfig {
	if hc == nil || hc.Interval == nil {
		return hc
	}
	want := types.Duration(time.Duration(n) * probeCostPerMinion)
	if *hc.Interval >= want {
		return hc
	}
	c := *hc
	c.Interval = &want
	if c.Timeout == nil || *c.Timeout < want {
		c.Timeout = &want
	}
	return &c
}

// scaleMinions replaces the declared minions by n copies of the template,
// the first declared minion in name order (salt-minion-1 in the built-in
// topologies). The copies are named after it: its name without its
// trailing digits, then 1..n (salt-minion-1..N; web-a becomes web-a-1..N),
// hostname = service name = minion id. Copies share the template's
// settings, including named volumes, so templates keep per-minion state
// inside the container.
func scaleMinions(p *types.Project, n int, minions map[string]bool) ([]string, error) {
	names := make([]string, 0, len(minions))
	for m := range minions {
		names = append(names, m)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("scale minions: project %s declares no minion to clone (x-saltlab minions)", p.Name)
	}
	tmpl, ok := p.Services[names[0]]
	if !ok {
		return nil, fmt.Errorf("scale minions: project %s has no service %s to clone", p.Name, names[0])
	}
	prefix := strings.TrimRight(names[0], "0123456789")
	if prefix == names[0] {
		prefix += "-"
	}
	for _, m := range names {
		delete(p.Services, m)
	}
	tmpl.HealthCheck = spreadHealthcheck(tmpl.HealthCheck, n)
	clones := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		c := tmpl
		c.Name = prefix + strconv.Itoa(i)
		c.Hostname = c.Name
		p.Services[c.Name] = c
		clones = append(clones, c.Name)
	}
	for name, svc := range p.Services {
		for dep := range svc.DependsOn {
			if _, ok := p.Services[dep]; !ok && minions[dep] {
				delete(svc.DependsOn, dep)
			}
		}
		p.Services[name] = svc
	}
	return clones, nil
}

// declareMinions makes the clones the project's declared minions: every
// declared minion was replaced by them, and a declared name (web-a) or a
// pattern the copies' names miss would otherwise leave them out of the
// roles, so scenarios would skip minions the lab runs.
// swarm, when not empty, declares the clones that run swarms (roles.Spec.Swarm).
func declareMinions(p *types.Project, clones []string, swarm map[string]any) error {
	ext, ok := p.Extensions[roles.Key].(map[string]any)
	if !ok {
		return fmt.Errorf("scale minions: project %s: %s is not a mapping", p.Name, roles.Key)
	}
	decl := maps.Clone(ext)
	list := make([]any, len(clones))
	for i, c := range clones {
		list[i] = c
	}
	decl["minions"] = list
	delete(decl, "swarm")
	if len(swarm) > 0 {
		decl["swarm"] = swarm
	}
	p.Extensions[roles.Key] = decl
	return nil
}
