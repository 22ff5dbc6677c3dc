package config

import (
	"maps"
	"slices"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// masterReads are master options the double reads without a default in
// MasterDefaults (grep the double for their names): salt-api's, eauth's,
// the syndic's.
var masterReads = []string{
	"api_logfile", "auth_events", "eauth_tokens", "minion_data_cache", "netapi_enable_clients",
	"rest_cherrypy", "sharedsecret", "syndic_log_file", "syndic_master_port", "syndic_mode",
	"token_dir", "token_expire",
}

// masterInert are real master options the double accepts and ignores,
// because a built-in topology sets them and nothing the double does
// depends on them: it keeps jobs in memory for the run (keep_jobs) and
// has no worker pool (worker_threads). docs/sim-fidelity.md lists them.
var masterInert = []string{"keep_jobs", "worker_threads"}

// OptionList is the option list the double publishes in its image
// (saltopts.ImagePath, written by `saltsim --salt-options` at build): the
// options it implements, so that a lab on the double refuses an option
// it would silently ignore instead of passing a run that never exercised
// it. Adding an option to the double means adding it here (a default, or
// masterReads).
func OptionList() saltopts.List {
	master := append(slices.Collect(maps.Keys(MasterDefaults())), masterReads...)
	master = append(master, masterInert...)
	minion := slices.Collect(maps.Keys(MinionDefaults()))
	slices.Sort(master)
	slices.Sort(minion)
	return saltopts.List{
		SaltVersion:    simver.SaltVersion,
		Implementation: "the Salt double (saltlab sim " + simver.SimVersion + ", imitating Salt " + simver.SaltVersion + ")",
		Master:         slices.Compact(master),
		Minion:         slices.Compact(minion),
	}
}
