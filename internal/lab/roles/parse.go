package roles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

// releaseRe is a Salt release line ("3007") or release ("3007.8").
var releaseRe = regexp.MustCompile(`^[0-9]{4}(\.[0-9]+){0,2}$`)

// Parse decodes the extension's value as compose-go keeps it (YAML decoded
// to maps and slices). Unknown keys are errors, so a typo is not silently
// ignored.
func Parse(ext any) (Spec, error) {
	if ext == nil {
		return Spec{}, fmt.Errorf("%s is empty: declare at least masters and minions", Key)
	}
	b, err := json.Marshal(ext)
	if err != nil {
		return Spec{}, fmt.Errorf("read %s: %w", Key, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s Spec
	if err := dec.Decode(&s); err != nil {
		return Spec{}, fmt.Errorf("read %s: %w: keys are masters, minions, api (service, port, base_path), syndics, master_of_masters, minion_mode, master_balancer (service, ports), salt_min, swarm", Key, err)
	}
	return s, nil
}

// Resolve checks the spec against the project's services and expands the
// minion patterns. Every problem is reported, each with its key and fix.
func Resolve(s Spec, services []string) (Roles, error) {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s.%s: %s", Key, key, fmt.Sprintf(format, args...)))
	}
	known := func(key, name string) bool {
		if !slices.Contains(services, name) {
			bad(key, "service %q is not defined: name one of %s", name, strings.Join(services, ", "))
			return false
		}
		return true
	}
	r := Roles{Masters: s.Masters, Syndics: s.Syndics, MasterOfMasters: s.MasterOfMasters, MinionMode: s.MinionMode, SaltMin: s.SaltMin}
	if s.SaltMin != "" && !releaseRe.MatchString(s.SaltMin) {
		bad("salt_min", "%q is not a Salt release: write a release line such as \"3007\" or a release such as \"3007.8\"", s.SaltMin)
	}
	if s.MinionMode != "" && !slices.Contains(minionModes(), s.MinionMode) {
		bad("minion_mode", "%q is not a mode: write %s, as the minions' master_type says (no master_type: hot)", s.MinionMode, strings.Join(minionModes(), " or "))
	}
	if len(s.Masters) == 0 {
		bad("masters", "no master: list the master services in failover order")
	}
	role := map[string]string{}
	claim := func(key, name string) {
		if prev, ok := role[name]; ok {
			bad(key, "service %q is already listed at %s: list each service once", name, prev)
			return
		}
		role[name] = key
	}
	for i, m := range s.Masters {
		key := fmt.Sprintf("masters[%d]", i)
		if known(key, m) {
			claim(key, m)
		}
	}
	for i, m := range s.Syndics {
		key := fmt.Sprintf("syndics[%d]", i)
		if known(key, m) {
			claim(key, m)
		}
	}
	if s.MasterOfMasters != "" && !slices.Contains(s.Masters, s.MasterOfMasters) {
		bad("master_of_masters", "%q is not one of masters %v: list it under masters too", s.MasterOfMasters, s.Masters)
	}
	if len(s.Minions) == 0 {
		bad("minions", "no minion: list minion services or a pattern such as \"salt-minion-*\"")
	}
	for i, pat := range s.Minions {
		key := fmt.Sprintf("minions[%d]", i)
		matched, err := expand(pat, services)
		switch {
		case err != nil:
			bad(key, "bad pattern %q: %v: use a service name or a path.Match pattern", pat, err)
		case len(matched) == 0:
			bad(key, "%q matches no service: name one of %s", pat, strings.Join(services, ", "))
		}
		for _, m := range matched {
			if _, dup := role[m]; dup && role[m] != "minions" {
				bad(key, "service %q is already listed at %s: a service plays one role", m, role[m])
				continue
			}
			if role[m] == "" {
				r.Minions = append(r.Minions, m)
			}
			role[m] = "minions"
		}
	}
	slices.Sort(r.Minions)
	for _, svc := range slices.Sorted(maps.Keys(s.Swarm)) {
		key := "swarm." + svc
		switch n := s.Swarm[svc]; {
		case !slices.Contains(r.Minions, svc):
			bad(key, "%q is not one of the minions %v: a swarm runs in a minion service", svc, r.Minions)
		case n < 1 || n > MaxSwarm:
			bad(key, "%d minions: want 1 to %d per service", n, MaxSwarm)
		default:
			if r.Swarm == nil {
				r.Swarm = map[string]int{}
			}
			r.Swarm[svc] = n
		}
	}
	if s.API != nil {
		api := *s.API
		if api.Service == "" {
			bad("api.service", "empty: name the load balancer service")
		} else if known("api.service", api.Service) {
			claim("api.service", api.Service)
		}
		if api.Port <= 0 || api.Port > 65535 {
			bad("api.port", "%d: give the container port the load balancer listens on (1-65535), e.g. 80", api.Port)
		}
		if api.BasePath == "" {
			api.BasePath = "/"
		}
		if !strings.HasPrefix(api.BasePath, "/") {
			bad("api.base_path", "%q does not start with \"/\": write it as the URL path, e.g. \"/\" or \"/salt-api/\"", api.BasePath)
		} else if !strings.HasSuffix(api.BasePath, "/") {
			api.BasePath += "/" // so "run" and "login" append below it
		}
		r.API = &api
	}
	if b := s.MasterBalancer; b != nil {
		if b.Service == "" {
			bad("master_balancer.service", "empty: name the TCP load balancer service the minions know")
		} else if known("master_balancer.service", b.Service) {
			// The API's balancer may be the same service; no other role may.
			if prev, ok := role[b.Service]; ok && prev != "api.service" {
				bad("master_balancer.service", "service %q is already listed at %s: list each service once", b.Service, prev)
			}
		}
		if len(b.Ports) == 0 {
			bad("master_balancer.ports", "none: list the masters' ports it balances, e.g. [4505, 4506]")
		}
		for i, p := range b.Ports {
			if p <= 0 || p > 65535 {
				bad(fmt.Sprintf("master_balancer.ports[%d]", i), "%d: give a container port (1-65535)", p)
			}
		}
		r.MasterBalancer = b
	}
	if err := errors.Join(errs...); err != nil {
		return Roles{}, err
	}
	return r, nil
}

// expand returns the services a minion entry names: itself, or the
// services its pattern matches.
func expand(pat string, services []string) ([]string, error) {
	if _, err := path.Match(pat, ""); err != nil {
		return nil, err
	}
	var out []string
	for _, s := range services {
		if ok, _ := path.Match(pat, s); ok {
			out = append(out, s)
		}
	}
	return out, nil
}
