package modules

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// fetchPillar asks the channel for a freshly compiled pillar. INFER: Salt's
// pillar.items compiles fresh, pillar.get/item read the in-memory pillar
// compiled at connect (refresh_pillar); the double always asks the master,
// which differs only after pillar_roots change without a refresh.
func fetchPillar(ctx context.Context, env Env) (*jsonout.Map, *Result) {
	if env.Master == nil {
		return nil, &Result{Return: fmt.Sprintf("Pillar could not be compiled: %v", errNoChannel), Retcode: 1}
	}
	p, err := env.Master.Pillar(ctx)
	if err != nil {
		return nil, &Result{Return: fmt.Sprintf("Pillar could not be compiled: %v", err), Retcode: 1}
	}
	return p, nil
}

func pillarItems(ctx context.Context, env Env, args []any) Result {
	p, fail := fetchPillar(ctx, env)
	if fail != nil {
		return *fail
	}
	out, _ := pillarOutput(env, args)
	return Result{Return: out(p)}
}

// pillarGet is pillar.get <key> [default]: ':' traverses nested mappings;
// a missing key returns the default ("").
func pillarGet(ctx context.Context, env Env, args []any) Result {
	p, fail := fetchPillar(ctx, env)
	if fail != nil {
		return *fail
	}
	out, args := pillarOutput(env, args)
	key, _ := argString(args, 0)
	if v, ok := lookupMap(p, key); ok {
		return Result{Return: out(v)}
	}
	if len(args) > 1 {
		return Result{Return: out(args[1])}
	}
	return Result{Return: ""}
}

// pillarItem returns {key: value} for each requested key; missing → "".
func pillarItem(ctx context.Context, env Env, args []any) Result {
	p, fail := fetchPillar(ctx, env)
	if fail != nil {
		return *fail
	}
	mask, args := pillarOutput(env, args)
	out := jsonout.NewMap()
	for i := range args {
		k, _ := argString(args, i)
		v, ok := lookupMap(p, k)
		if !ok {
			v = ""
		}
		out.Set(k, v)
	}
	return Result{Return: mask(out)}
}
