package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/runstate"
)

// Bad knobs fail with exit 2 and a specific message before Docker is used.
func TestLabFlagsRejectBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"set prefix", []string{"up", "--set", "syndic.x=1"}, `unknown prefix "syndic"`},
		{"set form", []string{"run", "--set", "minion.timeout"}, "want KEY=VALUE"},
		{"states dir", []string{"up", "--states", "/nonexistent/states"}, "validate --states: directory /nonexistent/states"},
		{"minion config", []string{"up", "--minion-config", "/nonexistent/m"}, "validate --minion-config"},
		{"minions", []string{"up", "--minions", "-3"}, "validate --minions -3: want 1 to 120"},
		{"up args", []string{"up", "extra"}, "up: unexpected arguments [extra]"},
		{"logs tail", []string{"logs", "--tail", "-1"}, "logs: --tail -1: want 0 or more"},
		{"flavour", []string{"up", "--salt", "other"}, `unknown Salt flavour "other"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, &stdout, &stderr)
			assert.Equal(t, exitUsage, code, stderr.String())
			assert.Contains(t, stderr.String(), tt.want)
		})
	}
}

func TestOnlyLive(t *testing.T) {
	a := runstate.State{RunID: "run-a", Topology: "hot", Started: time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC)}
	b := runstate.State{RunID: "run-b", Topology: "failover", Started: time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC)}
	gone := runstate.State{RunID: "run-gone"}
	all := []runstate.State{b, a, gone}
	tests := []struct {
		name    string
		owners  map[string]string
		want    string
		wantErr []string
	}{
		{name: "one live", owners: map[string]string{"run-a": "detached", "other-engine-run": "x"}, want: "run-a"},
		{name: "none live", owners: map[string]string{}, wantErr: []string{"no live saltlab run under reports"}},
		{name: "several", owners: map[string]string{"run-a": "", "run-b": ""},
			wantErr: []string{"several live runs under reports; choose one with --run ID", "run-a  topology hot, started 2026-11-23 01:00:00", "run-b  topology failover"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := onlyLive(all, tt.owners, "reports")
			for _, w := range tt.wantErr {
				assert.ErrorContains(t, err, w)
			}
			if len(tt.wantErr) == 0 {
				require.NoError(t, err)
				assert.Equal(t, tt.want, got.RunID)
			}
		})
	}
}
