package stack

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzPreflight feeds compose files to the preflight: whatever a user's
// file holds, it returns (a problem list or nil), never panics.
func FuzzPreflight(f *testing.F) {
	for _, topo := range []string{"failover", "hot", "syndic", "cluster"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "compose", topo, "compose.yaml"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("services:\n  a:\n    image: x\n    privileged: true\n    deploy: {replicas: 2, mode: global}\n")
	f.Add("x-saltlab: {masters: [a], minions: [b]}\nservices:\n  a: {image: x, volumes: [v:/etc/salt/pki/master]}\n  b: {image: x, volumes: [v:/etc/salt/pki/master]}\nvolumes: {v: {}}\n")
	f.Add("services:\n  a:\n    image: x\n    scale: 3\n    networks: {n: {ipv4_address: 10.0.0.2, ipv6_address: \"::1\"}}\nnetworks: {n: {driver: macvlan}}\n")
	f.Fuzz(func(t *testing.T, yaml string) {
		dir := t.TempDir()
		file := filepath.Join(dir, "compose.yaml")
		if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := readProject(t, file)
		if err != nil {
			return // compose-go's to refuse
		}
		_ = Preflight(p)
	})
}
