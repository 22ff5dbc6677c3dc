// Package simver holds the versions the Salt double reports, in one place so
// that the runner can state flavour and version in its reports.
package simver

// SaltVersion is the Salt release whose behaviour the double imitates.
const SaltVersion = "3006.9"

// SimVersion is the version of the double itself.
const SimVersion = "0.1.0"

// Flavour names this implementation in lab reports.
const Flavour = "sim"

// Line is what `<prog> --version` prints, e.g. "salt-call 3006.9 (saltlab sim 0.1.0)".
func Line(prog string) string {
	return prog + " " + SaltVersion + " (saltlab sim " + SimVersion + ")"
}
