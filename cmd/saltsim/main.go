// Command saltsim is the saltlab Salt double: one static binary that acts as
// salt-master, salt-minion, salt-call, salt, salt-key, salt-run or salt-api depending
// on the name it is invoked under (symlinks), or `saltsim <name> args...`.
// `saltsim --salt-options` prints the options it implements (the list the
// image keeps for saltlab's check of --set and drop-in keys).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/cli"
	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

func main() {
	os.Exit(run(os.Args))
}

func run(argv []string) int {
	name := filepath.Base(argv[0])
	args := argv[1:]
	if name == "saltsim" || name == "main" {
		if len(args) == 0 {
			fmt.Fprintf(os.Stderr, "usage: saltsim <%s> [args...] | saltsim --install-links <dir> | saltsim --salt-options | saltsim --version\n", joinPrograms())
			return 64
		}
		switch args[0] {
		case "--version", "-V":
			fmt.Println(simver.Line("saltsim"))
			return 0
		case "--salt-options":
			return printOptions(os.Stdout)
		case "--install-links":
			if len(args) != 2 {
				fmt.Fprintln(os.Stderr, "usage: saltsim --install-links <dir>")
				return 64
			}
			return installLinks(args[1])
		}
		name, args = args[0], args[1:]
	}
	return cli.Main(context.Background(), name, args, cli.DefaultEnv())
}

// printOptions writes the option names the double implements, the list
// the image keeps at saltopts.ImagePath (images/salt-sim/Dockerfile).
func printOptions(w io.Writer) int {
	if err := json.NewEncoder(w).Encode(config.OptionList()); err != nil {
		fmt.Fprintf(os.Stderr, "saltsim: write option list: %v\n", err)
		return 1
	}
	return 0
}

// installLinks creates the program symlinks next to the binary's install dir.
func installLinks(dir string) int {
	for _, p := range cli.Programs() {
		link := filepath.Join(dir, p)
		_ = os.Remove(link)
		if err := os.Symlink("saltsim", link); err != nil {
			fmt.Fprintf(os.Stderr, "create symlink %s: %v\n", link, err)
			return 1
		}
	}
	return 0
}

func joinPrograms() string {
	s := ""
	for i, p := range cli.Programs() {
		if i > 0 {
			s += "|"
		}
		s += p
	}
	return s
}
