package knobs

import (
	"fmt"
	"os"
	"sort"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

// OptionSettings lists every Salt option name a run sets, and where: the
// --set keys, the keys of the user's --master-config and --minion-config
// drop-ins, and those of the configuration the project binds into its
// containers (a directory on /etc/salt/<kind>.d, a file on
// /etc/salt/<kind>): the topology's own, or a --compose file's. Salt reads
// <kind>.d/*.conf only, and so does this.
func OptionSettings(p *types.Project, v Parsed) ([]saltopts.Setting, error) {
	var out []saltopts.Setting
	for _, k := range []Kind{Master, Minion} {
		names := make([]string, 0, len(v.overrides[k]))
		for name := range v.overrides[k] {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			out = append(out, saltopts.Setting{Kind: string(k), Name: name, Where: fmt.Sprintf("--set %s.%s", k, name)})
		}
		if dir := v.config[k]; dir != "" {
			s, err := saltopts.DropInDir(dir, string(k))
			if err != nil {
				return nil, fmt.Errorf("validate --%s-config: %w", k, err)
			}
			out = append(out, s...)
		}
		s, err := projectSettings(p, k)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// projectSettings reads the configuration of kind the project's services
// bind, each source once.
func projectSettings(p *types.Project, k Kind) ([]saltopts.Setting, error) {
	seen := map[string]bool{}
	var out []saltopts.Setting
	for _, name := range p.ServiceNames() {
		for _, vol := range p.Services[name].Volumes {
			if vol.Type != types.VolumeTypeBind || seen[vol.Source] {
				continue
			}
			var (
				s   []saltopts.Setting
				err error
			)
			switch vol.Target {
			case dropInTarget(k):
				if fi, serr := os.Stat(vol.Source); serr != nil || !fi.IsDir() {
					continue // the engine reports a missing source
				}
				s, err = saltopts.DropInDir(vol.Source, string(k))
			case "/etc/salt/" + string(k):
				if fi, serr := os.Stat(vol.Source); serr != nil || !fi.Mode().IsRegular() {
					continue
				}
				s, err = saltopts.DropInFile(vol.Source, string(k))
			default:
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("service %s: %w", name, err)
			}
			seen[vol.Source] = true
			out = append(out, s...)
		}
	}
	return out, nil
}
