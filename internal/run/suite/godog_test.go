package suite

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A lab's godog JUnit is named for its lab when the run has several, so
// the labs' files sit side by side in the run folder.
func TestGodogJUnitOf(t *testing.T) {
	assert.Equal(t, "godog-junit.xml", godogJUnitOf(""), "a run's only lab")
	assert.Equal(t, "godog-junit-lab2.xml", godogJUnitOf("lab2"))
}
