// Package shell is the one place a value enters a shell script. saltlab
// runs commands as argv; where a shell is unavoidable (a script run with
// `bash -ec` inside a container), values go in as positional arguments
// ("$1") or, when a script must embed them, through Quote. Go's %q is Go
// quoting, not shell quoting: "$(...)" inside it still runs.
package shell

import "strings"

// Quote returns s as one POSIX shell word that the shell reads back as
// exactly s: wrapped in single quotes, inside which nothing is special,
// with each single quote written as '\” (close, escaped quote, reopen).
// It works for any bytes, including newlines, non-UTF-8 and the empty
// string (”); only NUL cannot reach a shell, as no argv string can hold it.
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Words quotes each of ss with Quote and joins them with spaces, for a
// list (of pids, ports, file names) a script iterates over.
func Words(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = Quote(s)
	}
	return strings.Join(q, " ")
}
