// Package labels names the Docker labels every saltlab resource carries and
// mints run ids. Every container, network, volume and helper a run creates is
// labelled with Run and Project so that leftovers can always be found and
// swept, even after the runner was SIGKILLed.
package labels

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"regexp"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/usage"
)

const (
	// Run holds the run id (see NewRunID).
	Run = "io.saltlab.run"
	// Project holds the compose project name of the run.
	Project = "io.saltlab.project"
	// Service holds the compose service a container was created for.
	Service = "io.saltlab.service"
	// Topology holds the topology name (failover, hot, ...).
	Topology = "io.saltlab.topology"
	// Flavor holds the Salt flavour (real or sim).
	Flavor = "io.saltlab.flavor"
	// Managed marks every resource saltlab created; "true".
	Managed = "io.saltlab.managed"
	// Cache marks a volume that outlives runs on purpose, naming what it
	// caches ("swarm-keys": a fleet's minion keys, generated once). It
	// carries Managed but no Run, so no run's teardown or sweep removes
	// it; `saltlab down --all` does.
	Cache = "io.saltlab.cache"
	// PackagesHash, on the base image, is the sha256 of its package list.
	// An image built FROM the base (real Salt, the double, the chaos
	// helper) carries the base's, inherited and also set at build, so an
	// image on an outdated base is rebuilt rather than reused.
	PackagesHash = "io.saltlab.packages-sha256"
	// BuiltRef, on an image of saltlab's Go binaries, is its digest tag
	// (repo:<digest of Dockerfile and binary>); the image is also tagged
	// repo:src-<digest of the checkout>, so a run from unchanged sources
	// finds it without building the binary again.
	BuiltRef = "io.saltlab.built-ref"
	// SaltVersion, on a real Salt image, is the exact Salt release in it.
	SaltVersion = "io.saltlab.salt-version"
	// SaltRoute, on a real Salt image, is how Salt got in: wheelhouse,
	// index, deb or apt.
	SaltRoute = "io.saltlab.salt-route"
	// RecipeHash, on a real Salt image, is the sha256 of the files that
	// build it, so a changed recipe is rebuilt.
	RecipeHash = "io.saltlab.recipe-sha256"
	// Owner is "<hostname>:<pid>" of the saltlab process that created a
	// resource, so the next run can tell leftovers of a dead runner from a
	// lab that is still running next to it.
	Owner = "io.saltlab.owner"
	// DetachedOwner is the Owner value of a run's marker volume once
	// `saltlab up` (or `run --keep`) has handed the lab over to the user:
	// such a run is never stale, although the process that created it is
	// gone. `saltlab down --run ID` removes it.
	DetachedOwner = "detached"
	// UpOwnerPrefix starts the Owner value of resources `saltlab up`
	// creates: "up:<hostname>:<pid>". The lab is meant to outlive that
	// process, so it is stale only if the process died before marking the
	// run detached. The prefix also keeps saltlab versions that predate the
	// marker from sweeping such a lab as a dead runner's leftover.
	UpOwnerPrefix = "up:"
)

var runIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{2,62}$`)

// NewRunID returns a sortable, unique run id such as "20261122-021503-a1b2c3".
// It is lowercase and safe as a compose project name suffix.
func NewRunID(now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// ValidateRunID reports whether id can be used as a run id. It is the one
// check every command applies to a run id before using it in a path or a
// label filter, so "--run ../../etc" never reaches the file system. A bad
// id is the user's input: a usage error.
func ValidateRunID(id string) error {
	if !runIDPattern.MatchString(id) {
		return usage.Errorf("invalid run id %q: want 3 to 63 lowercase letters, digits and dashes, starting with a letter or digit (e.g. 20261122-021503-a1b2c3; `saltlab status` lists runs)", id)
	}
	return nil
}

// ForRun returns the labels every resource of one run carries.
func ForRun(runID, project string) map[string]string {
	return map[string]string{Run: runID, Project: project, Managed: "true", Owner: OwnerID()}
}

// OwnerID identifies the current process on this host.
func OwnerID() string {
	host, _ := os.Hostname()
	return host + ":" + strconv.Itoa(os.Getpid())
}
