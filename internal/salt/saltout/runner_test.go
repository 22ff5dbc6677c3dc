package saltout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRunner(t *testing.T) {
	v, err := ParseRunner("[WARNING ] noise\n{\n    \"base\": [\n        \"/srv/salt\"\n    ]\n}\n")
	require.NoError(t, err)
	assert.JSONEq(t, `{"base":["/srv/salt"]}`, string(v))
	v, err = ParseRunner("null\n")
	require.NoError(t, err)
	assert.Equal(t, "null", string(v))
	_, err = ParseRunner("'config.get' is not available.\n")
	assert.Error(t, err)
}

func TestParseSums(t *testing.T) {
	const sum = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	for _, tt := range []struct {
		name, in string
		want     map[string]string
		err      bool
	}{
		{name: "text mode", in: sum + "  /srv/salt/top.sls\n" + sum + "  /srv/salt/a b.sls\n", want: map[string]string{"/srv/salt/top.sls": sum, "/srv/salt/a b.sls": sum}},
		{name: "binary mode", in: sum + " */srv/x\n", want: map[string]string{"/srv/x": sum}},
		{name: "escaped name", in: `\` + sum + `  /srv/a\nb` + "\n", want: map[string]string{`\/srv/a\nb`: sum}},
		{name: "nothing", in: "", want: map[string]string{}},
		{name: "not a digest", in: "md5sum  /x\n", err: true},
		{name: "no path", in: sum + "\n", err: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSums(tt.in)
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
