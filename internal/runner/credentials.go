package runner

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"github.com/saltlab/saltlab/internal/saltapi"
)

// apiUser is the salt-api user every topology's external_auth lists.
const apiUser = "saltlab"

// apiEAuth is the eauth backend the topologies configure: `file`, the
// backend the modelled deployment uses (salt-semantics §5.2).
const apiEAuth = "file"

// newAPICreds makes the salt-api credentials of one run. The password is
// random per run, so nothing in the repository can log in to a lab.
func newAPICreds() (saltapi.Creds, error) {
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		return saltapi.Creds{}, fmt.Errorf("generate salt-api password: %w", err)
	}
	return saltapi.Creds{Username: apiUser, Password: base64.RawURLEncoding.EncodeToString(b[:]), EAuth: apiEAuth}, nil
}

// apiEnv is how the compose files receive the credentials.
func apiEnv(c saltapi.Creds) map[string]string {
	return map[string]string{"SALTLAB_API_USER": c.Username, "SALTLAB_API_PASSWORD": c.Password}
}

// APICreds reads a run's salt-api credentials back from its saved
// environment (run.json), for commands that work on an existing lab.
func APICreds(env map[string]string) saltapi.Creds {
	return saltapi.Creds{Username: env["SALTLAB_API_USER"], Password: env["SALTLAB_API_PASSWORD"], EAuth: apiEAuth}
}
