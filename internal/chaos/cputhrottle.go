package chaos

import (
	"context"
	"fmt"
	"strconv"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/system"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// KindCPUThrottle starves a container of CPU: the engine's CFS quota holds
// it to a share of one CPU. Operators meet it as an overloaded master
// (many minions, a heavy render, a busy neighbour on the host): slow, not
// dead, which Salt's dead-master detection does not see.
const KindCPUThrottle fault.Kind = "cpu-throttle"

const (
	// cfsPeriod is the CFS period, in µs, of a container that sets none:
	// the kernel's and the engine's default.
	cfsPeriod = 100_000
	// cfsMinQuota is the least quota, in µs per period, the engine takes.
	cfsMinQuota = 1_000
	// MinCPUPercent is the least share cpu-throttle gives: cfsMinQuota of
	// the default period.
	MinCPUPercent = 100.0 * cfsMinQuota / cfsPeriod

	// Ledger data: the limit the fault replaced, as the engine held it. A
	// limit set as --cpus (NanoCPUs) can only be moved as such, so the
	// fault moves whichever the container has and records that one.
	dataNanoCPUs = "nano_cpus_before"
	dataCPUQuota = "cpu_quota_before"
)

func init() {
	register(Def{Kind: KindCPUThrottle, Aliases: []string{"cpu"}, Place: 410,
		Args: []Arg{{Option: optPercent, Example: "10", Help: "percent of one CPU the target may use, 1 <= P <= 100"}},
		Check: func(s Spec) error {
			if err := valid.Percent("--percent", s.Percent, false); err != nil {
				return fmt.Errorf("fault cpu-throttle: %w", err)
			}
			if s.Percent < MinCPUPercent {
				return usage.Errorf("fault cpu-throttle: --percent %g is below %g: the CFS quota runs at least 1 ms of each 100 ms period; want %g or more", s.Percent, MinCPUPercent, MinCPUPercent)
			}
			return nil
		},
		Mechanism: "the engine's update API lowers the container's CFS quota to P % of one CPU (a target held to that share or less already is refused); heal: the recorded limit back (a container that had none gets -1, the engine's \"no limit\")",
		Salt:      "a starved master answers late but keeps its TCP connections ESTABLISHED, so failover minions do NOT fail over; auth, returns and salt-call slow down, and jobs under short timeouts (salt -t, gather_job_timeout) report minions as not returning; on a minion, jobs run and return late",
		inject:    cpuThrottleFault, undo: undoCPUThrottle})
}

// resourceUpdater is what cpu-throttle needs of the engine client beyond
// Docker; *client.Client has it.
type resourceUpdater interface {
	ContainerUpdate(ctx context.Context, containerID string, updateConfig container.UpdateConfig) (container.UpdateResponse, error)
	Info(ctx context.Context) (system.Info, error)
}

func (e *Engine) resourceUpdater() (resourceUpdater, error) {
	u, ok := e.docker.(resourceUpdater)
	if !ok {
		return nil, fmt.Errorf("cpu-throttle: the engine client %T cannot update a container's resources", e.docker)
	}
	return u, nil
}

// cpuShare is a container's CPU limit in percent of one CPU; 0: none.
func cpuShare(r container.Resources) float64 {
	switch {
	case r.NanoCPUs > 0:
		return float64(r.NanoCPUs) / 1e7
	case r.CPUQuota > 0:
		return 100 * float64(r.CPUQuota) / float64(periodOf(r))
	}
	return 0
}

func periodOf(r container.Resources) int64 {
	if r.CPUPeriod > 0 {
		return r.CPUPeriod
	}
	return cfsPeriod
}

// cpuThrottleFault records the container's CPU limit, then lowers it to
// s.Percent of one CPU. What it cannot apply whole is refused before the
// ledger: an engine without CFS quota, a target held to that share or
// less already, a quota under the engine's least.
func cpuThrottleFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc := s.Targets[0]
	u, err := e.resourceUpdater()
	if err != nil {
		return fault.Entry{}, err
	}
	info, err := e.target(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	sys, err := u.Info(ctx)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("read the engine's CPU features: %w", err)
	}
	if !sys.CPUCfsQuota {
		return fault.Entry{}, fmt.Errorf("fault cpu-throttle: %w: the engine reports no CPU CFS quota (the kernel's cgroup cpu controller)", ErrUnsupported)
	}
	r := info.HostConfig.Resources
	if have := cpuShare(r); have > 0 && have <= s.Percent {
		return fault.Entry{}, fmt.Errorf("cpu-throttle %s: it is held to %g%% of one CPU already, at or below the %g%% asked; ask for less", svc, have, s.Percent)
	}
	data := map[string]string{dataContainer: info.ID, dataService: svc, "percent": strconv.FormatFloat(s.Percent, 'f', -1, 64)}
	var up container.UpdateConfig
	if r.NanoCPUs > 0 {
		up.NanoCPUs = int64(s.Percent * 1e7)
		data[dataNanoCPUs] = strconv.FormatInt(r.NanoCPUs, 10)
	} else {
		up.CPUQuota = int64(s.Percent / 100 * float64(periodOf(r)))
		if up.CPUQuota < cfsMinQuota {
			return fault.Entry{}, fmt.Errorf("cpu-throttle %s: %g%% of its %d µs CFS period is under the %d µs quota the engine takes; ask for more", svc, s.Percent, periodOf(r), cfsMinQuota)
		}
		data[dataCPUQuota] = strconv.FormatInt(r.CPUQuota, 10)
	}
	en, err := e.record(s, data)
	if err != nil {
		return en, err
	}
	if _, err := u.ContainerUpdate(ctx, info.ID, up); err != nil {
		return en, fmt.Errorf("limit the CPU of %s: %w", svc, err)
	}
	e.logf("%s held to %g%% of one CPU (fault %d)", svc, s.Percent, en.ID)
	return en, nil
}

// undoCPUThrottle puts the recorded limit back; a limit already back, or
// a container that is gone, needs nothing. The engine reads a quota of 0
// as "unchanged", so a container that had no quota gets -1, the kernel's
// and the engine's "no limit": the cgroup is as before, and the
// container's config shows -1 where it showed 0.
func undoCPUThrottle(ctx context.Context, e *Engine, en fault.Entry) error {
	u, err := e.resourceUpdater()
	if err != nil {
		return err
	}
	id := en.Data[dataContainer]
	info, err := e.docker.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect %s: %w", en.Target, err)
	}
	r := info.HostConfig.Resources
	var up container.UpdateConfig
	if v, ok := en.Data[dataNanoCPUs]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("read fault %d's recorded CPU limit %q: %w", en.ID, v, err)
		}
		if r.NanoCPUs == n {
			return nil
		}
		up.NanoCPUs = n
	} else {
		q, err := strconv.ParseInt(en.Data[dataCPUQuota], 10, 64)
		if err != nil {
			return fmt.Errorf("read fault %d's recorded CPU quota %q: %w", en.ID, en.Data[dataCPUQuota], err)
		}
		if r.CPUQuota == q || (q <= 0 && r.CPUQuota < 0) {
			return nil
		}
		if q == 0 {
			q = -1
		}
		up.CPUQuota = q
	}
	if _, err := u.ContainerUpdate(ctx, id, up); err != nil && !errdefs.IsNotFound(err) {
		return fmt.Errorf("restore the CPU limit of %s: %w", en.Data[dataService], err)
	}
	return nil
}
