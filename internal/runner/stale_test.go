package runner

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStaleRuns(t *testing.T) {
	host, _ := os.Hostname()
	self := strconv.Itoa(os.Getpid())
	owners := map[string]string{
		"alive":     host + ":" + self,
		"dead":      host + ":999999999",
		"otherhost": "elsewhere.invalid:1",
		"no-owner":  "",
		"garbage":   host + ":notapid",
	}
	assert.Equal(t, []string{"dead"}, StaleRuns(owners))
}
