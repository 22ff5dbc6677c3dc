package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/knobs"
)

func TestLabProject(t *testing.T) {
	assert.Equal(t, "saltlab-hot-r1", LabProject("hot", "r1", ""), "a run's only lab keeps the run's project")
	assert.Equal(t, "saltlab-hot-r1-lab2", LabProject("hot", "r1", "lab2"))
}

func TestOnlyRunsThatMayHoldKeysAcceptThem(t *testing.T) {
	conf := t.TempDir()
	for _, tc := range []struct {
		name string
		in   knobs.Inputs
		file string
		want bool
	}{
		{name: "a built-in topology, which auto-accepts", want: false},
		{name: "auto_accept turned on", in: knobs.Inputs{Sets: []string{"master.auto_accept=true"}}, want: false},
		{name: "auto_accept turned off", in: knobs.Inputs{Sets: []string{"master.auto_accept=false"}}, want: true},
		{name: "master drop-ins of the user's", in: knobs.Inputs{MasterConfig: conf}, want: true},
		{name: "the user's compose file", file: "lab.yaml", want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.in.Parse()
			require.NoError(t, err)
			cfg := Config{Knobs: p, Compose: tc.file}
			assert.Equal(t, tc.want, cfg.MayHoldKeys())
		})
	}
}
