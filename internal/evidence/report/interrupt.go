package report

import (
	"context"
	"strings"
)

// StatusInterrupted marks a scenario cut short by Ctrl-C or --timeout: it
// did not finish, which says nothing about Salt. JUnit carries it as an
// error of that type, so no CI tool reads "context deadline exceeded" as
// a Salt failure.
const StatusInterrupted = "interrupted"

// causedByCancel says whether a step's error was the run context's.
func causedByCancel(msg string) bool {
	return strings.Contains(msg, context.DeadlineExceeded.Error()) || strings.Contains(msg, context.Canceled.Error())
}
