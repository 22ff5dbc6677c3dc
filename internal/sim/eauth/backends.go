package eauth

import (
	"bufio"
	"crypto/subtle"
	"fmt"
	"os"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/config"
)

// authenticate runs the named backend's auth(username, password).
func authenticate(opts config.Opts, backend map[string]any, eauth, user, pass string) (bool, error) {
	switch eauth {
	case "auto":
		// salt/auth/auto.py: a test backend that accepts everything.
		return true, nil
	case "sharedsecret":
		secret := opts.Str("sharedsecret")
		return secret != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(pass)) == 1, nil
	case "file":
		return fileAuth(backend, user, pass)
	}
	return false, fmt.Errorf("eauth backend %q is not supported by the Salt double (auto, sharedsecret, file)", eauth)
}

// fileAuth is salt/auth/file.py for ^filetype text with ^hashtype plaintext.
func fileAuth(backend map[string]any, user, pass string) (bool, error) {
	str := func(k, def string) string {
		if v, ok := backend[k].(string); ok && v != "" {
			return v
		}
		return def
	}
	name := str("^filename", "")
	if name == "" {
		return false, fmt.Errorf("eauth file: ^filename is not set")
	}
	if ft := str("^filetype", "text"); ft != "text" {
		// UNCONFIRMED upstream availability (passlib); not reproduced.
		return false, fmt.Errorf("eauth file: ^filetype %q is not supported by the Salt double (text only)", ft)
	}
	if ht := str("^hashtype", "plaintext"); ht != "plaintext" {
		return false, fmt.Errorf("eauth file: ^hashtype %q is not supported by the Salt double (plaintext only)", ht)
	}
	sep := str("^fieldseparator", ":")
	uf, pf := intOpt(backend["^usernamefield"], 1), intOpt(backend["^passwordfield"], 2)
	f, err := os.Open(name)
	if err != nil {
		return false, fmt.Errorf("eauth file: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(strings.TrimRight(sc.Text(), "\r"), sep)
		if len(fields) < max(uf, pf) || fields[uf-1] != user {
			continue
		}
		return subtle.ConstantTimeCompare([]byte(fields[pf-1]), []byte(pass)) == 1, nil
	}
	return false, sc.Err()
}

func intOpt(v any, def int) int {
	if n, ok := v.(int); ok && n > 0 {
		return n
	}
	return def
}
