package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/run/ops"
)

// chaosList explains every fault in Salt terms and says whether this host
// supports it; without Docker the support column says why it is unknown.
func chaosList(ctx context.Context, args []string, out, errOut io.Writer) error {
	if _, err := parseFlags(newFlags("chaos list", "chaos list", errOut), args, 0); err != nil {
		return err
	}
	feats, perr := ops.HostFeatures(ctx)
	for _, in := range chaos.Catalog() {
		fmt.Fprintf(out, "%s %s\n", in.Kind, in.Usage())
		fmt.Fprintf(out, "    how:  %s\n", in.MechanismOn(feats))
		fmt.Fprintf(out, "    salt: %s\n", in.Salt)
		fmt.Fprintf(out, "    here: %s\n\n", supportLine(in, feats, perr))
	}
	if perr != nil {
		fmt.Fprintf(out, "note: host features unknown: %v\n", perr)
	}
	return nil
}

func supportLine(in chaos.Def, f chaos.Features, probeErr error) string {
	if len(in.Needs) == 0 {
		return "supported (needs only the Docker API and the target's own tools)"
	}
	if probeErr != nil {
		return "unknown (could not probe the host)"
	}
	ok, why := in.Supported(f)
	if !ok {
		return "NOT supported: " + why
	}
	needs := make([]string, len(in.Needs))
	for i, n := range in.Needs {
		needs[i] = string(n)
	}
	return "supported (" + strings.Join(needs, ", ") + " present)"
}
