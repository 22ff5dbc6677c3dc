package policy_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/policy"
)

// FuzzCheck: any compose file compose-go loads is checked without a
// panic, and a file the policy lets through has none of what it exists to
// keep out: privileged mode, host or foreign namespaces, devices, the
// Docker socket or a host system path bound, a port beyond loopback, a
// confinement option other than no-new-privileges and the engine's
// AppArmor profile.
func FuzzCheck(f *testing.F) {
	for _, c := range allowedCases {
		f.Add([]byte(svc(c.keys)))
	}
	for _, c := range refusedCases {
		f.Add([]byte(svc(c.keys)))
	}
	f.Add([]byte(svc("") + "networks:\n  lan:\n    driver: macvlan\nvolumes:\n  v:\n    driver_opts: {type: none, o: bind, device: /}\n"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		dir := t.TempDir()
		file := filepath.Join(dir, "compose.yaml")
		if err := os.WriteFile(file, doc, 0o600); err != nil {
			t.Fatal(err)
		}
		p, err := lab.ReadProject(context.Background(), []string{file}, "policy-fuzz", nil)
		if err != nil {
			return
		}
		err = rules.Check(p)
		var pe *policy.Error
		if err != nil {
			if !errors.As(err, &pe) || len(pe.Violations) == 0 {
				t.Fatalf("Check failed without violations: %v", err)
			}
			return
		}
		for _, s := range p.Services {
			if bad := leak(s); bad != "" {
				t.Fatalf("service %s passed the policy with %s", s.Name, bad)
			}
		}
		for key, n := range p.Networks {
			if n.External || (n.Driver != "" && n.Driver != "bridge") {
				t.Fatalf("network %s passed the policy: %+v", key, n)
			}
		}
		for key, v := range p.Volumes {
			if v.External || len(v.DriverOpts) > 0 {
				t.Fatalf("volume %s passed the policy: %+v", key, v)
			}
		}
	})
}

// leak names what an allowed service must never have, or "".
func leak(s types.ServiceConfig) string {
	switch {
	case s.Privileged, s.UseAPISocket:
		return "privileged or the API socket"
	case s.NetworkMode != "" || s.Net != "" || s.Pid != "" || s.Ipc != "" || s.Uts != "" || s.UserNSMode != "" || s.Cgroup != "":
		return "a namespace mode"
	case len(s.Devices) > 0 || len(s.DeviceCgroupRules) > 0 || len(s.Gpus) > 0:
		return "devices"
	case s.Runtime != "" || s.CgroupParent != "" || s.VolumeDriver != "" || len(s.VolumesFrom) > 0:
		return "a runtime, cgroup parent or foreign volumes"
	}
	for _, c := range s.CapAdd {
		if n := strings.TrimPrefix(strings.ToUpper(c), "CAP_"); n == "ALL" || n == "SYS_ADMIN" || n == "SYS_MODULE" {
			return "cap_add " + c
		}
	}
	for _, o := range s.SecurityOpt {
		if l := strings.ToLower(o); !strings.HasPrefix(l, "no-new-privileges") && !strings.HasPrefix(l, "apparmor") {
			return "security_opt " + o
		}
	}
	for _, p := range s.Ports {
		if p.HostIP != "" && p.HostIP != "127.0.0.1" {
			return "port on " + p.HostIP
		}
	}
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeBind && rules.HostPath(v.Source) != nil {
			return "bind of " + v.Source
		}
		if v.Type != types.VolumeTypeBind && v.Type != types.VolumeTypeVolume && v.Type != types.VolumeTypeTmpfs {
			return "volume type " + v.Type
		}
	}
	return ""
}
