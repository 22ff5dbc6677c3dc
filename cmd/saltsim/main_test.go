package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/sim/config"
)

func TestRunDispatch(t *testing.T) {
	assert.Equal(t, 64, run([]string{"/usr/local/bin/saltsim"}))
	assert.Equal(t, 0, run([]string{"saltsim", "--version"}))
	assert.Equal(t, 0, run([]string{"/usr/local/bin/salt-key", "--version"}))
	assert.Equal(t, 0, run([]string{"saltsim", "salt-call", "--version"}))
	assert.Equal(t, 0, run([]string{"/usr/local/bin/salt-api", "--version"}))
	assert.Equal(t, 64, run([]string{"saltsim", "salt-bogus"}))
}

// The list the image build writes is the double's own and reads back as
// an option list.
func TestPrintOptions(t *testing.T) {
	var out bytes.Buffer
	require.Equal(t, 0, printOptions(&out))
	l, err := saltopts.Parse(out.Bytes())
	require.NoError(t, err)
	assert.Equal(t, config.OptionList(), l)
	assert.True(t, l.Known(saltopts.Minion, "master_alive_interval"))
}

func TestInstallLinks(t *testing.T) {
	dir := t.TempDir()
	require.Equal(t, 0, installLinks(dir))
	for _, p := range []string{"salt-master", "salt-minion", "salt-call", "salt", "salt-key", "salt-run", "salt-syndic", "salt-api"} {
		target, err := os.Readlink(filepath.Join(dir, p))
		require.NoError(t, err)
		assert.Equal(t, "saltsim", target)
	}
}
