package roles

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// FuzzParse feeds arbitrary YAML as the extension's value: Parse and
// Resolve must never panic, and whatever resolves keeps the invariants the
// steps rely on.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{masters: [salt-master-1], minions: ["salt-minion-*"], api: {service: nginx, port: 80, base_path: /}}`,
		`{masters: [salt-master-1, salt-master-2], minions: [salt-minion-1], syndics: [key-wait], master_of_masters: salt-master-1}`,
		`{masters: [salt-master-1, salt-master-2], minions: ["salt-minion-*"], api: {service: nginx, port: 80}, master_balancer: {service: nginx, ports: [4505, 4506]}, salt_min: "3007"}`,
		`{masters: [], minions: ["["]}`,
		`[1, 2]`, `~`, `"text"`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		var v any
		if yaml.Unmarshal([]byte(doc), &v) != nil {
			return
		}
		s, err := Parse(v)
		if err != nil {
			return
		}
		r, err := Resolve(s, services)
		if err != nil {
			if !strings.Contains(err.Error(), Key+".") {
				t.Fatalf("error without its key: %v", err)
			}
			return
		}
		if len(r.Masters) == 0 || len(r.Minions) == 0 {
			t.Fatalf("resolved without masters or minions: %+v", r)
		}
		seen := map[string]bool{}
		for _, m := range append(append([]string{}, r.Masters...), r.Minions...) {
			if seen[m] {
				t.Fatalf("service %s plays two roles: %+v", m, r)
			}
			seen[m] = true
		}
		if r.API != nil && (!strings.HasPrefix(r.API.BasePath, "/") || !strings.HasSuffix(r.API.BasePath, "/") || r.API.Port <= 0) {
			t.Fatalf("bad api: %+v", *r.API)
		}
	})
}
