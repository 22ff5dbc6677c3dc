package images

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// meetTimeout bounds how long one piece of image work waits for another
// that should be running at the same time; a serial builder never gets
// there and fails the test instead of hanging it.
const meetTimeout = 10 * time.Second

// rendezvous is one side's arrival: the other side waits for it.
type rendezvous struct {
	once    sync.Once
	started chan struct{}
	missed  atomic.Bool // the other side waited in vain
}

func newRendezvous() *rendezvous { return &rendezvous{started: make(chan struct{})} }

func (r *rendezvous) arrive() { r.once.Do(func() { close(r.started) }) }

func (r *rendezvous) await(what string) error {
	select {
	case <-r.started:
		return nil
	case <-time.After(meetTimeout):
		r.missed.Store(true)
		return errors.New(what + " waited " + meetTimeout.String() + " for the other: they did not run at the same time")
	}
}

// registryDownBase fails the base's Dockerfile build as on a machine
// without a registry, so the base comes from debootstrap.
func registryDownBase(c buildCall) string {
	if strings.Contains(c.files["Dockerfile"], "FROM debian:") {
		return "dial tcp: lookup registry-1.docker.io: no such host"
	}
	return ""
}

func TestBaseAndBuilderAreMadeWhileTheWheelhouseFills(t *testing.T) {
	b, docker, host, log := newTestBuilder(t, nil)
	docker.failBuild = registryDownBase
	// Each side waits for the others to have started: a builder doing
	// them one after the other, in any order, fails.
	pipThere := newRendezvous()
	there := map[string]*rendezvous{BaseRef: newRendezvous(), WheelBuilderRef: newRendezvous()}
	answers := pipRun(t, map[string]string{"index versions": "salt (3008.5)\nAvailable versions: 3008.5\n", "--no-binary": "", "wheel --no-deps": "", "download --dest": ""})
	b.pip = func(context.Context) (saltdist.Pip, error) {
		return saltdist.NewPip([]string{"python3", "-m", "pip"}, func(ctx context.Context, argv []string) (string, error) {
			if strings.Contains(strings.Join(argv, " "), "download") {
				pipThere.arrive()
				for ref, r := range there {
					if err := r.await("pip's download, for " + ref + "'s debootstrap,"); err != nil {
						return err.Error(), err
					}
				}
			}
			return answers(ctx, argv)
		}), nil
	}
	b.run = func(ctx context.Context, c command, out io.Writer) error {
		if strings.HasSuffix(c.Name, "debootstrap") {
			// The progress lines name the image being bootstrapped.
			ref := strings.Fields(out.(*progressWriter).prefix)[0]
			there[ref].arrive()
			if err := pipThere.await(ref + "'s debootstrap"); err != nil {
				return err
			}
		}
		return host.run(ctx, c, out)
	}

	img, err := b.BuildReal(context.Background(), "3008")
	require.NoError(t, err, log.String())
	assert.Equal(t, "3008.5", img.Version)
	assert.False(t, pipThere.missed.Load(), "a debootstrap waited for pip's download in vain:\n%s", log.String())
	for ref, r := range there {
		assert.False(t, r.missed.Load(), "pip's download waited for %s's debootstrap in vain", ref)
		assert.NotEmpty(t, docker.images[ref][labels.PackagesHash], "%s was made", ref)
	}
	assert.Equal(t, 2, host.count("debootstrap"), "one debootstrap each of the base and the builder:\n%s", log.String())
}

func TestBaseFailureIsNotRetriedOnTheWayToSim(t *testing.T) {
	b, docker, host, log := newTestBuilder(t, nil)
	docker.failBuild = registryDownBase
	b.run = func(ctx context.Context, c command, out io.Writer) error {
		if strings.HasSuffix(c.Name, "debootstrap") {
			host.record(c)
			return errors.New("E: Couldn't download packages")
		}
		return host.run(ctx, c, out)
	}

	_, err := b.Resolve(context.Background(), FlavorAuto, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "resolve flavour auto: ")
	assert.Contains(t, err.Error(), "Couldn't download packages")
	assert.Equal(t, 1, host.count("debootstrap"), "auto made the base once, not again for sim:\n%s", log.String())
}

func TestScopeWaitsForWorkItStarted(t *testing.T) {
	b, _, _, _ := newTestBuilder(t, nil)
	release := make(chan struct{})
	ended := make(chan struct{})
	end := b.scope()
	b.startAhead(context.Background(), aheadBase, func(context.Context) error {
		<-release
		close(ended)
		return nil
	})
	inner := b.scope()
	inner() // a nested scope leaves the work to the outer one
	select {
	case <-ended:
		t.Fatal("the work ended before it was released")
	default:
	}
	go func() { close(release) }()
	end()
	select {
	case <-ended:
	default:
		t.Fatal("the outermost scope returned before the work it started ended")
	}
	ok, _ := b.joinAhead(aheadBase)
	assert.False(t, ok, "a closed scope forgets its work, so a later call checks afresh")
}

func TestNoWorkStartsOutsideAScope(t *testing.T) {
	b, _, _, _ := newTestBuilder(t, nil)
	started := false
	b.startAhead(context.Background(), aheadBase, func(context.Context) error { started = true; return nil })
	ok, _ := b.joinAhead(aheadBase)
	assert.False(t, ok)
	assert.False(t, started)
}
