package runners

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

func TestStateEventArgs(t *testing.T) {
	tests := []struct {
		args    []string
		want    stateEventArgs
		wantErr string
	}{
		{nil, stateEventArgs{tagmatch: "*", count: -1}, ""},
		{[]string{"salt/job/*", "count=2", "pretty=True"}, stateEventArgs{tagmatch: "salt/job/*", count: 2, pretty: true}, ""},
		{[]string{"tagmatch=x", "quiet=yes"}, stateEventArgs{tagmatch: "x", count: -1, quiet: true}, ""},
		{[]string{"count=many"}, stateEventArgs{}, "count must be an integer"},
		{[]string{"a", "b"}, stateEventArgs{}, "one positional argument"},
		{[]string{"node=minion"}, stateEventArgs{}, "unexpected keyword argument"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got, err := parseStateEventArgs(tc.args)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestEventJSON(t *testing.T) {
	d := jsonout.NewMap().Set("z", 1).Set("a", jsonout.NewMap().Set("y", true).Set("b", nil))
	assert.Equal(t, `{"z": 1, "a": {"y": true, "b": null}}`, eventJSON(d, false))
	assert.Equal(t, "{\n    \"a\": {\n        \"b\": null,\n        \"y\": true\n    },\n    \"z\": 1\n}", eventJSON(d, true))
}
