package saltapi_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfSigned writes a throwaway certificate for 127.0.0.1.
func selfSigned(t *testing.T, dir string) (crt, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "salt-api"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	require.NoError(t, err)
	kb, err := x509.MarshalECPrivateKey(k)
	require.NoError(t, err)
	crt, key = filepath.Join(dir, "api.crt"), filepath.Join(dir, "api.key")
	require.NoError(t, os.WriteFile(crt, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600))
	require.NoError(t, os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600))
	return crt, key
}

func TestTLSAndRootPrefix(t *testing.T) {
	t.Parallel()
	dir := simtest.TempDir(t)
	crt, key := selfSigned(t, dir)
	opts := simtest.APIOpts(config.Opts{"cachedir": dir, "sock_dir": dir, "pki_dir": dir}, map[string]any{
		"rest_cherrypy": map[string]any{"port": 0, "host": "127.0.0.1", "ssl_crt": crt, "ssl_key": key, "root_prefix": "/api", "collect_stats": true, "stats_disable_auth": true},
	})
	api := simtest.StartAPI(t, opts)
	pool := x509.NewCertPool()
	b, err := os.ReadFile(crt)
	require.NoError(t, err)
	require.True(t, pool.AppendCertsFromPEM(b))
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}

	resp, err := c.Get(api.URL + "/api/")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Contains(t, string(body), `"return": "Welcome"`)

	resp, err = c.Get(api.URL + "/api/stats")
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "stats_disable_auth lets /stats through without a session")
	var st map[string]map[string]any
	require.NoError(t, json.Unmarshal(body, &st))
	assert.Equal(t, true, st["CherryPy Applications"]["Enabled"])

	resp, err = c.Post(api.URL+"/api/login", "application/json", nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "no workers.ipc under sock_dir: master not available")
}

func TestEngineLogLines(t *testing.T) {
	t.Parallel()
	dir := simtest.TempDir(t)
	api := simtest.StartAPI(t, simtest.APIOpts(config.Opts{"cachedir": dir, "sock_dir": dir, "pki_dir": dir}, nil))
	assert.Regexp(t, `\[INFO    \] \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d\] ENGINE Serving on http://127\.0\.0\.1:\d+\n`, api.Log.String())
	api.Stop()
	assert.Contains(t, api.Log.String(), "ENGINE Bus STOPPED")
}
