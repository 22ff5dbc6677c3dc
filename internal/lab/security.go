package lab

import (
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// dockerSockets are the host paths of the Docker API socket. A container
// that can reach one owns the host, which the project's security rules
// forbid for lab containers.
const (
	dockerSocket    = "/var/run/docker.sock"
	dockerSocketRun = "/run/docker.sock"
)

// checkSecurity reports settings that would give a lab container control of
// the host: privileged mode, the Docker socket, host namespaces.
func checkSecurity(s types.ServiceConfig, fail func(string, ...any)) {
	if s.Privileged {
		fail("privileged: true is forbidden in saltlab labs (grant single capabilities with cap_add instead)")
	}
	if s.UseAPISocket {
		fail("use_api_socket is forbidden in saltlab labs: it exposes the Docker socket")
	}
	for _, c := range s.CapAdd {
		if strings.EqualFold(c, "ALL") {
			fail("cap_add: ALL is forbidden in saltlab labs (it is privileged mode in disguise)")
		}
	}
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeBind && exposesDockerSocket(v.Source) {
			fail("mounting %s exposes the Docker socket, which is forbidden in saltlab labs", v.Source)
		}
	}
	for key, val := range map[string]string{"network_mode": s.NetworkMode, "pid": s.Pid, "ipc": s.Ipc, "uts": s.Uts, "userns_mode": s.UserNSMode} {
		if val == "host" {
			fail("%s: host is forbidden in saltlab labs", key)
		}
	}
}

// exposesDockerSocket reports whether a bind source is a Docker socket or a
// directory containing one (mounting / or /var/run exposes it too). Symlinks
// are resolved where the path exists, since /var/run is usually -> /run.
func exposesDockerSocket(source string) bool {
	candidates := []string{filepath.Clean(source)}
	if resolved, err := filepath.EvalSymlinks(source); err == nil {
		candidates = append(candidates, resolved)
	}
	for _, src := range candidates {
		for _, sock := range []string{dockerSocket, dockerSocketRun} {
			if src == sock || src == "/" || strings.HasPrefix(sock, src+"/") {
				return true
			}
		}
	}
	return false
}

// unsupportedKeys lists compose keys the lab does not map. Refusing them is
// safer than silently running something other than what the file says.
func unsupportedKeys(s types.ServiceConfig) []string {
	var out []string
	add := func(cond bool, key string) {
		if cond {
			out = append(out, key)
		}
	}
	add(s.NetworkMode != "", "network_mode")
	add(len(s.VolumesFrom) > 0, "volumes_from")
	add(len(s.Secrets) > 0, "secrets")
	add(len(s.Configs) > 0, "configs")
	add(len(s.Devices) > 0, "devices")
	add(len(s.DeviceCgroupRules) > 0, "device_cgroup_rules")
	add(len(s.Gpus) > 0, "gpus")
	add(len(s.Links) > 0, "links")
	add(len(s.ExternalLinks) > 0, "external_links")
	add(s.GetScale() > 1, "scale/replicas > 1")
	add(s.Pid != "", "pid")
	add(s.Ipc != "", "ipc")
	add(s.Uts != "", "uts")
	add(s.UserNSMode != "", "userns_mode")
	add(s.Cgroup != "" || s.CgroupParent != "", "cgroup")
	add(s.Runtime != "", "runtime")
	add(s.Provider != nil, "provider")
	add(len(s.Models) > 0, "models")
	add(len(s.PreStart)+len(s.PostStart)+len(s.PreStop) > 0, "lifecycle hooks (pre_start/post_start/pre_stop)")
	add(s.MacAddress != "", "mac_address")
	return out
}
