package lab

import (
	"errors"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/mount"
)

// mounts maps compose volumes: named volumes to the project's volumes,
// anonymous volumes (no source), bind mounts and tmpfs.
func mounts(p *types.Project, s types.ServiceConfig) ([]mount.Mount, error) {
	var out []mount.Mount
	var errs []error
	for _, v := range s.Volumes {
		m := mount.Mount{Target: v.Target, ReadOnly: v.ReadOnly}
		switch v.Type {
		case types.VolumeTypeVolume:
			m.Type = mount.TypeVolume
			if v.Source != "" {
				vol, ok := p.Volumes[v.Source]
				if !ok {
					errs = append(errs, fmt.Errorf("refers to undefined volume %s", v.Source))
					continue
				}
				m.Source = vol.Name
			}
			if v.Volume != nil {
				if v.Volume.Subpath != "" {
					errs = append(errs, fmt.Errorf("volume subpath (%s) needs Docker API 1.45", v.Target))
					continue
				}
				if v.Volume.NoCopy || len(v.Volume.Labels) > 0 {
					m.VolumeOptions = &mount.VolumeOptions{NoCopy: v.Volume.NoCopy, Labels: v.Volume.Labels}
				}
			}
		case types.VolumeTypeBind:
			// The mount API, unlike -v, never creates a missing host path;
			// say so here instead of the daemon's terser error at create.
			if _, err := os.Stat(v.Source); err != nil {
				errs = append(errs, fmt.Errorf("bind mount source %s: %w", v.Source, err))
				continue
			}
			m.Type = mount.TypeBind
			m.Source = v.Source
			if v.Bind != nil && v.Bind.Propagation != "" {
				m.BindOptions = &mount.BindOptions{Propagation: mount.Propagation(v.Bind.Propagation)}
			}
		case types.VolumeTypeTmpfs:
			m.Type = mount.TypeTmpfs
			if v.Tmpfs != nil {
				m.TmpfsOptions = &mount.TmpfsOptions{SizeBytes: int64(v.Tmpfs.Size), Mode: os.FileMode(v.Tmpfs.Mode)}
			}
		default:
			errs = append(errs, fmt.Errorf("volume type %q (%s) is not supported by saltlab", v.Type, v.Target))
			continue
		}
		out = append(out, m)
	}
	return out, errors.Join(errs...)
}
