package main

import "testing"

// TestDrillBoardRefusesBadInput: the board listens on loopback only, and
// bad input is refused before any URL is printed.
func TestDrillBoardRefusesBadInput(t *testing.T) {
	runExitCases(t, "drill", []exitCase{
		{name: "every interface", args: []string{"board", "--addr", "0.0.0.0:8043"}, code: exitUsage, stderr: "not a loopback address"},
		{name: "no host", args: []string{"board", "--addr", ":8043"}, code: exitUsage, stderr: "127.0.0.1:0"},
		{name: "not host:port", args: []string{"board", "--addr", "127.0.0.1"}, code: exitUsage, stderr: "not host:port"},
		{name: "an argument", args: []string{"board", "extra"}, code: exitUsage, stderr: "want at most 0 argument"},
	})
}
