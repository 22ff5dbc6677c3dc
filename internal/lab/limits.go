package lab

import (
	"sort"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/go-units"
)

// Default limits of every lab container whose topology sets none: enough
// for salt-master with salt-api and its workers (a few hundred MiB and a
// few hundred threads), small enough that a runaway job or fork bomb in
// one container cannot take the host down. A topology raises them with
// mem_limit/pids_limit or deploy.resources.limits.
const (
	DefaultMemoryLimit = 1 << 30 // bytes
	DefaultPidsLimit   = 1024
)

// DefaultResources are the limits of containers saltlab creates outside a
// topology (chaos helpers, probes).
func DefaultResources() container.Resources {
	pids := int64(DefaultPidsLimit)
	return container.Resources{Memory: DefaultMemoryLimit, PidsLimit: &pids}
}

// resources maps a service's limits the way docker compose does
// (deploy.resources wins over the service-level keys) and fills in the
// defaults for what neither sets.
func resources(s types.ServiceConfig) container.Resources {
	r := container.Resources{
		Memory:            int64(s.MemLimit),
		MemoryReservation: int64(s.MemReservation),
		NanoCPUs:          int64(float64(s.CPUS) * 1e9),
		CPUShares:         s.CPUShares,
	}
	pids := s.PidsLimit
	if d := s.Deploy; d != nil {
		if l := d.Resources.Limits; l != nil {
			if l.MemoryBytes > 0 {
				r.Memory = int64(l.MemoryBytes)
			}
			if l.NanoCPUs.Value() > 0 {
				r.NanoCPUs = int64(float64(l.NanoCPUs.Value()) * 1e9)
			}
			if l.Pids > 0 {
				pids = l.Pids
			}
		}
		if res := d.Resources.Reservations; res != nil && res.MemoryBytes > 0 {
			r.MemoryReservation = int64(res.MemoryBytes)
		}
	}
	def := DefaultResources()
	if r.Memory <= 0 {
		r.Memory = def.Memory
	}
	// -1 is compose's "unlimited"; only an explicit setting may lift it.
	if pids == 0 {
		pids = *def.PidsLimit
	}
	r.PidsLimit = &pids
	names := make([]string, 0, len(s.Ulimits))
	for name := range s.Ulimits {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		u := s.Ulimits[name]
		soft, hard := int64(u.Soft), int64(u.Hard)
		if u.Single != 0 {
			soft, hard = int64(u.Single), int64(u.Single)
		}
		r.Ulimits = append(r.Ulimits, &units.Ulimit{Name: name, Soft: soft, Hard: hard})
	}
	return r
}
