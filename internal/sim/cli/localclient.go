package cli

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// noMasterText is SaltClientError's text when the local master is down.
const noMasterText = localclient.NoMasterText

// localClient adapts localclient.Client to the CLIs' call sites.
type localClient struct {
	c *localclient.Client
	// syndicWait mirrors localclient.Client.SyndicWait (order_masters).
	syndicWait time.Duration
}

func newLocalClient(opts config.Opts, timeout time.Duration) *localClient {
	c := localclient.New(opts, timeout)
	return &localClient{c: c, syndicWait: c.SyndicWait}
}

// job is a published job.
type job struct {
	*localclient.Job
	jid     string
	minions []string
}

func (j *job) close() { j.Close() }

func (c *localClient) publish(ctx context.Context, req wire.LocalRequest) (*job, error) {
	j, err := c.c.Publish(ctx, req)
	if err != nil {
		return nil, err
	}
	return &job{Job: j, jid: j.Jid, minions: j.Minions}, nil
}

// collect also refreshes j.minions: syndics may announce more minions.
func (c *localClient) collect(ctx context.Context, j *job, onRet func(wire.Return)) []string {
	missing := c.c.Collect(ctx, j.Job, onRet)
	j.minions = j.Job.Minions
	return missing
}

func toAnyList(s []string) []any { return localclient.ToAnyList(s) }
