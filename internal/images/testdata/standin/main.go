// Command standin replaces cmd/saltsim in the Docker-backed tests so the
// image build can be tested before (and independently of) the simulator.
// It answers --salt-options as saltsim does: the build writes the
// double's option list with it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/config"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--salt-options" {
		if err := json.NewEncoder(os.Stdout).Encode(config.OptionList()); err != nil {
			os.Exit(1)
		}
		return
	}
	fmt.Printf("saltsim stand-in invoked as %s %v\n", filepath.Base(os.Args[0]), os.Args[1:])
}
