// Package toolchain holds ensure-go, the script the Makefile and CI use to
// find a go new enough for go.mod, falling back to Debian's golang-X.Y
// packages from the host's own mirror where no such go is installed. The
// package has no Go code of its own; its tests drive the script.
package toolchain
