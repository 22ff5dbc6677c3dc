package modules

import (
	"context"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// cmdRun runs the command through /bin/sh with stdout and stderr merged
// (redirect_stderr=True in cmd.run) and the trailing newline stripped; the
// retcode is the process exit code.
func cmdRun(ctx context.Context, _ Env, args []any) Result {
	out, code := shell(ctx, args)
	return Result{Return: out, Retcode: code}
}

func cmdRetcode(ctx context.Context, _ Env, args []any) Result {
	_, code := shell(ctx, args)
	return Result{Return: code, Retcode: code}
}

func shell(ctx context.Context, args []any) (string, int) {
	cmdline, _ := argString(args, 0)
	c := exec.CommandContext(ctx, "/bin/sh", "-c", cmdline)
	out, err := c.CombinedOutput()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		return err.Error(), 1
	}
	return strings.TrimRight(string(out), "\n"), code
}

func testSleep(ctx context.Context, _ Env, args []any) Result {
	s, _ := argString(args, 0)
	secs, _ := strconv.ParseFloat(s, 64)
	select {
	case <-time.After(time.Duration(secs * float64(time.Second))):
	case <-ctx.Done():
	}
	return Result{Return: true}
}
