package saltout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseKeys(t *testing.T) {
	tests := []struct {
		name    string
		stdout  string
		want    Keys
		any     bool
		wantErr string
	}{
		{name: "empty master", stdout: `{"minions": [], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`,
			want: Keys{Accepted: []string{}, Pending: []string{}, Rejected: []string{}, Denied: []string{}}},
		{name: "pretty, one each", stdout: "{\n    \"minions\": [\"m1\"],\n    \"minions_pre\": [\"m2\"],\n    \"minions_rejected\": [\"m3\"],\n    \"minions_denied\": [\"m4\"]\n}\n",
			want: Keys{Accepted: []string{"m1"}, Pending: []string{"m2"}, Rejected: []string{"m3"}, Denied: []string{"m4"}}, any: true},
		{name: "only pending", stdout: `{"minions": [], "minions_pre": ["m2"], "minions_rejected": [], "minions_denied": []}`,
			want: Keys{Accepted: []string{}, Pending: []string{"m2"}, Rejected: []string{}, Denied: []string{}}, any: true},
		{name: "error text", stdout: "Error: Salt master pki dir is missing", wantErr: "parse salt-key listing"},
		{name: "other json", stdout: `{"local": ["master.pem"]}`, wantErr: `no "minions" list`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseKeys(tt.stdout)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.any, got.Any())
		})
	}
}
