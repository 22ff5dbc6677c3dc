package lab

import (
	"archive/tar"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"

	lib "github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/salt/masterkey"
)

// Copier writes files into a container (its volumes included, also before
// it starts); *client.Client satisfies it. A client without it (a test's
// fake) gets no seeded key pair: the first master makes one, as before.
type Copier interface {
	CopyToContainer(ctx context.Context, containerID, dstPath string, content io.Reader, options container.CopyToContainerOptions) error
}

// KeySeed is a master key pair saltlab wrote onto a lab's shared key
// volume before the first master started, so the lab's key-wait init
// finds it at once and the later masters start without waiting for the
// first master to make one (Salt takes seconds for it on real Salt).
type KeySeed struct {
	Volume      string   // the volume's Docker name
	Dir         string   // where the lab's services mount it (the masters' pki_dir)
	Via         string   // the service whose created container the files were written through
	Services    []string // every service that mounts the volume
	Fingerprint string   // master.pub's, as `salt-key -F` of 3006, 3007 and the double prints it
	// FingerprintWhole is master.pub's as Salt 3008's `salt-key -F` prints it.
	FingerprintWhole string
	Start, End       time.Time // when the write began and ended
}

// keySeeder seeds each shared key volume once, before the first service
// that mounts it starts.
type keySeeder struct {
	plans []keySeedPlan
	mu    sync.Mutex
	done  map[string]error // volume key -> how its seeding ended
	seeds []KeySeed
}

// keySeedPlan is one volume to seed: a key-wait init waits for the master
// pair on it, and saltlab created it for this run.
type keySeedPlan struct {
	volume   string // compose volume key
	dir      string
	services []string // enabled services mounting it, sorted
	// pair is made from the plan on, while the lab's networks, volumes
	// and containers are created: an RSA key takes 0.1-0.5 s of CPU.
	pair func() (masterkey.Pair, error)
}

// planKeySeeds finds the lab's shared key volumes: each named volume a
// key-wait init (compose/lib/key-wait) waits on for the master pair. A
// volume the lab does not create for the run (external: saltlab's caches)
// or a folder of the user's (a bind mount) is left alone, and so is the
// master cluster's pair (SALTLAB_KEY_WAIT_NAME cluster), which its first
// peer makes.
func (l *Lab) planKeySeeds() *keySeeder {
	s := &keySeeder{done: map[string]error{}}
	for _, name := range l.Services() {
		svc := l.project.Services[name]
		if len(svc.Command) != 1 || svc.Command[0] != lib.KeyWaitPath {
			continue
		}
		dir, pair := lib.KeyWaitDirDefault, lib.KeyWaitNameDefault
		if v := svc.Environment[lib.KeyWaitDirVar]; v != nil {
			dir = *v
		}
		if v := svc.Environment[lib.KeyWaitNameVar]; v != nil {
			pair = *v
		}
		if pair != lib.KeyWaitNameDefault {
			continue
		}
		for _, v := range svc.Volumes {
			if v.Type != types.VolumeTypeVolume || v.Source == "" || v.Target != dir {
				continue
			}
			if vol, ok := l.project.Volumes[v.Source]; !ok || bool(vol.External) {
				continue
			}
			if slices.ContainsFunc(s.plans, func(p keySeedPlan) bool { return p.volume == v.Source }) {
				continue
			}
			pair := sync.OnceValues(masterkey.New)
			go pair() //nolint:errcheck // the seed reads the outcome
			s.plans = append(s.plans, keySeedPlan{volume: v.Source, dir: dir, services: l.mounting(v.Source), pair: pair})
		}
	}
	return s
}

// mounting lists the enabled services that mount the named volume.
func (l *Lab) mounting(volume string) []string {
	var out []string
	for _, name := range l.Services() {
		if slices.ContainsFunc(l.project.Services[name].Volumes, func(v types.ServiceVolumeConfig) bool {
			return v.Type == types.VolumeTypeVolume && v.Source == volume
		}) {
			out = append(out, name)
		}
	}
	return out
}

// seedBeforeStart seeds every planned volume service mounts, once, before
// service starts. A seed that cannot be written is a note, not a failure:
// the first master then makes the pair and key-wait waits for it.
func (l *Lab) seedBeforeStart(ctx context.Context, s *keySeeder, created *creations, service string) error {
	for _, p := range s.plans {
		if !slices.Contains(p.services, service) {
			continue
		}
		s.mu.Lock()
		err, seen := s.done[p.volume]
		if !seen {
			err = l.seed(ctx, s, created, p)
			s.done[p.volume] = err
		}
		s.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// seed writes a new master pair onto p's volume through the container of
// its first service, once every service mounting the volume is created:
// Docker copies an image's files into an empty volume when a container
// mounting it is created, and a pair that arrived so (an image of the
// user's that carries one) must win. It writes only when the volume holds
// neither master.pem nor master.pub.
func (l *Lab) seed(ctx context.Context, s *keySeeder, created *creations, p keySeedPlan) error {
	for _, name := range p.services {
		if err := created.await(ctx, name); err != nil {
			return err
		}
	}
	cp, ok := l.cli.(Copier)
	if !ok || len(p.services) == 0 {
		return nil
	}
	via := p.services[0]
	id, err := l.ContainerID(via)
	if err != nil {
		return err
	}
	vol := l.project.Volumes[p.volume].Name
	start := time.Now()
	for _, f := range []string{masterkey.PrivateFile, masterkey.PublicFile} {
		rc, _, err := l.cli.CopyFromContainer(ctx, id, p.dir+"/"+f)
		if err == nil {
			rc.Close()
			l.out.printf("key volume %s holds %s already: its pair is kept, none seeded", vol, f)
			return nil
		}
		if !errdefs.IsNotFound(err) {
			l.out.printf("note: key volume %s not seeded (looking for %s: %v); the first master makes the pair", vol, f, err)
			return nil
		}
	}
	pair, err := p.pair()
	if err != nil {
		return fmt.Errorf("seed key volume %s: %w", vol, err)
	}
	archive, err := pairArchive(pair)
	if err != nil {
		return fmt.Errorf("seed key volume %s: %w", vol, err)
	}
	if err := cp.CopyToContainer(ctx, id, p.dir, bytes.NewReader(archive), container.CopyToContainerOptions{}); err != nil {
		l.out.printf("note: key volume %s not seeded (%v); the first master makes the pair", vol, err)
		return nil
	}
	seed := KeySeed{Volume: vol, Dir: p.dir, Via: via, Services: p.services, Fingerprint: pair.Fingerprint(), FingerprintWhole: pair.FingerprintWhole(), Start: start, End: time.Now()}
	s.seeds = append(s.seeds, seed)
	l.out.printf("key volume %s seeded with a new master key pair (%s, %s) in %s, before its masters start",
		vol, masterkey.PrivateFile, masterkey.PublicFile, since(start))
	return nil
}

// pairArchive is the tar stream CopyToContainer takes: the two files with
// Salt's names and modes, owned by root (the lab's daemons run as root).
func pairArchive(p masterkey.Pair) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	now := time.Now()
	for _, f := range []struct {
		name string
		mode int64
		body []byte
	}{
		{masterkey.PrivateFile, int64(masterkey.PrivateMode), p.Private},
		{masterkey.PublicFile, int64(masterkey.PublicMode), p.Public},
	} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
			return nil, fmt.Errorf("archive %s: %w", f.name, err)
		}
		if _, err := tw.Write(f.body); err != nil {
			return nil, fmt.Errorf("archive %s: %w", f.name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("archive key pair: %w", err)
	}
	return buf.Bytes(), nil
}

// KeySeeds lists the key pairs Up wrote onto the lab's key volumes.
func (l *Lab) KeySeeds() []KeySeed {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.keySeeds)
}
