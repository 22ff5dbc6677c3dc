package chaos_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
)

// The engine's own salt-key (heal drills without steps) is the command
// the steps run and record.
func TestSaltKeyArgvIsTheStepsCommand(t *testing.T) {
	for _, op := range []string{"accept", "reject", "delete"} {
		t.Run(op, func(t *testing.T) {
			assert.Equal(t, client.SaltKeyAction(op, "m1").Line(), chaos.SaltKeyArgv(op, "m1"))
		})
	}
}
