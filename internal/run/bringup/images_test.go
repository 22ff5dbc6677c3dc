package bringup

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/usage"
)

// imageFiles is an engine whose images hold one file each at most, enough
// for Builder.SaltOptions; every other call fails.
type imageFiles struct {
	files  map[string][]byte // image -> content of saltopts.ImagePath (nil: none)
	byID   map[string]string
	broken error // ContainerCreate fails with it
}

func (f *imageFiles) ImageInspect(context.Context, string, ...client.ImageInspectOption) (image.InspectResponse, error) {
	return image.InspectResponse{}, errors.New("not in this fake")
}
func (f *imageFiles) ImageBuild(context.Context, io.Reader, build.ImageBuildOptions) (build.ImageBuildResponse, error) {
	return build.ImageBuildResponse{}, errors.New("not in this fake")
}
func (f *imageFiles) ImageImport(context.Context, image.ImportSource, string, image.ImportOptions) (io.ReadCloser, error) {
	return nil, errors.New("not in this fake")
}
func (f *imageFiles) ImageList(context.Context, image.ListOptions) ([]image.Summary, error) {
	return nil, errors.New("not in this fake")
}
func (f *imageFiles) ImageRemove(context.Context, string, image.RemoveOptions) ([]image.DeleteResponse, error) {
	return nil, errors.New("not in this fake")
}

func (f *imageFiles) ContainerCreate(_ context.Context, cfg *container.Config, _ *container.HostConfig, _ *network.NetworkingConfig, _ *ocispec.Platform, _ string) (container.CreateResponse, error) {
	if f.broken != nil {
		return container.CreateResponse{}, f.broken
	}
	id := fmt.Sprint(len(f.byID))
	f.byID[id] = cfg.Image
	return container.CreateResponse{ID: id}, nil
}

func (f *imageFiles) CopyFromContainer(_ context.Context, id, path string) (io.ReadCloser, container.PathStat, error) {
	data := f.files[f.byID[id]]
	if data == nil || path != saltopts.ImagePath {
		return nil, container.PathStat{}, fmt.Errorf("no %s: %w", path, cerrdefs.ErrNotFound)
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	_ = tw.WriteHeader(&tar.Header{Name: "salt-options.json", Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg})
	_, _ = tw.Write(data)
	_ = tw.Close()
	return io.NopCloser(&buf), container.PathStat{}, nil
}

func (f *imageFiles) ContainerRemove(context.Context, string, container.RemoveOptions) error {
	return nil
}

// Once the image is known, the run's Salt options are checked against its
// list: an unknown one is the user's input (exit 2); an image without a
// list is said and not checked; an engine failure is the run's (exit 1).
func TestCheckImageOptions(t *testing.T) {
	capture, err := os.ReadFile(filepath.Join("..", "..", "salt", "saltopts", "testdata", "real", "3008.4.json"))
	require.NoError(t, err)
	p, err := lab.ReadProject(context.Background(), []string{filepath.Join("..", "..", "..", "compose", "failover", "compose.yaml")}, "options-test", nil)
	require.NoError(t, err)
	engine := &imageFiles{files: map[string][]byte{"saltlab/salt-real:3008.4": capture, "hand-made:1": nil}, byID: map[string]string{}}
	var log strings.Builder
	s := &Session{Log: &log, Started: time.Now()}
	b := images.NewBuilder(engine, t.TempDir(), io.Discard)
	real := images.Flavor{Name: images.FlavorReal, Image: "saltlab/salt-real:3008.4"}

	require.NoError(t, s.checkImageOptions(context.Background(), b, real, p, mustParse(t, knobs.Inputs{Sets: []string{"minion.master_alive_interval=5"}})))
	assert.Contains(t, log.String(), "the run's Salt options are all ones Salt 3008.4 reads")

	err = s.checkImageOptions(context.Background(), b, real, p, mustParse(t, knobs.Inputs{Sets: []string{"master.worker_thread=2"}}))
	require.Error(t, err)
	assert.True(t, usage.Is(err), "exit 2")
	assert.Contains(t, err.Error(), `check the run's Salt options against the list in saltlab/salt-real:3008.4: 1 Salt option(s) that Salt 3008.4 does not read:
  --set master.worker_thread: no master option "worker_thread"; did you mean "worker_threads"?`)

	log.Reset()
	require.NoError(t, s.checkImageOptions(context.Background(), b, images.Flavor{Image: "hand-made:1"}, p, mustParse(t, knobs.Inputs{Sets: []string{"master.worker_thread=2"}})))
	assert.Contains(t, log.String(), "Salt option names not checked: read Salt option list of hand-made:1: the image keeps no Salt option list")

	engine.broken = errors.New("engine gone")
	err = s.checkImageOptions(context.Background(), b, real, p, knobs.Parsed{})
	require.Error(t, err)
	assert.False(t, usage.Is(err), "the engine's failure is not the user's input")
}

// mustParse parses knob inputs the way the command line does.
func mustParse(t *testing.T, in knobs.Inputs) knobs.Parsed {
	t.Helper()
	v, err := in.Parse()
	require.NoError(t, err)
	return v
}
