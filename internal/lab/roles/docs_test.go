package roles

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/testenv"
)

// The requirement-tag table of docs/topologies.md lists exactly the
// vocabulary CheckTags accepts.
func TestDocsRequirementTags(t *testing.T) {
	var got, want []string
	for _, r := range testenv.TableRows(testenv.DocPage(t, "docs/topologies.md"), "tag") {
		for _, part := range strings.Split(r[0], " / ") {
			got = append(got, strings.Trim(part, "`"))
		}
	}
	for _, q := range requirements() {
		want = append(want, q.tag)
	}
	assert.ElementsMatch(t, want, got)
}
