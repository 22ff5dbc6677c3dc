package lab

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

func TestStaleRuns(t *testing.T) {
	host, _ := os.Hostname()
	self := strconv.Itoa(os.Getpid())
	owners := map[string]string{
		"alive":     host + ":" + self,
		"dead":      host + ":999999999",
		"otherhost": "elsewhere.invalid:1",
		"no-owner":  "",
		"garbage":   host + ":notapid",
		"up-alive":  labels.UpOwnerPrefix + host + ":" + self,
		"up-dead":   labels.UpOwnerPrefix + host + ":999999999",
		"detached":  labels.DetachedOwner,
	}
	assert.Equal(t, []string{"dead", "up-dead"}, StaleRuns(owners))
}

// fakeLister returns fixed labelled resources.
type fakeLister struct {
	containers []container.Summary
	volumes    []*volume.Volume
}

func (f fakeLister) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	return f.containers, nil
}

func (f fakeLister) NetworkList(context.Context, network.ListOptions) ([]network.Summary, error) {
	return nil, nil
}

func (f fakeLister) VolumeList(context.Context, volume.ListOptions) (volume.ListResponse, error) {
	return volume.ListResponse{Volumes: f.volumes}, nil
}

func TestDetachedRunsAreNeverStale(t *testing.T) {
	host, _ := os.Hostname()
	dead := host + ":999999999"
	lbl := func(run, owner string) map[string]string {
		return map[string]string{labels.Run: run, labels.Owner: owner}
	}
	// The marker may be listed before or after the creator's resources.
	upDead := labels.UpOwnerPrefix + dead
	f := fakeLister{
		containers: []container.Summary{{Labels: lbl("up-lab", upDead)}, {Labels: lbl("killed", upDead)}},
		volumes:    []*volume.Volume{{Labels: lbl("up-lab", labels.DetachedOwner)}, {Labels: lbl("up-lab", upDead)}, {Labels: lbl("killed", upDead)}},
	}
	owners, err := RunOwners(context.Background(), f)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"up-lab": labels.DetachedOwner, "killed": upDead}, owners)
	assert.Equal(t, []string{"killed"}, StaleRuns(owners))
}
