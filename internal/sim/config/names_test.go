package config

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

func TestOptionList(t *testing.T) {
	l := OptionList()
	b, err := json.Marshal(l)
	require.NoError(t, err)
	back, err := saltopts.Parse(b)
	require.NoError(t, err, "the image's list reads back")
	assert.Equal(t, l, back)
	for k := range MasterDefaults() {
		assert.True(t, l.Known(saltopts.Master, k), k)
	}
	for k := range MinionDefaults() {
		assert.True(t, l.Known(saltopts.Minion, k), k)
	}
	assert.Contains(t, l.Who(), "the Salt double")
	assert.False(t, l.Known(saltopts.Minion, "rest_cherrypy"))
	assert.False(t, l.Known(saltopts.Master, "tcp_keepalive"), "an option the double does not implement")
}

// masterReads stays true: each name is read somewhere in the double.
func TestMasterReadsAreRead(t *testing.T) {
	var src strings.Builder
	require.NoError(t, filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "names.go") {
			return err
		}
		b, err := os.ReadFile(path)
		src.Write(b)
		return err
	}))
	for _, name := range masterReads {
		assert.Contains(t, src.String(), `"`+name+`"`, "%s is in masterReads but the double never names it", name)
	}
}
