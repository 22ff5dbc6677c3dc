package access

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
	"github.com/saltlab/saltlab/internal/userfile"
)

// apiUser is the salt-api user every topology's external_auth lists.
const apiUser = "saltlab"

// apiEAuth is the eauth backend the topologies configure: `file`, the
// backend the modelled deployment uses (salt-semantics §5.2).
const apiEAuth = "file"

// NewCreds makes the salt-api credentials of one run. The password is
// random per run, so nothing in the repository can log in to a lab.
func NewCreds() (saltapi.Creds, error) {
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		return saltapi.Creds{}, fmt.Errorf("generate salt-api password: %w", err)
	}
	return saltapi.Creds{Username: apiUser, Password: base64.RawURLEncoding.EncodeToString(b[:]), EAuth: apiEAuth}, nil
}

// apiPasswordVar is the interpolation variable naming the password file
// that the compose files bind-mount read-only into every master.
const apiPasswordVar = "SALTLAB_API_PASSWORD_FILE"

// WriteCreds writes the run's password into its private dir (mode
// 0600) and returns the interpolation variables the compose files read:
// the user and the file's path. The password itself never enters an
// environment variable (which `docker inspect` shows) or run.json.
func WriteCreds(privateDir string, c saltapi.Creds) (map[string]string, error) {
	path := filepath.Join(privateDir, runstate.APIPasswordFile)
	if err := owned.WriteFile(path, []byte(c.Password), 0o600); err != nil {
		return nil, fmt.Errorf("write salt-api password: %w", err)
	}
	return map[string]string{"SALTLAB_API_USER": c.Username, apiPasswordVar: path}, nil
}

// Creds reads a run's salt-api credentials back (the user from its saved
// environment, the password from its file), for commands that work on an
// existing lab.
func Creds(st runstate.State) (saltapi.Creds, error) {
	path := st.Env[apiPasswordVar]
	if path == "" {
		return saltapi.Creds{}, fmt.Errorf("read salt-api password of run %s: run.json names no password file", st.RunID)
	}
	b, err := userfile.ReadFile(path, userfile.Text)
	if err != nil {
		return saltapi.Creds{}, fmt.Errorf("read salt-api password of run %s: %w", st.RunID, err)
	}
	return saltapi.Creds{Username: st.Env["SALTLAB_API_USER"], Password: strings.TrimSpace(string(b)), EAuth: apiEAuth}, nil
}
