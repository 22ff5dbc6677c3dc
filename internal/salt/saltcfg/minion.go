// Package saltcfg reads a minion's Salt configuration the way Salt merges it
// (/etc/salt/minion, then minion.d/*.conf in order, later keys win) and
// derives the timing bounds a failover scenario may allow from it
// (salt-semantics §1.1, §1.7, §1.8, §1.9, §1.14). It models real Salt's
// defaults, not the Salt double's, so bounds mean the same for both flavours.
package saltcfg

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Salt 3006 minion defaults (salt-semantics §1.1).
const (
	DefaultAuthTimeout    = 5 * time.Second
	DefaultAuthTries      = 7
	DefaultAcceptanceWait = 10 * time.Second
	DefaultMasterTries    = 1
	DefaultRetryDNS       = 30 * time.Second
	DefaultPublishPort    = 4505
	DefaultMasterPort     = 4506
	MasterTypeStr         = "str"
	MasterTypeFailover    = "failover"
	dnsProbeTimeout       = 2 * time.Second // salt.utils.network.dns_check connect probe
	// ZeroMQ reconnect settings of every Salt node's sockets
	// (salt/config/__init__.py DEFAULT_MINION_OPTS: "recon_max": 10000,
	// "recon_default": 1000, "recon_randomize": True, in milliseconds).
	DefaultReconDefault = 1 * time.Second
	DefaultReconMax     = 10 * time.Second
	aliveLoopSlack      = 1 * time.Second // schedule loop granularity
)

// Minion is the subset of minion options that decides failover timing.
type Minion struct {
	Masters             []string
	MasterType          string
	MasterAliveInterval time.Duration
	MasterTries         int
	AuthTimeout         time.Duration
	AuthTries           int
	AcceptanceWaitTime  time.Duration
	RetryDNS            time.Duration
	PublishPort         int
	// MasterFailback and MasterFailbackInterval (failover only, §1.11): a
	// minion on a later master pings the first one every interval and
	// returns to it once it answers. Parse applies Salt's rule that an
	// interval of 0 means master_alive_interval.
	MasterFailback         bool
	MasterFailbackInterval time.Duration
	// RandomMaster (random_master, or the deprecated master_shuffle):
	// eval_master shuffles the list before it tries it (see BootMaster).
	RandomMaster  bool
	masterShuffle bool
	// ReconDefault, ReconMax and ReconRandomize are ZeroMQ's reconnect
	// settings of this node's sockets (see ReconnectGap).
	ReconDefault   time.Duration
	ReconMax       time.Duration
	ReconRandomize bool
	// ProcessSlack is not a Salt option: the allowance for process start-up
	// that every bound includes (default ProcessSlack).
	ProcessSlack time.Duration
}

// raw mirrors the YAML keys; pointers tell "absent" from zero.
type raw struct {
	Master              any      `yaml:"master"`
	MasterType          *string  `yaml:"master_type"`
	MasterAliveInterval *float64 `yaml:"master_alive_interval"`
	MasterTries         *int     `yaml:"master_tries"`
	AuthTimeout         *float64 `yaml:"auth_timeout"`
	AuthTries           *int     `yaml:"auth_tries"`
	AcceptanceWaitTime  *float64 `yaml:"acceptance_wait_time"`
	RetryDNS            *float64 `yaml:"retry_dns"`
	PublishPort         *int     `yaml:"publish_port"`
	MasterFailback      *bool    `yaml:"master_failback"`
	MasterFailbackIntvl *float64 `yaml:"master_failback_interval"`
	RandomMaster        *bool    `yaml:"random_master"`
	MasterShuffle       *bool    `yaml:"master_shuffle"` // deprecated alias of random_master
	ReconDefault        *float64 `yaml:"recon_default"`  // milliseconds
	ReconMax            *float64 `yaml:"recon_max"`      // milliseconds
	ReconRandomize      *bool    `yaml:"recon_randomize"`
}

// Defaults returns Salt's minion defaults.
func Defaults() Minion {
	return Minion{
		Masters:            []string{"salt"},
		MasterType:         MasterTypeStr,
		MasterTries:        DefaultMasterTries,
		AuthTimeout:        DefaultAuthTimeout,
		AuthTries:          DefaultAuthTries,
		AcceptanceWaitTime: DefaultAcceptanceWait,
		RetryDNS:           DefaultRetryDNS,
		PublishPort:        DefaultPublishPort,
		ReconDefault:       DefaultReconDefault,
		ReconMax:           DefaultReconMax,
		ReconRandomize:     true,
		ProcessSlack:       ProcessSlack,
	}
}

// Parse merges YAML documents in order (later keys win) over Salt's defaults
// and applies the side effects failover mode has on options (§1.6).
func Parse(docs ...string) (Minion, error) {
	m := Defaults()
	for i, doc := range docs {
		dec := yaml.NewDecoder(strings.NewReader(doc))
		for {
			var r raw
			err := dec.Decode(&r)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return Minion{}, fmt.Errorf("parse minion config document %d: %w", i+1, err)
			}
			if err := m.apply(r); err != nil {
				return Minion{}, fmt.Errorf("parse minion config document %d: %w", i+1, err)
			}
		}
	}
	// salt/minion.py eval_master: a true master_shuffle overrides
	// random_master, whatever random_master says.
	m.RandomMaster = m.RandomMaster || m.masterShuffle
	if m.MasterType == MasterTypeFailover {
		m.AuthTries = 1 // auth_tries forced to 0 = one try (§1.6)
		m.RetryDNS = 0
		// salt/minion.py eval_master: failback with interval 0 pings at
		// the alive-check interval (§1.6).
		if m.MasterFailback && m.MasterFailbackInterval == 0 {
			m.MasterFailbackInterval = m.MasterAliveInterval
		}
	}
	return m, nil
}

func (m *Minion) apply(r raw) error {
	switch v := r.Master.(type) {
	case nil:
	case string:
		m.Masters = []string{v}
	case []any:
		m.Masters = m.Masters[:0:0]
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("master list entry %v is not a string", e)
			}
			m.Masters = append(m.Masters, s)
		}
	default:
		return fmt.Errorf("master is %T, want a string or a list", v)
	}
	if r.MasterType != nil {
		m.MasterType = *r.MasterType
	}
	setDur(&m.MasterAliveInterval, r.MasterAliveInterval)
	setDur(&m.AuthTimeout, r.AuthTimeout)
	setDur(&m.AcceptanceWaitTime, r.AcceptanceWaitTime)
	setDur(&m.RetryDNS, r.RetryDNS)
	if r.MasterTries != nil {
		m.MasterTries = *r.MasterTries
	}
	if r.AuthTries != nil {
		m.AuthTries = *r.AuthTries
	}
	if r.PublishPort != nil {
		m.PublishPort = *r.PublishPort
	}
	if r.MasterFailback != nil {
		m.MasterFailback = *r.MasterFailback
	}
	setDur(&m.MasterFailbackInterval, r.MasterFailbackIntvl)
	if r.RandomMaster != nil {
		m.RandomMaster = *r.RandomMaster
	}
	if r.MasterShuffle != nil {
		m.masterShuffle = *r.MasterShuffle
	}
	setMillis(&m.ReconDefault, r.ReconDefault)
	setMillis(&m.ReconMax, r.ReconMax)
	if r.ReconRandomize != nil {
		m.ReconRandomize = *r.ReconRandomize
	}
	return nil
}

func setMillis(dst *time.Duration, ms *float64) {
	if ms != nil {
		*dst = time.Duration(*ms * float64(time.Millisecond))
	}
}

func setDur(dst *time.Duration, secs *float64) {
	if secs != nil {
		*dst = time.Duration(*secs * float64(time.Second))
	}
}
