package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
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
