package saltlogs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeCopier serves a tar stream or an error per service and records
// the paths asked for.
type fakeCopier struct {
	tars  map[string][]byte
	errs  map[string]error
	asked []string
}

func (f *fakeCopier) CopyOut(_ context.Context, service, path string) (io.ReadCloser, error) {
	f.asked = append(f.asked, service+":"+path)
	if err := f.errs[service]; err != nil {
		return nil, err
	}
	return io.NopCloser(bytes.NewReader(f.tars[service])), nil
}

func TestSave(t *testing.T) {
	missing := fmt.Errorf("copy /var/log/salt out of service %q: %w", "lb", errors.Join(fs.ErrNotExist, errors.New("Could not find the file /var/log/salt in container")))
	for _, tc := range []struct {
		name      string
		copier    *fakeCopier
		services  []string
		lab       string
		wantFiles []string
		wantDirs  []string
		wantErr   string
	}{
		{
			name: "each container's daemons under logs/<service>/",
			copier: &fakeCopier{tars: map[string][]byte{
				"salt-master-1": tarOf(t, entry{name: "salt/master", body: "m"}, entry{name: "salt/api", body: "a"}),
				"salt-minion-1": tarOf(t, entry{name: "salt/minion", body: "n"}),
			}},
			services:  []string{"salt-master-1", "salt-minion-1"},
			wantFiles: []string{"salt-master-1/salt-master.log", "salt-master-1/salt-api.log", "salt-minion-1/salt-minion.log"},
			wantDirs:  []string{"salt-master-1", "salt-minion-1"},
		},
		{
			name:      "a lab of several prefixes its name, as its container logs",
			copier:    &fakeCopier{tars: map[string][]byte{"salt-master-1": tarOf(t, entry{name: "salt/master", body: "m"})}},
			services:  []string{"salt-master-1"},
			lab:       "lab2",
			wantFiles: []string{"lab2-salt-master-1/salt-master.log"},
			wantDirs:  []string{"lab2-salt-master-1"},
		},
		{
			name:      "a container without /var/log/salt has nothing to copy, and no folder",
			copier:    &fakeCopier{errs: map[string]error{"lb": missing}, tars: map[string][]byte{"salt-master-1": tarOf(t, entry{name: "salt/master", body: "m"})}},
			services:  []string{"lb", "salt-master-1"},
			wantFiles: []string{"salt-master-1/salt-master.log"},
			wantDirs:  []string{"salt-master-1"},
		},
		{
			name:      "a container that cannot be copied is named, the others are still saved",
			copier:    &fakeCopier{errs: map[string]error{"salt-master-1": errors.New("context deadline exceeded")}, tars: map[string][]byte{"salt-master-2": tarOf(t, entry{name: "salt/master", body: "m"})}},
			services:  []string{"salt-master-1", "salt-master-2"},
			wantFiles: []string{"salt-master-2/salt-master.log"},
			wantDirs:  []string{"salt-master-2"},
			wantErr:   "save /var/log/salt of salt-master-1: context deadline exceeded",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := t.TempDir()
			files, err := Save(context.Background(), tc.copier, tc.services, logs, tc.lab)
			if tc.wantErr == "" {
				require.NoError(t, err)
			} else {
				assert.EqualError(t, err, tc.wantErr)
			}
			assert.Equal(t, tc.wantFiles, files)
			for _, f := range files {
				assert.FileExists(t, filepath.Join(logs, f))
			}
			var dirs []string
			entries, rerr := os.ReadDir(logs)
			require.NoError(t, rerr)
			for _, e := range entries {
				dirs = append(dirs, e.Name())
			}
			assert.Equal(t, tc.wantDirs, dirs)
			for _, a := range tc.copier.asked {
				assert.Regexp(t, `:/var/log/salt$`, a, "only Salt's log directory is ever copied")
			}
			assert.Len(t, tc.copier.asked, len(tc.services))
		})
	}
}
