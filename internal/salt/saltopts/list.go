// Package saltopts knows which option names a Salt build reads, so that a
// --set key or a drop-in key Salt would ignore (a typo such as
// master_alive_intreval) is refused before a lab starts, with the name it
// was probably meant to be. Each Salt image publishes its own list at
// ImagePath: real Salt's is read from the release itself when the image is
// built (images/salt-real/salt-options.py), the double's is the double's
// own (internal/sim/config.OptionList).
package saltopts

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
)

// ImagePath is where a saltlab Salt image keeps its option list.
const ImagePath = "/usr/share/saltlab/salt-options.json"

// The daemons whose options a lab sets (knobs.Kind has the same values).
const (
	Master = "master"
	Minion = "minion"
)

// List is the option list one Salt build publishes. Real Salt's comes from
// salt/config/__init__.py and the release's own code; every field is a
// sorted list of option names.
type List struct {
	SaltVersion string `json:"salt_version"`
	// Implementation names a build that is not Salt itself (the double);
	// empty for real Salt.
	Implementation string   `json:"implementation,omitempty"`
	Master         []string `json:"master"` // DEFAULT_MASTER_OPTS keys
	API            []string `json:"api,omitempty"`
	// NetAPI are salt.netapi modules: each reads a master option of its
	// name (rest_cherrypy: {port: 8000}).
	NetAPI []string `json:"netapi,omitempty"`
	Minion []string `json:"minion"` // DEFAULT_MINION_OPTS keys
	// Valid are VALID_OPTS keys, the typed options of both daemons.
	Valid []string `json:"valid,omitempty"`
	// Read are names the release's code reads from its options without a
	// default above (opts["peer_run"], opts.get("syndic_master_port")).
	Read []string `json:"read,omitempty"`
}

// maxList bounds a list read from an image: Salt 3008's is 28 kB.
const maxList = 4 << 20

// optionName is what Salt names its options: lowercase words joined by
// underscores, some of them dotted (keys.cache_driver, in 3008's defaults).
var optionName = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`)

// IsOptionName reports whether name has the shape of a Salt option name,
// dotted module settings (mysql.host) included: the one rule for names a
// list publishes and names a user sets.
func IsOptionName(name string) bool { return optionName.MatchString(name) }

// Parse reads a published list and checks its shape: a release, and master
// and minion names that are Salt option names.
func Parse(b []byte) (List, error) {
	var l List
	if len(b) > maxList {
		return List{}, fmt.Errorf("parse Salt option list: %d bytes, more than %d", len(b), maxList)
	}
	if err := json.Unmarshal(b, &l); err != nil {
		return List{}, fmt.Errorf("parse Salt option list: %w", err)
	}
	if l.SaltVersion == "" {
		return List{}, errors.New("parse Salt option list: no salt_version")
	}
	if len(l.Master) == 0 || len(l.Minion) == 0 {
		return List{}, errors.New("parse Salt option list: no master or no minion options")
	}
	for _, names := range [][]string{l.Master, l.API, l.NetAPI, l.Minion, l.Valid, l.Read} {
		for _, n := range names {
			if !optionName.MatchString(n) {
				return List{}, fmt.Errorf("parse Salt option list: %q is not an option name", n)
			}
		}
	}
	return l, nil
}

// own is the names a daemon of kind declares itself: its defaults, and for
// the master salt-api's and the netapi modules'.
func (l List) own(kind string) []string {
	if kind == Master {
		return slices.Concat(l.Master, l.API, l.NetAPI)
	}
	return l.Minion
}

// Known reports whether a daemon of kind reads option name.
func (l List) Known(kind, name string) bool {
	return slices.Contains(l.own(kind), name) || slices.Contains(l.Valid, name) || slices.Contains(l.Read, name)
}

// Who names the build in messages: "Salt 3008.4", or the double.
func (l List) Who() string {
	if l.Implementation != "" {
		return l.Implementation
	}
	return "Salt " + l.SaltVersion
}
