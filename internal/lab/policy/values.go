package policy

import (
	"fmt"
	"slices"
	"strings"
)

// allowedCaps are the capabilities cap_add may name: the engine's default
// set (adding one is a no-op) plus two that act only inside the
// container's own namespaces: NET_ADMIN (tc, iptables on the container's
// interfaces, as fault injection does) and SYS_PTRACE (debuggers and
// py-spy on the container's own processes).
var allowedCaps = []string{
	"AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD",
	"NET_BIND_SERVICE", "NET_RAW", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT",
	"NET_ADMIN", "SYS_PTRACE",
}

// capWhy says what a refused capability would give, for the common ones.
var capWhy = map[string]string{
	"ALL":             "every capability: privileged mode in disguise",
	"SYS_ADMIN":       "mount, namespaces and most of root's power over the host",
	"SYS_MODULE":      "loading kernel modules into the host's kernel",
	"SYS_RAWIO":       "raw access to the host's devices and memory",
	"SYS_TIME":        "setting the host's clock",
	"SYS_BOOT":        "rebooting the host",
	"DAC_READ_SEARCH": "reading any host file by handle (the \"shocker\" escape)",
	"BPF":             "loading BPF programs into the host's kernel",
	"PERFMON":         "tracing the host's kernel",
	"SYSLOG":          "reading and clearing the host's kernel log",
	"MAC_ADMIN":       "changing the host's AppArmor/SELinux policy",
	"MAC_OVERRIDE":    "bypassing the host's AppArmor/SELinux policy",
	"SYS_NICE":        "real-time priorities that can starve the host",
	"SYS_RESOURCE":    "overriding the host's resource limits",
}

// capability checks one cap_add entry ("net_admin", "CAP_NET_ADMIN").
func capability(c string) error {
	name := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(c)), "CAP_")
	if slices.Contains(allowedCaps, name) {
		return nil
	}
	why := capWhy[name]
	if why == "" {
		why = "a capability outside the lab's allowlist"
	}
	return fmt.Errorf("%s would give the container %s", c, why)
}

// allowedSecurityOpts are the security_opt entries allowed: keeping
// no-new-privileges, and naming the engine's default AppArmor profile.
// Everything else changes the container's confinement: seccomp and
// AppArmor profiles (unconfined or custom), SELinux labels (disable, or
// a type such as spc_t), systempaths=unconfined, writable-cgroups.
var allowedSecurityOpts = []string{
	"no-new-privileges", "no-new-privileges:true", "no-new-privileges=true",
	"no-new-privileges:false", "no-new-privileges=false",
	"apparmor=docker-default", "apparmor:docker-default",
}

func securityOpt(o string) error {
	norm := strings.ToLower(strings.Join(strings.Fields(o), ""))
	if slices.Contains(allowedSecurityOpts, norm) {
		return nil
	}
	key, val, _ := strings.Cut(strings.NewReplacer(":", "=").Replace(norm), "=")
	switch {
	case strings.Contains(val, "unconfined") || val == "disable":
		return fmt.Errorf("%s removes the container's %s confinement", o, key)
	case key == "seccomp" || key == "apparmor":
		return fmt.Errorf("%s replaces the engine's %s profile with one saltlab cannot vouch for", o, key)
	case key == "label":
		return fmt.Errorf("%s changes the container's SELinux label", o)
	}
	return fmt.Errorf("%s is not an option the lab allows", o)
}

// Namespaced sysctls: the kernel keeps one copy per network or IPC
// namespace, so setting them changes the container alone. The engine
// refuses others; these lists keep to the ones a Salt lab has a use for
// (TCP keepalive and backlog, IPC limits).
var (
	sysctlPrefixes = []string{"net.ipv4.", "net.ipv6.", "fs.mqueue."}
	sysctlNames    = []string{
		"net.core.somaxconn", "net.unix.max_dgram_qlen",
		"kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.sem",
		"kernel.shmall", "kernel.shmmax", "kernel.shmmni", "kernel.shm_rmid_forced",
	}
)

func sysctl(name string) error {
	n := strings.ReplaceAll(strings.TrimSpace(name), "/", ".")
	if slices.Contains(sysctlNames, n) {
		return nil
	}
	for _, p := range sysctlPrefixes {
		if strings.HasPrefix(n, p) && len(n) > len(p) {
			return nil
		}
	}
	return fmt.Errorf("%s is not a namespaced sysctl the lab allows", name)
}

// hostIP checks a published port's host address: loopback, or none (which
// saltlab binds to 127.0.0.1). Lab APIs must not be reachable from other
// hosts.
func hostIP(ip string) error {
	if ip == "" || ip == "127.0.0.1" {
		return nil
	}
	return fmt.Errorf("host address %s publishes the port beyond this host", ip)
}
