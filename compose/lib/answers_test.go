// Tests of master-answers, the function probe of a master. They run the
// script on the host against stand-in ret ports: one that greets as libzmq
// does, one that accepts in the kernel but never speaks (a frozen
// salt-master), none at all, and the Salt double's own master.
package lib

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/simtest"
)

// zmtpSignature is what libzmq sends first on a ROUTER socket without a
// routing id: 0xff, the 64-bit length 1 (an empty identity + flags), 0x7f.
var zmtpSignature = []byte{0xff, 0, 0, 0, 0, 0, 0, 0, 1, 0x7f}

// greeter accepts connections and writes greeting on each, then holds
// the connection until the peer closes it, as libzmq waits for the
// peer's greeting.
func greeter(t *testing.T, greeting []byte) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				_, _ = c.Write(greeting)
				_, _ = c.Read(make([]byte, 64))
			}()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port
}

// frozen listens but never accepts: the kernel completes the handshake
// and queues the connection, as for a salt-master stopped with SIGSTOP.
func frozen(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	return l.Addr().(*net.TCPAddr).Port
}

// closedPort is a port nothing listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	return port
}

func httpPort(t *testing.T, status int) int {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(status) }))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port
}

// answers runs master-answers with args, with an empty config dir unless
// args name one, and returns its exit code, its line and how long it took.
func answers(t *testing.T, env []string, args ...string) (int, string, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), scriptTimeout)
	defer cancel()
	if !strings.Contains(strings.Join(args, " "), "--config-dir") {
		args = append(args, "--config-dir", t.TempDir())
	}
	c := exec.CommandContext(ctx, "bash", append([]string{"master-answers"}, args...)...)
	c.Env = append(os.Environ(), env...)
	var out, errOut strings.Builder
	c.Stdout, c.Stderr = &out, &errOut
	start := time.Now()
	err := c.Run()
	took := time.Since(start)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, strings.TrimSpace(out.String() + errOut.String()), took
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestMasterAnswers(t *testing.T) {
	tests := []struct {
		name string
		args func(t *testing.T) []string
		code int
		line string
	}{
		{"real Salt greets", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, zmtpSignature))}
		}, 0, "answers within 1s: ret port [0-9]+ sent its ZMTP greeting$"},
		{"a frozen master accepts in the kernel but sends nothing", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(frozen(t))}
		}, 1, "does not answer within 1s: ret port [0-9]+ on 127.0.0.1 sent nothing, not its ZMTP greeting"},
		{"no master listening", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(closedPort(t))}
		}, 1, "refused the connection or closed it"},
		{"something else on the port", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, []byte("HTTP/1.1 400 Bad Request\r\n")))}
		}, 1, "sent '48 54 54 50 2f 31 2e 31 20 34', not its ZMTP greeting"},
		{"a ZMTP signature with a routing id length still greets", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, []byte{0xff, 0, 0, 0, 0, 0, 0, 0, 9, 0x7f}))}
		}, 0, "sent its ZMTP greeting"},
		{"the double's frozen master", func(t *testing.T) []string {
			return []string{"--flavour", "sim", "--ret", itoa(frozen(t))}
		}, 1, "sent nothing, not a ping reply"},
		{"salt-api answers", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, zmtpSignature)), "--api", itoa(httpPort(t, http.StatusOK))}
		}, 0, "sent its ZMTP greeting; salt-api on [0-9]+ answered HTTP 200$"},
		{"salt-api asking for a login still answers", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, zmtpSignature)), "--api", itoa(httpPort(t, http.StatusUnauthorized))}
		}, 0, "answered HTTP 401$"},
		{"salt-api frozen", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, zmtpSignature)), "--api", itoa(frozen(t))}
		}, 1, "sent its ZMTP greeting, but salt-api on port [0-9]+ did not answer"},
		{"salt-api failing", func(t *testing.T) []string {
			return []string{"--flavour", "real", "--ret", itoa(greeter(t, zmtpSignature)), "--api", itoa(httpPort(t, http.StatusInternalServerError))}
		}, 1, "salt-api on port [0-9]+ answered HTTP 500"},
		{"the ret port from the master config", func(t *testing.T) []string {
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "master.d"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "master"), []byte("ret_port: 1\n"), 0o644))
			conf := fmt.Sprintf("interface: 127.0.0.1\nret_port: %d\n", greeter(t, zmtpSignature))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "master.d", "lab.conf"), []byte(conf), 0o644))
			return []string{"--flavour", "real", "--config-dir", dir}
		}, 0, "sent its ZMTP greeting"},
		{"an unknown argument", func(*testing.T) []string { return []string{"--port", "1"} }, 2, "unknown argument --port"},
		{"an unknown flavour", func(*testing.T) []string { return []string{"--flavour", "salty"} }, 2, "--flavour is real or sim, not salty"},
		{"a port that is no number", func(*testing.T) []string { return []string{"--ret", "x"} }, 2, "ports are numbers"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, line, took := answers(t, nil, tc.args(t)...)
			assert.Equal(t, tc.code, code, line)
			assert.Regexp(t, tc.line, line)
			assert.Less(t, took, 2*AnswerBound+time.Second, "the probe keeps to its bound")
		})
	}
}

// TestMasterAnswersTheDouble: the double's real master answers the ping
// frame (so the probe and internal/sim/wire agree), and the flavour is
// found from saltsim on the PATH.
func TestMasterAnswersTheDouble(t *testing.T) {
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	simtest.StartMaster(t, simtest.MasterOpts(root, "127.0.0.1", pub, ret, filepath.Join(root, "pki")))
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "saltsim"), []byte("#!/bin/sh\n"), 0o755))

	code, line, _ := answers(t, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, "--ret", itoa(ret))
	assert.Equal(t, 0, code, line)
	assert.Equal(t, "answers within 1s: ret port "+itoa(ret)+" sent a ping reply", line)

	code, line, _ = answers(t, nil, "--ret", itoa(ret))
	assert.Equal(t, 1, code, "without saltsim the probe expects real Salt's greeting: %s", line)
}

// TestAnswerBoundIsTheScripts: the Go constant status and the checker
// quote is the script's own bound.
func TestAnswerBoundIsTheScripts(t *testing.T) {
	m := regexp.MustCompile(`(?m)^readonly bound=([0-9]+)$`).FindStringSubmatch(MasterAnswers)
	require.NotNil(t, m, "master-answers sets readonly bound=N")
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	assert.Equal(t, AnswerBound, time.Duration(n)*time.Second)
	assert.Equal(t, []string{"bash", "-c", MasterAnswers, "master-answers", "--api", "8000"}, AnswersArgv("--api", "8000"))
}
