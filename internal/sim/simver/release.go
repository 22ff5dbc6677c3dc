package simver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// Release is the Salt release line the double behaves as (SALTSIM_RELEASE).
// Where Salt's behaviour differs between its supported lines, the double
// asks its Release; the zero value is DefaultRelease.
type Release int

// The release lines saltlab supports (docs/sim-fidelity.md has a column each).
const (
	Release3006 Release = 3006
	Release3007 Release = 3007
	Release3008 Release = 3008
)

// DefaultRelease is the line of SaltVersion, the release the double reports.
const DefaultRelease = Release3006

// EnvRelease names the environment variable that sets the release line.
const EnvRelease = "SALTSIM_RELEASE"

// ParseRelease reads a release line ("3007") or a release ("3007.16"); empty
// is DefaultRelease. Lines other than the supported ones are refused, so a
// typo cannot silently give 3006 behaviour.
func ParseRelease(s string) (Release, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultRelease, nil
	}
	v, err := saltver.Parse(s)
	switch r := Release(v.Line()); {
	case err != nil, v.Pre != "", len(v.Parts) > 2:
		return 0, fmt.Errorf("parse %s=%q: want a Salt release line such as 3007 or a release such as 3007.16", EnvRelease, s)
	case r == Release3006, r == Release3007, r == Release3008:
		return r, nil
	default:
		return 0, fmt.Errorf("parse %s=%q: the double imitates the lines 3006, 3007 and 3008 only", EnvRelease, s)
	}
}

// Line is the release line, DefaultRelease for the zero value.
func (r Release) Line() Release {
	if r == 0 {
		return DefaultRelease
	}
	return r
}

func (r Release) String() string { return strconv.Itoa(int(r.Line())) }

// DropFileNamesMaster: from 3007 salt-key writes the master's id into the
// AES rotation drop file (salt/crypt.py dropfile(cachedir, user,
// master_id)) and the maintenance loop rotates only when the file names its
// own id (salt/master.py Maintenance.handle_key_rotate: read_dropfile(...)
// == opts["id"]); 3006 writes an empty file and rotates on any.
func (r Release) DropFileNamesMaster() bool { return r.Line() >= Release3007 }

// LogsAESRotation: 3006's handle_key_rotate logs "Rotating master AES key"
// at info; 3007's SMaster.rotate_secrets logs nothing at info (only the
// "key" event with rotate_aes_key), so log checks hold on 3006 alone.
func (r Release) LogsAESRotation() bool { return r.Line() < Release3007 }

// MonitorsPubDisconnect: from 3007.15 (saltstack/salt#66760) a minion on
// ZeroMQ runs a socket monitor on its publish connection by default
// (minion option zmq_monitor, default True there; False in 3006), and
// EVENT_DISCONNECTED calls AsyncPubChannel.disconnect_callback, which
// fires __master_disconnected at once (salt/transport/zeromq.py
// ZeroMQSocketMonitor.monitor_callback, PublishClient.connect;
// salt/channel/client.py). 3006's zeromq PublishClient never calls its
// disconnect callback ("TODO" in AsyncPubChannel.connect), so there only
// status.master notices a lost master. The double's line 3007 stands for
// its newest releases (3007.15 and later, 3007.16 in saltlab's matrix).
// Measured on real 3008.4: minions whose stopped master's name no longer
// resolved left it 0.1 s after they were resumed (2026-11-27).
func (r Release) MonitorsPubDisconnect() bool { return r.Line() >= Release3007 }

// VersionLine is `<prog> --version` of a double behaving as r: Line for
// the default, and the release line named otherwise, so every report
// that quotes the version says which line the double followed, e.g.
// "salt-call 3006.9 (saltlab sim 0.1.0, release line 3007)".
func (r Release) VersionLine(prog string) string {
	if r.Line() == DefaultRelease {
		return Line(prog)
	}
	return prog + " " + SaltVersion + " (saltlab sim " + SimVersion + ", release line " + r.String() + ")"
}
