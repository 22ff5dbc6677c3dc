package saltlog

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConsoleFormatAndLevels(t *testing.T) {
	var b bytes.Buffer
	l := New("salt.minion", &b, ParseLevel("info"))
	l.Debugf("hidden")
	l.Infof("Minion is ready to receive requests!")
	l.Warnf("w")
	l.Criticalf("c %d", 1)
	assert.Equal(t, "[INFO    ] Minion is ready to receive requests!\n[WARNING ] w\n[CRITICAL] c 1\n", b.String())
	assert.Equal(t, Warning, ParseLevel("bogus"))
	assert.Equal(t, Quiet, ParseLevel("QUIET"))
}

func TestFileFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log", "minion")
	l := New("salt.minion", &bytes.Buffer{}, Quiet)
	require.NoError(t, l.OpenFile(path, Info))
	l.Infof("hello")
	l.Debugf("not in file")
	require.NoError(t, l.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Regexp(t, regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} \[salt\.minion\s+:0\s+\]\[INFO    \]\[\d+\] hello\n$`), string(b))
}
