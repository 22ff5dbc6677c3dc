package jid

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNextIsSaltFormatAndIncreasing(t *testing.T) {
	var g Gen
	prev := ""
	for i := 0; i < 1000; i++ {
		j := g.Next()
		assert.Regexp(t, regexp.MustCompile(`^\d{20}$`), j)
		assert.Greater(t, j, prev)
		prev = j
	}
}
