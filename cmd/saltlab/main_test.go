package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// injectorEnv makes the test binary an injector: it runs each saltlab
// command line of the JSON list in turn, in this one process, the last one
// with --for so that the process is still running when it is SIGKILLed
// (TestHealAfterSIGKILL).
const injectorEnv = "SALTLAB_TEST_INJECTOR"

// TestMain lets the test binary be saltlab itself: the command the
// scripts under testdata/script run (testscript.RunMain), and the
// injector the Docker tests kill.
func TestMain(m *testing.M) {
	if cmds := os.Getenv(injectorEnv); cmds != "" {
		var list [][]string
		if err := json.Unmarshal([]byte(cmds), &list); err != nil {
			os.Exit(3)
		}
		for _, args := range list {
			if code := Main(args, os.Stdout, os.Stderr); code != 0 {
				os.Exit(code)
			}
		}
		os.Exit(0)
	}
	os.Exit(testscript.RunMain(m, map[string]func() int{
		"saltlab": func() int { return Main(os.Args[1:], os.Stdout, os.Stderr) },
	}))
}
