// Command standin replaces cmd/saltsim in the Docker-backed tests so the
// image build can be tested before (and independently of) the simulator.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	fmt.Printf("saltsim stand-in invoked as %s %v\n", filepath.Base(os.Args[0]), os.Args[1:])
}
