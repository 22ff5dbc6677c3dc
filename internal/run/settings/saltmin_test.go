package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestCheckSaltMin(t *testing.T) {
	cluster := roles.Roles{SaltMin: "3007"}
	tests := []struct {
		name    string
		cfg     Config
		r       roles.Roles
		wantErr string
	}{
		{"no requirement, the double", Config{Flavor: images.FlavorSim}, roles.Roles{}, ""},
		{"the double imitates an older release", Config{Topology: "cluster", Flavor: images.FlavorSim}, cluster,
			"check --salt sim: topology cluster needs Salt 3007 or later (x-saltlab salt_min in f.yaml), and the Salt double imitates Salt 3006.9"},
		{"the double meets an old requirement", Config{Flavor: images.FlavorSim}, roles.Roles{SaltMin: "3006"}, ""},
		{"an older line", Config{Topology: "cluster", Flavor: images.FlavorReal, SaltVersion: "3006"}, cluster,
			"check --salt-version 3006: topology cluster needs Salt 3007 or later (x-saltlab salt_min in f.yaml), and Salt 3006 is older: use --salt-version 3007 or newer"},
		{"an older release", Config{Topology: "cluster", Flavor: images.FlavorAuto, SaltVersion: "3006.29"}, cluster, "check --salt-version 3006.29"},
		{"the line itself", Config{Flavor: images.FlavorReal, SaltVersion: "3007"}, cluster, ""},
		{"a newer release", Config{Flavor: images.FlavorReal, SaltVersion: "3008.4"}, cluster, ""},
		{"the default line", Config{Flavor: images.FlavorAuto}, cluster, ""},
		{"a release older than an exact minimum", Config{Topology: "t", Flavor: images.FlavorReal, SaltVersion: "3007.1"}, roles.Roles{SaltMin: "3007.2"}, "needs Salt 3007.2 or later"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.checkSaltMin(tt.r, "f.yaml")
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.True(t, usage.Is(err), "a usage error: exit 2")
		})
	}
}

func TestCheckResolvedSalt(t *testing.T) {
	cluster := roles.Roles{SaltMin: "3007"}
	tests := []struct {
		name    string
		r       roles.Roles
		f       images.Flavor
		wantErr string
	}{
		{"no requirement", roles.Roles{}, images.Flavor{Name: images.FlavorSim}, ""},
		{"auto fell back to the double", cluster, images.Flavor{Name: images.FlavorSim, Reason: "no pip"},
			"the run fell back to the Salt double (no pip), which does not model it"},
		{"a line resolved to an older release", roles.Roles{SaltMin: "3007.5"}, images.Flavor{Name: images.FlavorReal, Image: "img", Version: "3007.4"},
			"check the Salt image img: it holds Salt 3007.4, and the topology needs 3007.5 or later"},
		{"new enough", cluster, images.Flavor{Name: images.FlavorReal, Version: "3008.4"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckResolvedSalt(tt.r, "f.yaml", tt.f)
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}
