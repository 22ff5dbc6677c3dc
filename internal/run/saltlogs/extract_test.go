package saltlogs

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// entry is one tar entry: a regular file unless typ says otherwise.
type entry struct {
	name, body, link string
	typ              byte
}

func tarOf(t *testing.T, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		typ := e.typ
		if typ == 0 {
			typ = tar.TypeReg
		}
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: e.name, Typeflag: typ, Linkname: e.link, Mode: 0o644, Size: int64(len(e.body))}))
		_, err := tw.Write([]byte(e.body))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	return buf.Bytes()
}

func TestExtract(t *testing.T) {
	dir := entry{name: "salt/", typ: tar.TypeDir}
	for _, tc := range []struct {
		name    string
		entries []entry
		max     int64
		want    map[string]string // file -> content; nil: dest not created
		wantErr []string          // substrings of the error; none: no error
	}{
		{
			name:    "each daemon's file as salt-<name>.log",
			entries: []entry{dir, {name: "salt/master", body: "m\n"}, {name: "salt/syndic", body: "StreamClosedError\n"}, {name: "salt/key", body: ""}},
			max:     100,
			want:    map[string]string{"salt-master.log": "m\n", "salt-syndic.log": "StreamClosedError\n", "salt-key.log": ""},
		},
		{
			name:    "an empty directory writes nothing and creates no folder",
			entries: []entry{dir},
			max:     100,
		},
		{
			name:    "links, devices and directories are skipped: nothing outside the directory is read through them",
			entries: []entry{dir, {name: "salt/pem", typ: tar.TypeSymlink, link: "/etc/salt/pki/master/master.pem"}, {name: "salt/hard", typ: tar.TypeLink, link: "salt/master"}, {name: "salt/null", typ: tar.TypeChar}, {name: "salt/sub/", typ: tar.TypeDir}, {name: "salt/minion", body: "n\n"}},
			max:     100,
			want:    map[string]string{"salt-minion.log": "n\n"},
		},
		{
			name:    "a file over the cap keeps its tail from the first whole line, and says so",
			entries: []entry{dir, {name: "salt/master", body: "aaaa\nbbbb\ncccc\n"}},
			max:     8,
			want:    map[string]string{"salt-master.log": "[saltlab: /var/log/salt/master was 15 bytes; only its last 5 bytes are kept here, from the first whole line]\ncccc\n"},
		},
		{
			name:    "a tail without a line break is kept whole",
			entries: []entry{dir, {name: "salt/master", body: "xxxxxxxxyyyy"}},
			max:     4,
			want:    map[string]string{"salt-master.log": "[saltlab: /var/log/salt/master was 12 bytes; only its last 4 bytes are kept here, from the first whole line]\nyyyy"},
		},
		{
			name:    "a file of exactly the cap is whole",
			entries: []entry{dir, {name: "salt/master", body: "abcd"}},
			max:     4,
			want:    map[string]string{"salt-master.log": "abcd"},
		},
		{
			name:    "nested files are flattened and odd characters replaced",
			entries: []entry{dir, {name: "salt/sub/x", body: "x"}, {name: "salt/mas ter;rm", body: "y"}},
			max:     100,
			want:    map[string]string{"salt-sub-x.log": "x", "salt-mas_ter_rm.log": "y"},
		},
		{
			name:    "a file copied alone (no directory) is named after itself",
			entries: []entry{{name: "master", body: "m"}},
			max:     100,
			want:    map[string]string{"salt-master.log": "m"},
		},
		{
			name: "path traversal is refused, the other files are still written",
			entries: []entry{dir, {name: "../evil", body: "e"}, {name: "salt/../../evil", body: "e"}, {name: "/etc/cron.d/evil", body: "e"},
				{name: "salt/master", body: "m"}},
			max:     100,
			want:    map[string]string{"salt-master.log": "m"},
			wantErr: []string{`refuse tar entry "../evil": it climbs out`, `refuse tar entry "salt/../../evil": it climbs out`, `refuse tar entry "/etc/cron.d/evil": absolute path`},
		},
		{
			name:    "two entries flattened to one name: the second is refused, not overwritten",
			entries: []entry{dir, {name: "salt/a-b", body: "first"}, {name: "salt/a/b", body: "second"}},
			max:     100,
			want:    map[string]string{"salt-a-b.log": "first"},
			wantErr: []string{`refuse tar entry "salt/a/b": another entry was written as salt-a-b.log`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dest := filepath.Join(root, "logs", "salt-master-1")
			names, err := Extract(bytes.NewReader(tarOf(t, tc.entries...)), Dir, dest, tc.max)
			if len(tc.wantErr) == 0 {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				for _, s := range tc.wantErr {
					assert.ErrorContains(t, err, s)
				}
			}
			got := map[string]string{}
			for _, n := range names {
				b, rerr := os.ReadFile(filepath.Join(dest, n))
				require.NoError(t, rerr)
				got[n] = string(b)
			}
			if tc.want == nil {
				assert.Empty(t, got)
				assert.NoDirExists(t, dest)
			} else {
				assert.Equal(t, tc.want, got)
				files, rerr := os.ReadDir(dest)
				require.NoError(t, rerr)
				assert.Len(t, files, len(tc.want), "nothing but the files returned")
			}
			// Nothing landed outside dest, whatever the entries said.
			var outside []string
			require.NoError(t, filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && filepath.Dir(p) != dest {
					outside = append(outside, p)
				}
				return err
			}))
			assert.Empty(t, outside)
		})
	}
}

func TestExtractTruncatedStream(t *testing.T) {
	whole := tarOf(t, entry{name: "salt/master", body: "0123456789"})
	_, err := Extract(bytes.NewReader(whole[:512+4]), Dir, t.TempDir(), 100)
	assert.ErrorContains(t, err, "read salt/master from tar of /var/log/salt")
}
