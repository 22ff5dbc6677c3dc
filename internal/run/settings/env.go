package settings

import (
	"math"
	"os"
	"strconv"

	"github.com/saltlab/saltlab/internal/usage/valid"
)

// keyWaitVar bounds the key-wait init of every topology: how long later
// masters wait for master-1's key pair (compose default 60 s).
const keyWaitVar = "SALTLAB_KEY_WAIT_SECONDS"

// userEnv returns the interpolation variables a user may set in saltlab's
// own environment. The lab reads no other OS variable, so runs stay
// reproducible from run.json.
func userEnv(getenv func(string) string) (map[string]string, error) {
	env := map[string]string{}
	if v := getenv(keyWaitVar); v != "" {
		n, err := valid.ParseInt(keyWaitVar, v, 1, math.MaxInt32, "want a whole number of seconds, 1 or more")
		if err != nil {
			return nil, err
		}
		env[keyWaitVar] = strconv.Itoa(n)
	}
	return env, nil
}

// OSUserEnv is userEnv of this process.
func OSUserEnv() (map[string]string, error) { return userEnv(os.Getenv) }
