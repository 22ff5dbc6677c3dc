package modules

import (
	"context"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/sim/pki"
)

// cpGetFileStr is cp.get_file_str: the file's text, or False when the file
// server does not have it (cache_file fails, SRC salt/modules/cp.py).
func cpGetFileStr(ctx context.Context, env Env, args []any) Result {
	url, _ := argString(args, 0)
	if env.Master == nil {
		return Result{Return: errNoChannel.Error(), Retcode: 1}
	}
	data, ok, err := env.Master.GetFile(ctx, url)
	if err != nil {
		return Result{Return: err.Error(), Retcode: 1}
	}
	if !ok {
		return Result{Return: false}
	}
	return Result{Return: data}
}

// cpHashFile is cp.hash_file: {"hash_type": "sha256", "hsum": ...}, {} if missing.
func cpHashFile(ctx context.Context, env Env, args []any) Result {
	url, _ := argString(args, 0)
	if env.Master == nil {
		return Result{Return: errNoChannel.Error(), Retcode: 1}
	}
	h, err := env.Master.HashFile(ctx, url)
	if err != nil {
		return Result{Return: err.Error(), Retcode: 1}
	}
	return Result{Return: h}
}

// keyFingerMaster is key.finger_master: pem_finger of the cached
// minion_master.pub ("" when there is none), purely local (§4.1).
func keyFingerMaster(_ context.Context, env Env, _ []any) Result {
	return Result{Return: pki.FingerFile(filepath.Join(env.Opts.Str("pki_dir"), "minion_master.pub"))}
}
