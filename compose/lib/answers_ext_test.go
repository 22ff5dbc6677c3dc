// An external test package: the chaos room imports the client room, which
// imports this one, so a test of this package that names chaos must sit
// outside it.
package lib_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/chaos"
)

// TestProcessFaultsSpareTheProbe: proc-stop and proc-kill find a daemon's
// pids with pgrep -f and chaos.ProcessPattern, which the probe's own
// command line (bash -c <this script>) must never match, or freezing
// salt-master would freeze the probe that is to notice it.
func TestProcessFaultsSpareTheProbe(t *testing.T) {
	line := strings.Join(lib.AnswersArgv("--api", "8000"), " ")
	for _, daemon := range []string{"salt-master", "salt-api", "salt-minion", "salt-syndic", "nginx"} {
		assert.False(t, regexp.MustCompile(chaos.ProcessPattern(daemon)).MatchString(line), daemon)
	}
}
