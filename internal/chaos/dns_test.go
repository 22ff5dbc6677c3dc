package chaos

import (
	"context"
	"errors"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
)

// TestDNSRulesRefusePinnedNames: the dns fault reads the target's
// /etc/hosts and refuses a name pinned there (nothing it could drop would
// reach the resolver), naming the pin; a name only DNS serves gets rules.
func TestDNSRulesRefusePinnedNames(t *testing.T) {
	hosts := "127.0.0.1 localhost\n# 10.1.1.9 commented-master\n10.1.1.7 primary-master\n"
	tests := []struct {
		name, look string
		exec       func() (lab.ExecResult, error)
		wantErr    string
	}{
		{"pinned", "PRIMARY-master", nil, `"PRIMARY-master" is pinned in /etc/hosts of minion-a (compose extra_hosts, to 10.1.1.7)`},
		{"commented out", "commented-master", nil, ""},
		{"only DNS serves it", "backup-master", nil, ""},
		{"the file cannot be read", "backup-master", func() (lab.ExecResult, error) {
			return lab.ExecResult{ExitCode: 1, Stderr: "cat: /etc/hosts: Permission denied"}, nil
		},
			"read /etc/hosts of minion-a: cat exited 1: cat: /etc/hosts: Permission denied"},
		{"the exec fails", "backup-master", func() (lab.ExecResult, error) { return lab.ExecResult{}, errors.New("container is paused") }, "container is paused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Engine{execIn: func(_ context.Context, ref string, argv []string) (lab.ExecResult, error) {
				assert.Equal(t, "c1", ref)
				assert.Equal(t, []string{"cat", "/etc/hosts"}, argv)
				if tt.exec != nil {
					return tt.exec()
				}
				return lab.ExecResult{Stdout: hosts}, nil
			}}
			target := container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: "c1", Name: "/minion-a"}}
			rs, data, err := dnsRules(context.Background(), e, Spec{Kind: KindDNS, Targets: []string{"minion-a"}, Name: tt.look}, target)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Len(t, rs.Output, 2, "udp and tcp queries for the name are dropped")
			assert.Equal(t, tt.look, data["name"])
		})
	}
}
