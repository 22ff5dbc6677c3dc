package bringup

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/netalloc"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/ready"
	"github.com/saltlab/saltlab/internal/run/settings"
)

// tryUp is one bring-up attempt on a freshly allocated subnet; detach
// marks what it creates as `saltlab up`'s.
func (s *Session) tryUp(ctx context.Context, cfg *settings.Config, file string, flavor images.Flavor, plan netalloc.Plan, detach bool) error {
	s.Lab = nil
	env, err := settings.OSUserEnv()
	if err != nil {
		return err
	}
	maps.Copy(env, plan.Env())
	env["SALTLAB_SALT_IMAGE"] = flavor.Image
	env["SALTLAB_BASE_IMAGE"] = images.BaseRef
	apiVars, err := access.WriteCreds(s.private, s.Creds)
	if err != nil {
		return err
	}
	maps.Copy(env, apiVars)
	s.State = runstate.State{RunID: cfg.RunID, Project: s.Project, Topology: cfg.Topology, Flavor: flavor.Name,
		Image: flavor.Image, Files: []string{file}, Env: env, Owner: labels.OwnerID(), Started: s.Started, Private: s.private, Lab: s.LabName}
	if s.Target.OnSwarm() {
		s.State.Engine, s.State.Swarm = runstate.EngineSwarm, s.Target.Swarm
	}
	if detach {
		s.State.Owner = labels.UpOwnerPrefix + s.State.Owner
	}
	resolve := func(p *types.Project) error {
		ks, err := knobs.Resolve(p, cfg.Knobs, filepath.Join(s.private, runstate.ConfigDir), flavor.Name)
		if err != nil {
			return err
		}
		s.State.Knobs = ks
		if err := knobs.Apply(p, ks); err != nil {
			return err
		}
		// Read after the knobs, so --minions clones are minions too.
		s.Roles, err = roles.FromProject(p)
		return err
	}
	l, err := access.Load(ctx, s.Docker, s.State, resolve, console.PlumbingOf(s.Log))
	if err != nil {
		return fmt.Errorf("load topology %s: %w", cfg.Topology, err)
	}
	// Saved before anything is created, so `saltlab down`, `status` and
	// `heal` find this lab even if this process is killed during Up.
	if err := s.claim.Save(s.State); err != nil {
		return err
	}
	s.Lab = l
	if err := ready.Up(ctx, s.Docker, l, s.Target.Up(l, s.Roles), s.Roles, s.State.Flavor, cfg.MayHoldKeys(), console.PlumbingOf(s.Log)); err != nil {
		return fmt.Errorf("bring lab up: %w", explainUpFailure(err))
	}
	return nil
}
