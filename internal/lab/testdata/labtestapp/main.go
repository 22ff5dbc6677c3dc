// Command labtestapp is the only program in the saltlab-labtest image used
// by the lab package's docker tests (the engine has no registry, so the
// tests build this image FROM scratch). It runs its arguments as a list of
// steps:
//
//	write PATH TEXT   write TEXT to PATH
//	require PATH      exit 1 unless PATH exists and is non-empty
//	out TEXT          print TEXT to stdout
//	err TEXT          print TEXT to stderr
//	serve PORT        accept TCP connections on PORT in the background
//	dial ADDR         exit 1 unless a TCP connection to ADDR succeeds
//	wait              block until SIGTERM/SIGINT, then exit 0
//	stdin             block until stdin closes
//	exit CODE         exit with CODE
package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	for len(args) > 0 {
		op := args[0]
		need := 1
		if op == "wait" || op == "stdin" {
			need = 0
		}
		if len(args) < 1+need {
			fmt.Fprintf(os.Stderr, "labtestapp: %s needs an argument\n", op)
			return 2
		}
		arg := ""
		if need == 1 {
			arg = args[1]
		}
		args = args[1+need:]
		switch op {
		case "write":
			if len(args) < 1 {
				fmt.Fprintln(os.Stderr, "labtestapp: write needs PATH TEXT")
				return 2
			}
			if err := os.WriteFile(arg, []byte(args[0]), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "labtestapp:", err)
				return 1
			}
			args = args[1:]
		case "require":
			if fi, err := os.Stat(arg); err != nil || fi.Size() == 0 {
				fmt.Fprintf(os.Stderr, "labtestapp: %s missing or empty\n", arg)
				return 1
			}
		case "out":
			fmt.Println(arg)
		case "err":
			fmt.Fprintln(os.Stderr, arg)
		case "serve":
			ln, err := net.Listen("tcp", ":"+arg)
			if err != nil {
				fmt.Fprintln(os.Stderr, "labtestapp:", err)
				return 1
			}
			go accept(ln)
		case "dial":
			c, err := net.DialTimeout("tcp", arg, 2*time.Second)
			if err != nil {
				fmt.Fprintln(os.Stderr, "labtestapp:", err)
				return 1
			}
			c.Close()
		case "wait":
			ch := make(chan os.Signal, 1)
			signal.Notify(ch, syscall.SIGTERM, syscall.SIGINT)
			<-ch
			return 0
		case "stdin":
			_, _ = io.Copy(io.Discard, os.Stdin)
		case "exit":
			code, err := strconv.Atoi(arg)
			if err != nil {
				return 2
			}
			return code
		default:
			fmt.Fprintf(os.Stderr, "labtestapp: unknown step %q\n", op)
			return 2
		}
	}
	return 0
}

func accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		fmt.Fprintln(c, "labtestapp")
		c.Close()
	}
}
