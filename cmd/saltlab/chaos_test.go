package main

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseInterleaved(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	d := fs.Duration("for", 0, "")
	from := fs.String("from", "", "")
	pos, err := parseInterleaved(fs, []string{"--from", "b", "a", "--for", "3s"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, pos)
	assert.Equal(t, "b", *from)
	assert.Equal(t, "3s", d.String())
}
