package console

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWidth(t *testing.T) {
	env := func(cols string) func(string) string {
		return func(k string) string {
			if k == "COLUMNS" {
				return cols
			}
			return ""
		}
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	require.NoError(t, err)
	defer f.Close()
	for _, tc := range []struct {
		name    string
		w       io.Writer
		columns string
		want    int
	}{
		{"COLUMNS wins", &bytes.Buffer{}, "132", 132},
		{"COLUMNS not a number", &bytes.Buffer{}, "wide", DefaultWidth},
		{"COLUMNS zero", &bytes.Buffer{}, "0", DefaultWidth},
		{"a pipe or buffer", &bytes.Buffer{}, "", DefaultWidth},
		{"a file, no terminal", f, "", DefaultWidth},
	} {
		assert.Equal(t, tc.want, Width(tc.w, env(tc.columns)), tc.name)
	}
}
