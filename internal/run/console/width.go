package console

import (
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// DefaultWidth is the width of a console that is no terminal (a pipe, a
// file, a CI log) and is given no COLUMNS.
const DefaultWidth = 100

// Width is how many columns the console on w may use: COLUMNS when it is
// a positive number (the shell's, or the user's choice), else the width of
// the terminal w is, else DefaultWidth.
func Width(w io.Writer, getenv func(string) string) int {
	if n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok {
		if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 0 {
			return int(ws.Col)
		}
	}
	return DefaultWidth
}
