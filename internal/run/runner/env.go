package runner

import (
	"fmt"
	"os"
	"strconv"
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
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("read %s=%q: want a whole number of seconds, 1 or more", keyWaitVar, v)
		}
		env[keyWaitVar] = strconv.Itoa(n)
	}
	return env, nil
}

// osUserEnv is userEnv of this process.
func osUserEnv() (map[string]string, error) { return userEnv(os.Getenv) }
