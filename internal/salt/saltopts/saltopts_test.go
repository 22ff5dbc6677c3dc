package saltopts

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// real3008 is the list images/salt-real/salt-options.py printed in
// saltlab/salt-real:3008.4 (testdata/real/README.md says how).
func real3008(t testing.TB) List {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "real", "3008.4.json"))
	require.NoError(t, err)
	l, err := Parse(b)
	require.NoError(t, err)
	return l
}

func TestParseCapture(t *testing.T) {
	l := real3008(t)
	assert.Equal(t, "3008.4", l.SaltVersion)
	assert.Equal(t, "Salt 3008.4", l.Who())
	// DEFAULT_*_OPTS of 3008.4 (salt/config/__init__.py).
	assert.Len(t, l.Master, 384)
	assert.Len(t, l.Minion, 320)
	assert.Equal(t, []string{"api_logfile", "api_pidfile", "rest_timeout"}, l.API)
	assert.Equal(t, []string{"rest_cherrypy", "rest_tornado", "rest_wsgi"}, l.NetAPI)
	for _, tc := range []struct {
		kind, name string
		known      bool
	}{
		{Minion, "master_alive_interval", true},
		{Master, "master_alive_interval", true}, // in VALID_OPTS: typed for both daemons
		{Master, "worker_threads", true},
		{Master, "rest_cherrypy", true},      // a netapi module's section
		{Master, "api_logfile", true},        // salt-api reads the master's file
		{Master, "peer_run", true},           // read by masterapi, no default (3008.4)
		{Master, "syndic_master_port", true}, // read by syndic_config, no default
		{Minion, "mine_functions", true},     // config.get, no default
		{Minion, "rest_cherrypy", false},
		{Minion, "master_alive_intreval", false},
	} {
		assert.Equal(t, tc.known, l.Known(tc.kind, tc.name), "%s %s", tc.kind, tc.name)
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct{ doc, says string }{
		{``, "unexpected end of JSON input"},
		{`[]`, "cannot unmarshal array"},
		{`{"master":["a"],"minion":["b"]}`, "no salt_version"},
		{`{"salt_version":"1","master":[],"minion":["b"]}`, "no master or no minion options"},
		{`{"salt_version":"1","master":["a"],"minion":["B C"]}`, `"B C" is not an option name`},
		{`{"salt_version":"1","master":["a"],"minion":["b"],"read":["../x"]}`, `"../x" is not an option name`},
		{`{"salt_version":"1","master":["a."],"minion":["b"]}`, `"a." is not an option name`},
	}
	for _, tc := range tests {
		_, err := Parse([]byte(tc.doc))
		require.Error(t, err, tc.doc)
		assert.Contains(t, err.Error(), tc.says)
	}
}

func TestCheck(t *testing.T) {
	l := real3008(t)
	tests := []struct {
		name string
		set  Setting
		says string // "" when known
	}{
		{"a known minion option", Setting{Minion, "master_type", "--set minion.master_type=failover"}, ""},
		{"a module setting", Setting{Minion, "mysql.host", "lab.conf"}, ""},
		{"a dotted option", Setting{Master, "keys.cache_driver", "lab.conf"}, ""},
		{"a typo of a dotted option", Setting{Master, "keys.cache_drvier", "lab.conf"}, `did you mean "keys.cache_driver"?`},
		{"a transposition", Setting{Minion, "master_alive_intreval", "--set minion.master_alive_intreval=5"},
			`--set minion.master_alive_intreval=5: no minion option "master_alive_intreval"; did you mean "master_alive_interval"?`},
		{"a missing letter", Setting{Master, "worker_thread", "/lab/master.d/x.conf"}, `did you mean "worker_threads"?`},
		{"a missing underscore", Setting{Master, "autoaccept", "x.conf"}, `did you mean "auto_accept"?`},
		{"case", Setting{Minion, "Master", "x.conf"}, `did you mean "master"?`},
		{"the other daemon's", Setting{Minion, "rest_cherrypy", "m.conf"}, `"rest_cherrypy" is a master option: set it as master.rest_cherrypy or in a master.d file`},
		{"nothing close", Setting{Master, "frobnicate_the_widgets", "x.conf"}, "no option of that daemon has a similar name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := l.Check([]Setting{tc.set})
			if tc.says == "" {
				assert.NoError(t, err)
				return
			}
			var e *Error
			require.True(t, errors.As(err, &e), "%v", err)
			require.Len(t, e.Unknown, 1)
			assert.Contains(t, err.Error(), tc.says)
			assert.NotContains(t, err.Error(), "the double")
		})
	}
}

// Every unknown is listed in one message; the double's says it is the
// double and how to run real Salt.
func TestCheckAllAtOnceAndTheDouble(t *testing.T) {
	l := List{SaltVersion: "3006.9", Implementation: "the Salt double", Master: []string{"timeout"}, Minion: []string{"master"}}
	err := l.Check([]Setting{{Master, "timout", "a"}, {Minion, "mastr", "b"}, {Minion, "master", "c"}})
	require.Error(t, err)
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg, "2 Salt option(s) that the Salt double does not read:"), msg)
	assert.Contains(t, msg, `a: no master option "timout"; did you mean "timeout"?`)
	assert.Contains(t, msg, `b: no minion option "mastr"; did you mean "master"?`)
	assert.Contains(t, msg, "--salt real")
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "ab", 2}, {"abc", "abc", 0}, {"abc", "acb", 1},
		{"interval", "intreval", 1}, {"kitten", "sitting", 3}, {"ça", "ca", 1},
	} {
		assert.Equal(t, tc.d, distance(tc.a, tc.b), "%s/%s", tc.a, tc.b)
		assert.Equal(t, tc.d, distance(tc.b, tc.a), "%s/%s", tc.b, tc.a)
	}
}

func TestKeys(t *testing.T) {
	tests := []struct {
		name, doc string
		keys      []string
		err       string
	}{
		{"empty", "", nil, ""},
		{"comments only", "# nothing\n", nil, ""},
		{"null document", "~\n", nil, ""},
		{"options", "master:\n  - m1\nmaster_type: failover\n# c\nauth_timeout: 3\n", []string{"master", "master_type", "auth_timeout"}, ""},
		{"a key twice (PyYAML takes it)", "timeout: 5\ntimeout: 6\n", []string{"timeout", "timeout"}, ""},
		{"flow mapping", "{a: 1, b: 2}", []string{"a", "b"}, ""},
		{"a merge key", "x: &d {a: 1}\n<<: *d\n", []string{"x"}, ""},
		{"a list", "- a\n- b\n", nil, "not a YAML mapping"},
		{"a scalar", "master\n", nil, "not a YAML mapping"},
		{"bad YAML", "a: [\n", nil, "not YAML Salt can read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := Keys([]byte(tc.doc))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.keys, keys)
		})
	}
}

func TestDropInDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600))
	}
	write("b.conf", "timeout: 5\n")
	write("a.conf", "auto_accept: true\n")
	write("notes.txt", "not: read\n") // Salt reads *.conf only
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub.conf"), 0o700))
	got, err := DropInDir(dir, Master)
	require.NoError(t, err)
	assert.Equal(t, []Setting{
		{Master, "auto_accept", filepath.Join(dir, "a.conf")},
		{Master, "timeout", filepath.Join(dir, "b.conf")},
	}, got)

	write("c.conf", "- x\n")
	_, err = DropInDir(dir, Master)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "master drop-in "+filepath.Join(dir, "c.conf")+": not a YAML mapping")
}
