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

// TestDrillLabVerbsRefuseBadInput: restart, boot, unpause and reconnect name a
// service, and with no drill in flight they say how to start one, before
// any Docker work.
func TestDrillLabVerbsRefuseBadInput(t *testing.T) {
	empty := t.TempDir()
	runExitCases(t, "drill", []exitCase{
		{name: "boot without a service", args: []string{"boot"}, code: exitUsage, stderr: "drill boot: name a service"},
		{name: "unpause two services", args: []string{"unpause", "a", "b"}, code: exitUsage, stderr: "want at most 1 argument"},
		{name: "reconnect without a service", args: []string{"reconnect"}, code: exitUsage, stderr: "drill reconnect: name a service"},
		{name: "reconnect with no drill in flight", args: []string{"reconnect", "salt-master-1", "--reports", empty}, code: exitUsage, stderr: "no drill is running under"},
		{name: "boot with no drill in flight", args: []string{"boot", "salt-master-1", "--reports", empty}, code: exitUsage, stderr: "no drill is running under"},
	})
}
