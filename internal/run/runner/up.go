package runner

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/bringup"
	"github.com/saltlab/saltlab/internal/run/settings"
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

// Up brings a lab up healthy through the same path as Run (bringup.Start),
// saves run.json and leaves the lab running. If bring-up fails or is
// interrupted, the half-built lab is removed before Up returns.
func Up(ctx context.Context, cfg settings.Config) (UpResult, error) {
	s, err := bringup.Start(ctx, &cfg, time.Now(), bringup.Spec{Sweep: true, CheckFleet: true, Detach: true})
	if err != nil {
		return UpResult{}, err
	}
	defer s.Close()
	if err := s.HandOver(ctx); err != nil {
		return UpResult{}, err
	}
	res := UpResult{RunDir: s.RunDir, State: s.State}
	for _, name := range s.Lab.Services() {
		res.Services = append(res.Services, describe(ctx, s.Lab, name))
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
