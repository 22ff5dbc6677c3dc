package saltout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseKeyList(t *testing.T) {
	k, err := ParseKeyList("{\n    \"minions\": [\"m1\", \"m2\"],\n    \"minions_pre\": [\"m3\"],\n    \"minions_rejected\": [],\n    \"minions_denied\": []\n}\n")
	require.NoError(t, err)
	assert.Equal(t, KeyList{Accepted: []string{"m1", "m2"}, Pending: []string{"m3"}, Rejected: []string{}, Denied: []string{}}, k)
	_, err = ParseKeyList("Error: no pki dir\n")
	assert.ErrorContains(t, err, "parse salt-key -L output: want one JSON document, got 0")
}

func TestParseLocalFingers(t *testing.T) {
	tests := []struct {
		name, out string
		want      map[string]string
		wantErr   string
	}{
		{name: "with minions", out: `{"minions": {"m1": "aa:bb"}, "local": {"master.pem": "cc:dd", "master.pub": "ee:ff"}}`,
			want: map[string]string{"master.pem": "cc:dd", "master.pub": "ee:ff"}},
		{name: "no key pair yet", out: `{"minions": {"m1": "aa:bb"}}`, want: nil},
		{name: "not json", out: "oops", wantErr: "parse salt-key -F output"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLocalFingers(tt.out)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseKeyListShapes(t *testing.T) {
	tests := []struct {
		name    string
		stdout  string
		want    KeyList
		any     bool
		wantErr string
	}{
		{name: "empty master", stdout: `{"minions": [], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`,
			want: KeyList{Accepted: []string{}, Pending: []string{}, Rejected: []string{}, Denied: []string{}}},
		{name: "pretty, one each", stdout: "{\n    \"minions\": [\"m1\"],\n    \"minions_pre\": [\"m2\"],\n    \"minions_rejected\": [\"m3\"],\n    \"minions_denied\": [\"m4\"]\n}\n",
			want: KeyList{Accepted: []string{"m1"}, Pending: []string{"m2"}, Rejected: []string{"m3"}, Denied: []string{"m4"}}, any: true},
		{name: "only pending", stdout: `{"minions": [], "minions_pre": ["m2"], "minions_rejected": [], "minions_denied": []}`,
			want: KeyList{Accepted: []string{}, Pending: []string{"m2"}, Rejected: []string{}, Denied: []string{}}, any: true},
		{name: "error text", stdout: "Error: Salt master pki dir is missing", wantErr: "parse salt-key -L output"},
		{name: "other json", stdout: `{"local": ["master.pem"]}`, wantErr: `no "minions" list`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseKeyList(tt.stdout)
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
