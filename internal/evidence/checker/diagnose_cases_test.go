package checker

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/etchosts"
)

// The lab-start records, as scenario.RecordLabConfig makes them.

// conf records minion settings (JSON values) in ConfigKeys order.
func (b *hist) conf(minion string, settings map[string]string) {
	for _, k := range ConfigKeys() {
		v, ok := settings[k]
		if !ok {
			continue
		}
		val, err := json.Marshal(history.ConfigValue{Key: k, Value: json.RawMessage(v)})
		if err != nil {
			panic(err)
		}
		b.op(0, time.Millisecond, history.OK, history.ConfigGetLocalOp, minion, minion, string(val), "")
	}
}

// hosts records a minion's /etc/hosts.
func (b *hist) hosts(minion, text string) {
	val, err := json.Marshal(history.HostsValue{Lines: etchosts.Parse(text)})
	if err != nil {
		panic(err)
	}
	b.op(0, time.Millisecond, history.OK, history.HostsOp, minion, "", string(val), "")
}

// ports records a master's publish_port and ret_port (0: not recorded).
func (b *hist) ports(master string, publish, ret int) {
	if publish > 0 {
		b.op(0, time.Millisecond, history.OK, history.ConfigGetOp, master, "publish_port", strconv.Itoa(publish), "")
	}
	if ret > 0 {
		b.op(0, time.Millisecond, history.OK, history.ConfigGetOp, master, "ret_port", strconv.Itoa(ret), "")
	}
}

// addr records a master's addresses.
func (b *hist) addr(master string, ips ...string) {
	val, _ := json.Marshal(history.AddressValue{Addresses: ips})
	b.op(0, time.Millisecond, history.OK, history.AddressOp, master, "", string(val), "")
}

func (b *hist) fingers(master, pub string) {
	b.op(0, time.Millisecond, history.OK, history.FingerOp, master, "", `{"local":{"master.pem":"aa","master.pub":"`+pub+`"}}`, "")
}

func (b *hist) signedFingers(master, pub, sign string) {
	b.op(0, time.Millisecond, history.OK, history.FingerOp, master, "", `{"local":{"master.pub":"`+pub+`","master_sign.pub":"`+sign+`"}}`, "")
}

// inScenario moves the last n entries into a scenario, as a scenario's own
// reads are recorded.
func (b *hist) inScenario(n int) {
	for i := len(b.h) - n; i < len(b.h); i++ {
		b.h[i].Scenario = "key-replace"
	}
}

// with returns settings with the changes (a value "" removes the key).
func with(settings map[string]string, changes ...string) map[string]string {
	out := map[string]string{}
	for k, v := range settings {
		out[k] = v
	}
	for i := 0; i+1 < len(changes); i += 2 {
		if changes[i+1] == "" {
			delete(out, changes[i])
			continue
		}
		out[changes[i]] = changes[i+1]
	}
	return out
}

// Minion settings of the test labs: names unlike any topology's, so the
// rules are tried on inputs other than the ones they were written for.
var (
	edgeFailover = map[string]string{"master": `["primary","standby"]`, "master_type": `"failover"`, "master_alive_interval": `3`,
		"transport": `"zeromq"`, "open_mode": `false`, "verify_master_pubkey_sign": `false`}
	edgeIPs     = with(edgeFailover, "master", `["10.4.0.2","10.4.0.3"]`)
	edgeHot     = with(edgeFailover, "master_type", `"str"`)
	edgeGateway = with(edgeFailover, "master", `["gw.internal:4505","gw.internal:4509"]`)
	edgeTwoHost = with(edgeFailover, "master", `["alpha:4505","beta:4505"]`)
)

// Hosts files: none of the masters pinned, both pinned (compose
// extra_hosts), one pinned.
const (
	noPins   = "127.0.0.1 localhost\n10.4.0.50 edge-7\n"
	bothPins = noPins + "10.4.0.2 primary\n10.4.0.3 standby\n"
	onePin   = noPins + "10.4.0.3 Standby.lab standby\n"
)

func invalid() Result {
	return Result{Verdict: Invalid, Expected: "standby to serve every minion's salt test.ping within its bound",
		Observed: "edge-7: not served by standby within 19s (invalid)", Evidence: []int64{1}}
}

// diagnoseCase is one history and check, and the diagnosis expected.
type diagnoseCase struct {
	name      string
	check     string // checker name, ":salt-call" for a salt-call check
	build     func(b *hist)
	result    Result
	wantCause []string // substrings; none: no diagnosis
}

func dnsCases() []diagnoseCase {
	stop := func(b *hist, target string) { b.fault(time.Second, "1", "stop", target, history.Start) }
	return []diagnoseCase{
		{"dns: unpinned names, a master stopped", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), []string{"setting master: edge-7: master = [primary, standby] (entry 1), master_type = failover (entry 3), master_alive_interval = 3 (entry 5), transport = zeromq (entry 7), /etc/hosts has no line for standby (entry 13)",
			"standby (entry 14) was stopped", "§1.9"}},
		{"dns: another check of the daemons", NameDelivery, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "primary")
		}, invalid(), []string{"primary (entry 14) was stopped"}},
		{"dns: failback off on purpose, the stopped master reached the minions again", NameFailover + "@standby!absent", func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "master", `["standby","primary"]`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), []string{"standby (entry 14) was stopped"}},
		{"dns: failback on, the stopped master does not get the minions back", NameFailover + "@standby", func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "master", `["standby","primary"]`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: another master is to stay away", NameFailover + "@primary!absent", func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: the start event on the surviving master", NameStartEvent + "@primary", func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), []string{"standby (entry 14) was stopped"}},
		{"dns: a kill's signal may leave the container running", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			b.fault(time.Second, "1", "kill", "primary", history.Start)
		}, invalid(), nil},
		{"dns: names pinned in /etc/hosts (extra_hosts) keep resolving", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", bothPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: a pin in another case and with an alias", NameStartEvent, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", onePin)
			stop(b, "STANDBY")
		}, invalid(), nil},
		{"dns: only the master that was not stopped is pinned", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", onePin)
			stop(b, "primary")
		}, invalid(), []string{"/etc/hosts has no line for primary", "primary (entry 14) was stopped"}},
		{"dns: /etc/hosts not recorded (an older run)", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: transport tcp has no alive job to miss the master", NameFailover, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "transport", `"tcp"`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: transport not recorded", NameFailover, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "transport", ""))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: master_alive_interval 0 schedules no alive check at all", NameFailover, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "master_alive_interval", `0`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: hot multi-master is not failover", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: zmq_monitor True (Salt 3007.15's default) leaves a stopped master name or no name", NameFailover, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "zmq_monitor", `true`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: zmq_monitor False (3006's default) is cited with the trap", NameFailover, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "zmq_monitor", `false`))
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), []string{"transport = zeromq (entry 7), zmq_monitor = false (entry ", "standby (entry "}},
		{"dns: addresses, not names", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeIPs)
			b.hosts("edge-7", noPins)
			stop(b, "10.4.0.3")
		}, invalid(), nil},
		{"dns: a pause leaves the name resolving", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			b.fault(time.Second, "1", "pause", "standby", history.Start)
		}, invalid(), nil},
		{"dns: salt-call's list path skips a name that does not resolve", NameFailover + ":salt-call", func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: a check failover does not explain", NameUnchanged, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: settings read inside a scenario are no lab setting", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			b.inScenario(len(edgeFailover)*2 + 2)
			stop(b, "standby")
		}, invalid(), nil},
		{"dns: valid verdicts are not diagnosed", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, Result{Verdict: Valid}, nil},
		{"dns: unknown verdicts are not diagnosed", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", noPins)
			stop(b, "standby")
		}, Result{Verdict: Unknown}, nil},
	}
}

func portCases() []diagnoseCase {
	return []diagnoseCase{
		{"ports: two entries on one host, one naming the masters' publish port", NameNoSignIn, func(b *hist) {
			b.conf("edge-7", edgeGateway)
			b.ports("alpha", 4505, 4506)
			b.ports("beta", 4505, 4506)
		}, invalid(), []string{"setting master: edge-7: master = [gw.internal:4505, gw.internal:4509] (entry 1): 2 entries",
			"2 entries on host gw.internal share one master identity", "gw.internal:4505 names port 4505, the masters' publish_port and none's ret_port",
			"masters alpha, beta: publish_port = 4505 (entries 13, 17), ret_port = 4506 (entries 15, 19)", "§1.3-§1.5"}},
		{"ports: a publish port on separate hosts", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeTwoHost)
			b.ports("alpha", 4505, 4506)
			b.ports("beta", 4505, 4506)
		}, invalid(), []string{"alpha:4505 names port 4505", "beta:4505 names port 4505"}},
		{"ports: masters whose ret_port was moved to the entries' port", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeTwoHost)
			b.ports("alpha", 4504, 4505)
			b.ports("beta", 4504, 4505)
		}, invalid(), nil},
		{"ports: one master takes sign-ins on that port", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeTwoHost)
			b.ports("alpha", 4505, 4506)
			b.ports("beta", 4507, 4505)
		}, invalid(), nil},
		{"ports: the masters' ports not recorded", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeTwoHost)
		}, invalid(), nil},
		{"ports: a master's ret_port not recorded", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeTwoHost)
			b.ports("alpha", 4505, 4506)
			b.ports("beta", 4505, 0)
		}, invalid(), nil},
		{"ports: the shared identity rests on the minion's setting alone", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeGateway)
		}, invalid(), []string{"2 entries on host gw.internal share one master identity"}},
		{"ports: ret ports on their own hosts", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeFailover, "master", `["alpha:4506","beta:4506"]`))
			b.ports("alpha", 4505, 4506)
			b.ports("beta", 4505, 4506)
		}, invalid(), nil},
		{"ports: an unknown verdict may just lack evidence", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeGateway)
		}, Result{Verdict: Unknown}, nil},
	}
}

func keyCases() []diagnoseCase {
	twoKeys := func(b *hist) {
		b.fingers("primary", "11:22")
		b.fingers("standby", "33:44")
	}
	return []diagnoseCase{
		{"keys: a minion lists two masters with their own key pairs", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, invalid(), []string{"master.pem differs between masters (primary 11:22 (entry 15); standby 33:44 (entry 17))",
			"edge-7: master = [primary, standby] (entry 1), /etc/hosts has no line for primary or standby (entry 13), open_mode = false (entry 9)",
			"The master key has changed"}},
		{"keys: names pinned to the masters' addresses", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", bothPins)
			twoKeys(b)
			b.addr("primary", "10.4.0.2")
			b.addr("standby", "10.4.0.3")
		}, invalid(), []string{"/etc/hosts pins primary to 10.4.0.2, standby to 10.4.0.3 (entry 13)", "masters primary: address 10.4.0.2 (entry 19); standby: address 10.4.0.3 (entry 21)"}},
		{"keys: addresses listed", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeIPs)
			twoKeys(b)
			b.addr("primary", "10.4.0.2")
			b.addr("standby", "10.4.0.3")
		}, invalid(), []string{"edge-7: master = [10.4.0.2, 10.4.0.3] (entry 1), open_mode = false (entry 9)"}},
		{"keys: addresses listed, the masters' not recorded", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeIPs)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: names pinned to addresses of no master", NameFailover, func(b *hist) {
			b.conf("edge-7", edgeFailover)
			b.hosts("edge-7", bothPins)
			twoKeys(b)
			b.addr("primary", "10.9.9.2")
			b.addr("standby", "10.9.9.3")
		}, invalid(), nil},
		{"keys: /etc/hosts not recorded, so the names map to nothing", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: each minion lists one master", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "master", `"primary"`))
			b.hosts("edge-7", noPins)
			b.conf("edge-8", with(edgeHot, "master", `"standby"`))
			b.hosts("edge-8", noPins)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: open_mode accepts any master key", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "open_mode", `true`))
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: open_mode not recorded", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "open_mode", ""))
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: signed by one master_sign key the minion verifies (MultiMaster-PKI)", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "verify_master_pubkey_sign", `true`))
			b.hosts("edge-7", noPins)
			b.signedFingers("primary", "11:22", "99:99")
			b.signedFingers("standby", "33:44", "99:99")
		}, invalid(), nil},
		{"keys: signed by one master_sign key the minion does not verify", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			b.signedFingers("primary", "11:22", "99:99")
			b.signedFingers("standby", "33:44", "99:99")
		}, invalid(), []string{"they sign their keys with one shared master_sign key, but the minions do not verify it", "verify_master_pubkey_sign = false (entry 11)"}},
		{"keys: signed, verify_master_pubkey_sign not recorded", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "verify_master_pubkey_sign", ""))
			b.hosts("edge-7", noPins)
			b.signedFingers("primary", "11:22", "99:99")
			b.signedFingers("standby", "33:44", "99:99")
		}, invalid(), nil},
		{"keys: signed by different master_sign keys", NameAvailability, func(b *hist) {
			b.conf("edge-7", with(edgeHot, "verify_master_pubkey_sign", `true`))
			b.hosts("edge-7", noPins)
			b.signedFingers("primary", "11:22", "99:99")
			b.signedFingers("standby", "33:44", "88:88")
		}, invalid(), []string{"standby 33:44"}},
		{"keys: a key a scenario replaced is no lab setting", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			b.fingers("primary", "11:22")
			b.fingers("standby", "11:22")
			b.fingers("standby", "55:66")
			b.inScenario(2)
		}, invalid(), nil},
		{"keys: explain an unknown verdict too", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, Result{Verdict: Unknown}, []string{"master.pem differs"}},
		{"keys: a check they do not explain", NameUnchanged, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, invalid(), nil},
		{"keys: a cause the checker named itself is kept", NameAvailability, func(b *hist) {
			b.conf("edge-7", edgeHot)
			b.hosts("edge-7", noPins)
			twoKeys(b)
		}, Result{Verdict: Invalid, Cause: "the checker's own"}, []string{"the checker's own"}},
	}
}
