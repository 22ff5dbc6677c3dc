package steps

import (
	"regexp"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/scenario"
)

// def is one step definition. The same table registers the steps with godog
// and lets features.Check reject unknown steps before a lab is started.
type def struct {
	pattern string
	fn      any
}

func definitions() []def {
	return append([]def{
		{`^the lab is healthy$`, labIsHealthy},
		{`^every minion answers "salt-call test\.ping"$`, everyMinionAnswersSaltCallPing},
		{`^I stop "([^"]+)"$`, stopService},
		{`^within the failover bound every minion's "salt-call test\.ping" is served by "([^"]+)"$`, saltCallServedWithinBound},
		{`^within the failover bound every minion's "salt-call test\.ping" is served by "([^"]+)", or by "([^"]+)" once it is back$`, saltCallServedOrBack},
		{`^within the alive-check bound "([^"]+)" reaches every minion with "test\.ping"$`, masterReachesEveryMinion},
		{`^I note the process of every minion daemon$`, noteMinionDaemons},
		{`^within the hot-mode bound "([^"]+)" reaches every minion with "test\.ping"$`, masterReachesEveryMinionHot},
		{`^within the cluster bound "([^"]+)" reaches every minion with "test\.ping"$`, masterReachesEveryMinionCluster},
		{`^the master balancer keeps new connections away from "([^"]+)" within its own failover bound$`, balancerAvoidsPeer},
		{`^for the whole restart window every minion daemon keeps running as the process noted before$`, minionDaemonsDidNotRestart},
		{`^for the whole alive-check bound "([^"]+)" reaches no minion with "test\.ping"$`, masterReachesNoMinion},
		{`^"([^"]+)" reaches every minion exactly once with "test\.ping"$`, masterReachesEveryMinionOnce},
		{`^"([^"]+)" runs a job on every minion that appends a line to a marker file$`, masterAppendsMarker},
		{`^every minion's marker file holds exactly one line$`, markerHasOneLine},
		{`^"([^"]+)" runs "([^"]+)" on every minion and each returns (.+) exactly once$`, masterRunsOnEveryMinionOnce},
		{`^"([^"]+)" has "([^"]+)" send an event, and it reaches "([^"]+)"$`, minionEventReaches},
		{`^within the syndic relay bound "([^"]+)" reaches every minion exactly once through every syndic$`, masterReachesEveryMinionThroughEverySyndic},
		{`^the name "([^"]+)" no longer resolves on "([^"]+)"$`, nameStopsResolving},
		{`^the minions leave a master whose publish connection drops$`, minionsHaveMonitor},
		{`^the minions notice a lost master only by the alive check$`, minionsHaveNoMonitor},
		{`^the salt-api answers "test\.ping" for every minion through the load balancer(?: at "([^"]+)")?$`, apiAnswersEveryMinion},
		{`^within the daemons' reach bound the salt-api answers "test\.ping" for every minion through the load balancer(?: at "([^"]+)")?$`, apiAnswersWithinReachBound},
		{`^I log in to the salt-api(?: of "([^"]+)")? through the load balancer(?: at "([^"]+)")?$`, apiLogin},
		{`^the session from that login is refused with 401 through the load balancer$`, apiSessionRefused},
		{`^within (\d+)s a login through the load balancer(?: at "([^"]+)")? succeeds$`, apiLoginWithin},
		{`^within the load balancer's failover bound a login through it(?: at "([^"]+)")? succeeds$`, apiLoginWithinDetour},
		{`^I start a stream of "test\.ping" through the HA client via (the load balancer|every master's salt-api)$`, startHAStream},
		{`^every request through the HA client succeeded$`, everyHARequestSucceeded},
		{`^for (\d+)s "([^"]+)" knows no minion key$`, masterKnowsNoMinionKey},
		{`^every minion's "salt-call test\.ping" fails$`, everyMinionSaltCallPingFails},
		{`^"([^"]+)" is refused "salt-call test\.ping" as a rejected key$`, saltCallRefusedAsRejected},
		{`^every minion but "([^"]+)" answers "salt-call test\.ping"$`, everyOtherMinionAnswersSaltCallPing},
		{`^I kill "([^"]+)"$`, killService},
		{`^I start "([^"]+)" again$`, startServiceAgain},
		{`^the minion daemons return to "([^"]+)" exactly when their master_failback says$`, minionsFailBackAsConfigured},
		{`^within the reconnect bound "([^"]+)" reaches every minion with "test\.ping"$`, masterReachesEveryMinionAgain},
		{`^I (accept|delete|reject) the key of "([^"]+)" on "([^"]+)"$`, keyAction},
		{`^every minion has signed in to every master$`, everyMinionSignedInToEveryMaster},
		{`^the key change shows on every master sharing that master's pki directory, and on no other$`, keyActionShowsWhereShared},
		{`^"([^"]+)" lists the key of "([^"]+)" as (accepted|pending|rejected|denied|absent)$`, masterListsKeysAs},
		{`^I note the key fingerprints of every master$`, noteMasterKeys},
		{`^every master presents a master key the minions accept$`, everyMasterKeyAccepted},
		{`^every master holds the same states, pillar and access control$`, everyMasterSameConfig},
		{`^every minion's highstate served by "([^"]+)" converges with no failed state$`, highstateConverges},
		{`^a second highstate served by "([^"]+)" changes nothing$`, secondHighstateQuiet},
		{`^every minion's highstate served by "([^"]+)" gives the same state results as before$`, highstateSameAsBefore},
		{`^the CI diff of every minion's highstate served by "([^"]+)" is recorded$`, ciDiffRecorded},
		{`^every master renders the same pillar for every minion$`, everyMasterSamePillar},
		{`^"([^"]+)" signs in to "([^"]+)" and its key waits pending$`, keyWaitsPending},
		{`^every minion of the fleet answers "test\.ping" through one of the masters$`, fleetAnswers},
		{`^within the alive-check bound "([^"]+)" reaches every minion of the fleet with "test\.ping"$`, masterReachesFleetWithinAliveBound},
	}, faultPhrases()...)
}

// Initializer returns the godog scenario initializer bound to d. Call it
// once per run and hand godog the function it returns: that function
// carries state from one scenario to the next (the outline rows' names,
// the minions' reset a faulted scenario owes the next), which a fresh
// Initializer per scenario would lose.
func Initializer(d scenario.Deps) func(*godog.ScenarioContext) {
	seq := scenario.NewSequence(d)
	return func(sc *godog.ScenarioContext) {
		hooks(sc, seq)
		for _, df := range definitions() {
			sc.Step(df.pattern, df.fn)
		}
	}
}

// Phrases are the step definitions' patterns, compiled: the phrases a
// feature file's every step must match exactly one of (features.Check),
// checked before a lab is started.
func Phrases() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, df := range definitions() {
		out = append(out, regexp.MustCompile(df.pattern))
	}
	return out
}

// NeedsChaosHelper reports whether the step text injects a fault that
// runs the chaos helper image (chaos.NeedsHelper): a run whose selection
// holds one builds the helper with its images. Only the fault phrases
// inject; the generic phrase's kind is the one it names.
func NeedsChaosHelper(text string) bool {
	for _, f := range faultDefs() {
		m := regexp.MustCompile(f.pattern).FindStringSubmatch(text)
		if m == nil {
			continue
		}
		kind := f.kind // "" (a heal, a check) is no kind: false
		if kind == kindInGroup {
			kind = m[1]
		}
		return chaos.NeedsHelper(kind)
	}
	return false
}
