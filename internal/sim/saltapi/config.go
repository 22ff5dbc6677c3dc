// Package saltapi is salt-api with the rest_cherrypy netapi module of the
// double (salt/netapi/rest_cherrypy/app.py, salt/netapi/__init__.py): the
// same URLs, status codes, sessions and eauth rules, served by net/http.
// It reaches the master only through <sock_dir>/workers.ipc.
package saltapi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/config"
)

// moduleName is rest_cherrypy's __name__, used in its log lines.
const moduleName = "salt.netapi.rest_cherrypy"

// clientNames is salt.netapi.CLIENTS (3006).
var clientNames = []string{"local", "local_async", "local_batch", "local_subset", "runner", "runner_async", "ssh", "wheel", "wheel_async"}

// ErrNoNetapi means no netapi module could be loaded (no rest_cherrypy
// block or no port): salt-api has nothing to start.
var ErrNoNetapi = errors.New("Did not find any netapi configurations, nothing to start")

// apiOpts is the rest_cherrypy block.
type apiOpts struct {
	Port               int
	Host               string
	DisableSSL         bool
	SSLCrt, SSLKey     string
	RootPrefix         string
	CollectStats       bool
	StatsDisableAuth   bool
	Debug              bool
	WebhookURL         string
	WebhookDisableAuth bool
	EnableSessions     bool
}

// errSSLRequired is rest_cherrypy.start's refusal without certificates.
var errSSLRequired = fmt.Errorf("Not starting '%s'. Options 'ssl_crt' and 'ssl_key' are required if SSL is not disabled.", moduleName)

func parseAPIOpts(opts config.Opts) (apiOpts, error) {
	raw, ok := opts["rest_cherrypy"].(map[string]any)
	if !ok {
		return apiOpts{}, ErrNoNetapi
	}
	o := config.Opts(raw)
	if !o.Has("port") {
		// __virtual__ returns (False, "'port' not specified in config").
		return apiOpts{}, fmt.Errorf("%w ('port' not specified in config)", ErrNoNetapi)
	}
	a := apiOpts{
		Port:               o.Int("port", 0),
		Host:               o.Str("host"),
		DisableSSL:         o.Bool("disable_ssl"),
		SSLCrt:             o.Str("ssl_crt"),
		SSLKey:             o.Str("ssl_key"),
		RootPrefix:         o.Str("root_prefix"),
		CollectStats:       o.Bool("collect_stats"),
		StatsDisableAuth:   o.Bool("stats_disable_auth"),
		Debug:              o.Bool("debug"),
		WebhookURL:         o.Str("webhook_url"),
		WebhookDisableAuth: o.Bool("webhook_disable_auth"),
		EnableSessions:     !o.Has("enable_sessions") || o.Bool("enable_sessions"),
	}
	if a.Port < 0 || a.Port > 65535 { // 0 = ephemeral (tests)
		return apiOpts{}, fmt.Errorf("rest_cherrypy: invalid port %v", raw["port"])
	}
	if a.Host == "" {
		a.Host = "0.0.0.0"
	}
	if !a.DisableSSL && (a.SSLCrt == "" || a.SSLKey == "") {
		return apiOpts{}, errSSLRequired
	}
	a.RootPrefix = "/" + strings.Trim(a.RootPrefix, "/")
	if a.WebhookURL == "" {
		a.WebhookURL = "/hook"
	}
	a.WebhookURL = "/" + strings.Trim(a.WebhookURL, "/")
	return a, nil
}

// enabledClients is netapi_enable_clients (3006.0+: default [] = none).
func enabledClients(opts config.Opts) map[string]bool {
	out := map[string]bool{}
	for _, c := range opts.List("netapi_enable_clients") {
		out[c] = true
	}
	return out
}

func validClient(c string) bool {
	for _, n := range clientNames {
		if n == c {
			return true
		}
	}
	return false
}
