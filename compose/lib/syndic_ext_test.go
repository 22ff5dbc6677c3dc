// In the external test package for the reason answers_ext_test.go gives:
// naming chaos from package lib would make an import cycle.
package lib_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
)

// pgrepPatternRe finds the pattern of a pgrep call in a script: the
// single-quoted word after "--". Single quotes make bash pass the text
// through unchanged, so what is between them is exactly what pgrep reads
// and can be compared with chaos.ProcessPattern byte for byte.
var pgrepPatternRe = regexp.MustCompile(`pgrep [^\n]*?-- '([^']*)'`)

// TestSyndicSignedInFindsTheSyndicAsChaosDoes: syndic-signed-in finds the
// salt-syndic with the pattern proc-stop and proc-kill use
// (chaos.ProcessPattern), written out in shell; this keeps the two from
// drifting, so the check never reads the age of a process other than the
// one a fault stops or kills.
func TestSyndicSignedInFindsTheSyndicAsChaosDoes(t *testing.T) {
	script, err := os.ReadFile("syndic-signed-in")
	require.NoError(t, err)
	found := pgrepPatternRe.FindAllStringSubmatch(string(script), -1)
	require.Len(t, found, 1, "syndic-signed-in: one pgrep ... -- 'PATTERN' call")
	assert.Equal(t, chaos.ProcessPattern("salt-syndic"), found[0][1])
}
