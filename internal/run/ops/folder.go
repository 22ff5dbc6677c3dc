package ops

import (
	"os"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// RunFolder is the folder of a finished run the user named by its folder,
// or by its run id under reports; anything else is a usage error.
func RunFolder(arg, reports string) (string, error) {
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		return arg, nil
	}
	if labels.ValidateRunID(arg) != nil {
		return "", usage.Errorf("%s is not a run folder: name a finished run's folder, e.g. reports/<run id>, or its run id", arg)
	}
	return runstate.Dir(reports, arg), nil
}
