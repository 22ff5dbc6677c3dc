package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUserEnv(t *testing.T) {
	tests := []struct {
		value   string
		want    map[string]string
		wantErr string
	}{
		{"", map[string]string{}, ""},
		{"15", map[string]string{"SALTLAB_KEY_WAIT_SECONDS": "15"}, ""},
		{"0", nil, `validate SALTLAB_KEY_WAIT_SECONDS 0: out of range 1-2147483647; want a whole number of seconds, 1 or more`},
		{"1m", nil, `validate SALTLAB_KEY_WAIT_SECONDS "1m": not a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			got, err := userEnv(func(k string) string {
				if k == keyWaitVar {
					return tt.value
				}
				return "ignored"
			})
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
