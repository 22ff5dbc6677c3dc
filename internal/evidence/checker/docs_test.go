package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/testenv"
)

// docs/evidence.md names every checker verdicts.json can hold.
func TestDocsNameEveryChecker(t *testing.T) {
	page := testenv.DocPage(t, "docs/evidence.md")
	for _, n := range Names() {
		assert.Contains(t, page, "`"+n+"`", "docs/evidence.md does not name the checker %s", n)
	}
}
