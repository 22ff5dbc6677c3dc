package knobs

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// optType is what Salt accepts for one option (salt/config VALID_OPTS; the
// defaults and meanings are in salt-semantics §1.1). Salt checks a value by
// converting it (int("abc") fails) and a daemon given a bad one logs an
// error or dies; saltlab refuses it before building anything.
type optType struct {
	kind string   // "number", "bool", "str", "str-or-list", "list", "dict"
	min  *float64 // lowest allowed number, if any
	max  float64  // highest, when min is set
	enum []string // allowed strings, if any
}

// Salt's int and float options both pass its check for any number (int(2.5)
// converts), so both are "number" here; some have a lower bound.
func intMin(min float64) optType { return optType{kind: "number", min: &min, max: math.MaxInt32} }
func numMin(min float64) optType { return optType{kind: "number", min: &min, max: math.MaxFloat64} }
func oneOf(v ...string) optType  { return optType{kind: "str", enum: v} }

var (
	port     = func() optType { t := intMin(1); t.max = 65535; return t }()
	anyInt   = optType{kind: "number"}
	boolean  = optType{kind: "bool"}
	str      = optType{kind: "str"}
	strList  = optType{kind: "str-or-list"}
	logLevel = oneOf("all", "garbage", "trace", "debug", "profile", "info", "warning", "error", "critical", "quiet")
	trans    = oneOf("zeromq", "tcp", "ws")
)

// knownOptions are the options saltlab's topologies and bounds depend on,
// plus common ones; other options pass unchecked (Salt has hundreds).
var knownOptions = map[Kind]map[string]optType{
	Minion: {
		"master": strList, "master_type": oneOf("str", "failover", "func", "disable", "distributed"),
		"master_port": port, "publish_port": port, "master_uri_format": oneOf("default", "ip_only"),
		"master_alive_interval": intMin(0), "master_failback": boolean, "master_failback_interval": intMin(0),
		"random_master": boolean, "master_shuffle": boolean, "retry_dns": numMin(0), "retry_dns_count": intMin(0),
		"auth_tries": intMin(0), "auth_timeout": intMin(1), "auth_safemode": boolean,
		"acceptance_wait_time": numMin(0), "acceptance_wait_time_max": numMin(0), "rejected_retry": boolean,
		"master_tries": intMin(-1), "random_reauth_delay": intMin(0),
		"recon_default": numMin(0), "recon_max": numMin(0), "recon_randomize": boolean,
		"tcp_keepalive": boolean, "tcp_keepalive_idle": anyInt, "tcp_keepalive_cnt": anyInt, "tcp_keepalive_intvl": anyInt,
		"ping_interval": intMin(0), "return_retry_timer": intMin(0), "return_retry_timer_max": intMin(0),
		"return_retry_tries": intMin(1), "request_channel_timeout": intMin(1), "request_channel_tries": intMin(1),
		"minion_jid_queue_hwm": intMin(1), "verify_master_pubkey_sign": boolean, "always_verify_signature": boolean,
		"master_sign_key_name": str, "master_finger": str, "enable_legacy_startup_events": boolean,
		"transport": trans, "id": str, "log_level": logLevel, "log_level_logfile": logLevel, "zmq_monitor": boolean,
	},
	Master: {
		"interface": str, "publish_port": port, "ret_port": port, "auto_accept": boolean, "open_mode": boolean,
		"timeout": intMin(1), "gather_job_timeout": intMin(1), "keep_jobs": intMin(0), "worker_threads": intMin(1),
		"order_masters": boolean, "master_sign_pubkey": boolean, "master_use_pubkey_signature": boolean,
		"master_sign_key_name": str, "syndic_master": strList, "syndic_wait": intMin(0),
		"token_expire": intMin(1), "transport": trans, "user": str, "job_cache": boolean,
		"file_roots": {kind: "dict"}, "pillar_roots": {kind: "dict"}, "netapi_enable_clients": {kind: "list"},
		"log_level": logLevel, "log_level_logfile": logLevel,
	},
}

// checkType reports why v is not a value Salt accepts for kind's option
// opt; unknown options and well-typed values are nil.
func checkType(kind Kind, opt string, v any) error {
	t, ok := knownOptions[kind][opt]
	if !ok {
		return nil
	}
	want := map[string]string{"number": "a number", "bool": "true or false", "str": "a string",
		"str-or-list": "a string or a list such as [a, b]", "list": "a list such as [a, b]", "dict": "a mapping such as {base: [/srv/salt]}"}[t.kind]
	if len(t.enum) > 0 {
		want = "one of " + strings.Join(t.enum, ", ")
	}
	bad := fmt.Errorf("want %s, got %s", want, describe(v))
	switch t.kind {
	case "number":
		n, ok := number(v)
		if !ok {
			return bad
		}
		if t.min != nil && (n < *t.min || n > t.max) {
			return fmt.Errorf("want %s from %v to %v, got %v", want, *t.min, t.max, n)
		}
	case "bool":
		if _, ok := v.(bool); !ok {
			return bad
		}
	case "str":
		s, ok := scalarString(v)
		if !ok || (len(t.enum) > 0 && !slices.Contains(t.enum, s)) {
			return bad
		}
	case "str-or-list":
		if _, ok := scalarString(v); !ok {
			if _, ok := v.([]any); !ok {
				return bad
			}
		}
	case "list":
		if _, ok := v.([]any); !ok {
			return bad
		}
	case "dict":
		if _, ok := v.(map[string]any); !ok {
			return bad
		}
	}
	return nil
}

// number is what Salt's int()/float() conversion accepts: numbers and
// numeric strings, not booleans.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, !math.IsNaN(n) && !math.IsInf(n, 0)
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}

// scalarString is a string option's value: Salt's str() accepts numbers
// too (master: 10.0.0.1 may come in as a string, 5 as an int).
func scalarString(v any) (string, bool) {
	switch s := v.(type) {
	case string:
		return s, true
	case int, float64:
		return fmt.Sprint(s), true
	}
	return "", false
}

func describe(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case []any:
		return fmt.Sprintf("the list %v", v)
	case map[string]any:
		return fmt.Sprintf("the mapping %v", v)
	case string:
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%v", v)
}
