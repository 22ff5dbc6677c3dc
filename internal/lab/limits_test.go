package lab

import (
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
)

func ptr[T any](v T) *T { return &v }

func svc(c types.ContainerSpec, d *types.DeployConfig) types.ServiceConfig {
	return types.ServiceConfig{ContainerSpec: c, Deploy: d}
}

// Every lab container gets memory and pids limits; a topology raises them
// through the service keys or deploy.resources, which win as in compose.
func TestResourceLimits(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		name string
		svc  types.ServiceConfig
		want container.Resources
	}{
		{"defaults", types.ServiceConfig{}, container.Resources{Memory: gib, PidsLimit: ptr(int64(1024))}},
		{"service keys raise them", svc(types.ContainerSpec{MemLimit: 4 * gib, PidsLimit: 4096, CPUS: 1.5}, nil),
			container.Resources{Memory: 4 * gib, PidsLimit: ptr(int64(4096)), NanoCPUs: 1_500_000_000}},
		{"deploy limits win", svc(types.ContainerSpec{MemLimit: 2 * gib}, &types.DeployConfig{Resources: types.Resources{
			Limits:       &types.Resource{MemoryBytes: 3 * gib, Pids: 2048, NanoCPUs: 0.5},
			Reservations: &types.Resource{MemoryBytes: gib / 2}}}),
			container.Resources{Memory: 3 * gib, MemoryReservation: gib / 2, PidsLimit: ptr(int64(2048)), NanoCPUs: 500_000_000}},
		{"explicit unlimited pids", svc(types.ContainerSpec{PidsLimit: -1}, nil), container.Resources{Memory: gib, PidsLimit: ptr(int64(-1))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, resources(tt.svc))
		})
	}
}

// Every service a compose file loads ends up limited.
func TestLoadedServicesAreLimited(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml"))
	for name, spec := range l.specs {
		assert.Positive(t, spec.host.Memory, name)
		if assert.NotNil(t, spec.host.PidsLimit, name) {
			assert.Positive(t, *spec.host.PidsLimit, name)
		}
	}
}
