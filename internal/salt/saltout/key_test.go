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

func TestOwnPublicKey(t *testing.T) {
	for _, tt := range []struct {
		name, master string
		local        map[string]string
		want, finger string
		err          string
	}{
		{name: "3006 and 3007: master.pub", master: "m1", local: map[string]string{"master.pem": "aa", "master.pub": "a1"}, want: "master.pub", finger: "a1"},
		{name: "3008: the master's id", master: "m2", local: map[string]string{"m1.pub": "a1", "m2.pub": "b1", "m2.pem": "bb"}, want: "m2.pub", finger: "b1"},
		{name: "3008: one id-named key", master: "svc", local: map[string]string{"host-1.pem": "aa", "host-1.pub": "a1"}, want: "host-1.pub", finger: "a1"},
		{name: "no key yet", master: "m1", local: map[string]string{}, err: "m1 has no public key yet"},
		{name: "several keys, none its own", master: "svc", local: map[string]string{"a.pub": "1", "b.pub": "2", "master_sign.pub": "s"}, err: "cannot tell which of a.pub, b.pub is svc's own key"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name, finger, err := OwnPublicKey(tt.master, tt.local)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, name)
			assert.Equal(t, tt.finger, finger)
		})
	}
}
