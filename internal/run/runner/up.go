package runner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// UpResult describes a lab that Up left running.
type UpResult struct {
	RunDir   string
	State    runstate.State
	Services []ServiceAddr
}

// ServiceAddr is one service's container and addresses.
type ServiceAddr struct {
	Service   string
	Container string
	IPs       map[string]string // compose network key -> IPv4
}

// Up brings a lab up healthy through the same path as Run, saves run.json
// and leaves the lab running. If bring-up fails or is interrupted, the
// half-built lab is removed before Up returns.
func Up(ctx context.Context, cfg Config) (UpResult, error) {
	cfg.detach = true
	s, err := bringUp(ctx, &cfg, time.Now(), labSpec{sweep: true, checkFleet: true})
	if err != nil {
		return UpResult{}, err
	}
	defer s.Close()
	if err := s.detach(ctx); err != nil {
		// A lab nobody can tell from a dead runner's leftover would be swept
		// by the next run; remove it now instead.
		if derr := s.lab.Down(ctx); derr != nil {
			return UpResult{}, fmt.Errorf("%w (and remove lab: %w)", err, derr)
		}
		return UpResult{}, errors.Join(err, runstate.RemovePrivate(s.private), s.claim.Withdraw())
	}
	res := UpResult{RunDir: s.runDir, State: s.state}
	for _, name := range s.lab.Services() {
		res.Services = append(res.Services, describe(ctx, s.lab, name))
	}
	return res, nil
}

func describe(ctx context.Context, l *lab.Lab, service string) ServiceAddr {
	a := ServiceAddr{Service: service, Container: l.ContainerName(service)}
	if st, err := l.State(ctx, service); err == nil {
		a.IPs = st.IPs
	}
	return a
}
