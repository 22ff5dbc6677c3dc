package valid

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLoopbackAddr(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:0", "127.0.0.1:8043", "127.1.2.3:80", "[::1]:0", "localhost:9000"} {
		assert.NoError(t, LoopbackAddr("--addr", ok), ok)
	}
	for raw, want := range map[string]string{
		"0.0.0.0:8043":    "not a loopback address",
		":8043":           "not a loopback address",
		"192.168.1.5:80":  "not a loopback address",
		"[::]:80":         "not a loopback address",
		"example.org:80":  "not a loopback address",
		"127.0.0.1":       "not host:port",
		"127.0.0.1:http":  "the port is not a number",
		"127.0.0.1:70000": "the port is not a number",
		"[fe80::1%lo]:80": "not a loopback address",
	} {
		refused(t, LoopbackAddr("--addr", raw), want)
	}
}
