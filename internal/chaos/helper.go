package chaos

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Labels of chaos helper containers, on top of labels.ForRun.
const (
	LabelHelper = "io.saltlab.chaos-helper" // "true"
	LabelTarget = "io.saltlab.chaos-target" // the target container id
)

// helperName names the helper of one service: one per target and run, so a
// later heal finds it without a ledger.
func (e *Engine) helperName(service string) string {
	return e.project + "-chaos-" + service
}

// ensureHelper returns a running helper in the network namespace of target
// (the running container of service). A helper that joined an earlier
// incarnation of the target (it restarted since) holds a dead namespace and
// is replaced.
func (e *Engine) ensureHelper(ctx context.Context, service string, target container.InspectResponse) (string, error) {
	name := e.helperName(service)
	info, err := e.docker.ContainerInspect(ctx, name)
	switch {
	case err == nil && info.State != nil && info.State.Running && info.Config != nil &&
		info.Config.Labels[LabelTarget] == target.ID && !startedBefore(info, target):
		return info.ID, nil
	case err == nil:
		if err := e.removeHelper(ctx, name); err != nil {
			return "", err
		}
	case !errdefs.IsNotFound(err):
		return "", fmt.Errorf("inspect chaos helper %s: %w", name, err)
	}
	lbl := labels.ForRun(e.runID, e.project)
	maps.Copy(lbl, map[string]string{LabelHelper: "true", LabelTarget: target.ID, labels.Service: service})
	image, err := e.helperImage(ctx)
	if err != nil {
		return "", err
	}
	cfg := &container.Config{Image: image, Labels: lbl}
	host := &container.HostConfig{
		// Sharing the target's namespace is what lets rules act on it;
		// NET_ADMIN (iptables, tc, ss -K) is the only capability added.
		NetworkMode: container.NetworkMode("container:" + target.ID),
		CapAdd:      []string{"NET_ADMIN"},
		SecurityOpt: []string{"no-new-privileges"},
		Resources:   lab.DefaultResources(),
	}
	created, err := e.docker.ContainerCreate(ctx, cfg, host, nil, nil, name)
	if err != nil {
		return "", fmt.Errorf("create chaos helper for %s: %w", service, err)
	}
	if err := e.docker.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		_ = e.removeHelper(context.WithoutCancel(ctx), created.ID)
		return "", fmt.Errorf("start chaos helper for %s: %w", service, err)
	}
	e.logf("helper %s joined the network namespace of %s", name, service)
	return created.ID, nil
}

// removeHelper removes a helper container; gone is fine.
func (e *Engine) removeHelper(ctx context.Context, ref string) error {
	err := e.docker.ContainerRemove(ctx, ref, container.RemoveOptions{Force: true})
	if err != nil && !errdefs.IsNotFound(err) {
		return fmt.Errorf("remove chaos helper %s: %w", ref, err)
	}
	return nil
}

// inNetns runs script in the helper of the service recorded in data, if the
// target still runs, paused or not (the helper is not paused with it, and
// its rules stay in the namespace while it is); a stopped container's
// namespace, and every rule in it, is gone already.
func (e *Engine) inNetns(ctx context.Context, data map[string]string, script string) error {
	id := data[dataContainer]
	target, err := e.docker.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect %s: %w", data[dataService], err)
	}
	if target.State == nil || !target.State.Running {
		return nil
	}
	helper, err := e.ensureHelper(ctx, data[dataService], target)
	if err != nil {
		return err
	}
	_, err = e.sh(ctx, helper, script)
	return err
}

// startedBefore reports whether a started before b (Docker's RFC 3339
// times; unparsable counts as before, which replaces the helper).
func startedBefore(a, b container.InspectResponse) bool {
	ta, errA := time.Parse(time.RFC3339Nano, a.State.StartedAt)
	tb, errB := time.Parse(time.RFC3339Nano, b.State.StartedAt)
	return errA != nil || errB != nil || ta.Before(tb)
}

// helperImage resolves the helper image once per engine.
func (e *Engine) helperImage(ctx context.Context) (string, error) {
	e.imageMu.Lock()
	defer e.imageMu.Unlock()
	if e.image != "" {
		return e.image, nil
	}
	if e.HelperImage == nil {
		return "", errors.New("network faults need the chaos helper image (images.BuildHelper); none was configured")
	}
	img, err := e.HelperImage(ctx)
	if err != nil {
		return "", fmt.Errorf("get chaos helper image: %w", err)
	}
	e.image = img
	return img, nil
}
