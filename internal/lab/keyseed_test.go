package lab

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"testing"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/masterkey"
)

// copyingDocker is fakeDocker with a container's files: CopyFromContainer
// finds what has holds (path -> bytes), CopyToContainer records the tar
// stream it got.
type copyingDocker struct {
	*fakeDocker
	has    map[string]bool
	copies map[string][]byte // "<container>:<dir>" -> the tar stream
}

func (c *copyingDocker) CopyFromContainer(_ context.Context, id, path string) (io.ReadCloser, container.PathStat, error) {
	c.record("stat %s:%s", id, path)
	if c.has[path] {
		return io.NopCloser(bytes.NewReader(nil)), container.PathStat{}, nil
	}
	return nil, container.PathStat{}, fmt.Errorf("no such file: %w", errdefs.ErrNotFound)
}

func (c *copyingDocker) CopyToContainer(_ context.Context, id, dir string, content io.Reader, _ container.CopyToContainerOptions) error {
	c.record("copy %s:%s", id, dir)
	b, err := io.ReadAll(content)
	c.mu.Lock()
	c.copies[id+":"+dir] = b
	c.mu.Unlock()
	return err
}

func TestUpSeedsTheSharedKeyVolume(t *testing.T) {
	const p = "saltlab-unit-20261122-000000-abcdef"
	tests := []struct {
		name string
		has  map[string]bool
		want bool
	}{
		{name: "a fresh volume gets a new pair", want: true},
		{name: "a private key already there is kept", has: map[string]bool{"/etc/salt/pki/master/master.pem": true}},
		{name: "a public key already there is kept", has: map[string]bool{"/etc/salt/pki/master/master.pub": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &copyingDocker{fakeDocker: newFake(), has: tt.has, copies: map[string][]byte{}}
			for _, s := range []string{"key-wait", "cluster-key-wait", "their-key-wait"} {
				fake.exits[p+"-"+s+"-1"] = 0
			}
			l, err := Load(context.Background(), fake, testOptions("keywait.yaml"))
			require.NoError(t, err)
			require.NoError(t, l.Up(context.Background()))

			copied, seeded := fake.copies[p+"-key-wait-1:/etc/salt/pki/master"]
			assert.Len(t, fake.copies, map[bool]int{true: 1}[tt.want], "only the master pair of the lab's own volume: %v", fake.calls)
			seeds := l.KeySeeds()
			if !tt.want {
				assert.False(t, seeded)
				assert.Empty(t, seeds)
				return
			}
			require.True(t, seeded, "written through the first service mounting the volume, by name: %v", fake.calls)
			for _, s := range []string{"key-wait", "m1", "m2"} {
				assert.Less(t, fake.index(t, "create "+p+"-"+s+"-1"), fake.index(t, "copy "+p+"-key-wait-1:/etc/salt/pki/master"), "after every create that mounts the volume: %s", s)
			}
			assert.Less(t, fake.index(t, "copy "+p+"-key-wait-1:/etc/salt/pki/master"), fake.index(t, "start "+p+"-m1-1"), "before the first master starts")

			files := untar(t, copied)
			require.Len(t, files, 2)
			assert.Equal(t, int64(0o400), files[masterkey.PrivateFile].mode)
			assert.Equal(t, int64(0o644), files[masterkey.PublicFile].mode)
			blk, _ := pem.Decode(files[masterkey.PrivateFile].body)
			require.NotNil(t, blk)
			key, err := x509.ParsePKCS1PrivateKey(blk.Bytes)
			require.NoError(t, err)
			pair := masterkey.Pair{Private: files[masterkey.PrivateFile].body, Public: files[masterkey.PublicFile].body}
			blk, _ = pem.Decode(pair.Public)
			require.NotNil(t, blk)
			pub, err := x509.ParsePKIXPublicKey(blk.Bytes)
			require.NoError(t, err)
			assert.True(t, key.PublicKey.Equal(pub), "one pair")

			require.Len(t, seeds, 1)
			assert.Equal(t, KeySeed{Volume: p + "_keys", Dir: "/etc/salt/pki/master", Via: "key-wait", Services: []string{"key-wait", "m1", "m2"},
				Fingerprint: pair.Fingerprint(), FingerprintWhole: pair.FingerprintWhole(), Start: seeds[0].Start, End: seeds[0].End}, seeds[0])
			assert.False(t, seeds[0].End.Before(seeds[0].Start))
		})
	}
}

// A client that cannot copy into a container seeds nothing, and the lab
// comes up as before: the first master makes the pair.
func TestUpWithoutCopierSeedsNothing(t *testing.T) {
	fake := newFake()
	const p = "saltlab-unit-20261122-000000-abcdef"
	for _, s := range []string{"key-wait", "cluster-key-wait", "their-key-wait"} {
		fake.exits[p+"-"+s+"-1"] = 0
	}
	l, err := Load(context.Background(), fake, testOptions("keywait.yaml"))
	require.NoError(t, err)
	require.NoError(t, l.Up(context.Background()))
	assert.Empty(t, l.KeySeeds())
}

type tarFile struct {
	mode int64
	body []byte
}

func untar(t *testing.T, b []byte) map[string]tarFile {
	t.Helper()
	out := map[string]tarFile{}
	tr := tar.NewReader(bytes.NewReader(b))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		body, err := io.ReadAll(tr)
		require.NoError(t, err)
		assert.Equal(t, 0, h.Uid)
		out[h.Name] = tarFile{mode: h.Mode, body: body}
	}
}
