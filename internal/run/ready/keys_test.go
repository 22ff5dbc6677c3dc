package ready

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/poll"
)

// keyMasters fakes masters' salt-key: each pki directory (shared by
// several masters, or one per master) holds pending and accepted ids.
type keyMasters struct {
	mu      sync.Mutex
	pkiOf   map[string]string // master -> pki dir
	pending map[string][]string
	accept  map[string][]string
	down    map[string]bool
	ran     []string
	// arrive: once the named master has listed, these ids turn pending in
	// a pki directory (a key that arrives between two masters' listings).
	arrive map[string]map[string][]string
}

func (k *keyMasters) Exec(_ context.Context, service string, argv []string) (client.Output, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.down[service] {
		return client.Output{ExitCode: 1, Stderr: "salt-master is not running"}, nil
	}
	pki := k.pkiOf[service]
	line := strings.Join(argv, " ")
	k.ran = append(k.ran, service+": "+line[strings.Index(line, "salt-key"):])
	if i := slices.Index(argv, "-a"); i >= 0 {
		id := argv[i+1]
		k.pending[pki] = slices.DeleteFunc(k.pending[pki], func(s string) bool { return s == id })
		k.accept[pki] = append(k.accept[pki], id)
		return client.Output{Stdout: "Key for minion " + id + " accepted."}, nil
	}
	js := func(ids []string) string {
		if len(ids) == 0 {
			return "[]"
		}
		return `["` + strings.Join(ids, `", "`) + `"]`
	}
	out := client.Output{Stdout: `{"minions": ` + js(k.accept[pki]) + `, "minions_pre": ` + js(k.pending[pki]) + `, "minions_rejected": [], "minions_denied": []}`}
	for dir, ids := range k.arrive[service] {
		k.pending[dir] = append(k.pending[dir], ids...)
	}
	delete(k.arrive, service)
	return out, nil
}

func TestKeyAccepterAcceptsDeclaredKeysLikeAnOperator(t *testing.T) {
	r := roles.Roles{Masters: []string{"m1", "m2"}, Minions: []string{"n1", "n2"}}
	tests := []struct {
		name     string
		pkiOf    map[string]string
		down     map[string]bool
		pending  map[string][]string
		arrive   map[string]map[string][]string
		looks    int // once calls (default 1)
		wantRan  []string
		accepted map[string][]string
	}{
		{name: "shared pki: the first master accepts, the second lists them accepted",
			pkiOf: map[string]string{"m1": "p", "m2": "p"}, pending: map[string][]string{"p": {"n1", "n2", "stranger"}},
			wantRan:  []string{"m1: salt-key --out=json -L", "m1: salt-key --out=json -a n1 -y", "m1: salt-key --out=json -a n2 -y", "m2: salt-key --out=json -L"},
			accepted: map[string][]string{"p": {"n1", "n2"}}},
		{name: "one pki per master: each accepts; a key the first master never lists waits one look on the second",
			pkiOf: map[string]string{"m1": "p1", "m2": "p2"}, pending: map[string][]string{"p1": {"n1"}, "p2": {"n1", "n2"}}, looks: 2,
			wantRan: []string{"m1: salt-key --out=json -L", "m1: salt-key --out=json -a n1 -y", "m2: salt-key --out=json -L", "m2: salt-key --out=json -a n1 -y",
				"m1: salt-key --out=json -L", "m2: salt-key --out=json -L", "m2: salt-key --out=json -a n2 -y"},
			accepted: map[string][]string{"p1": {"n1"}, "p2": {"n1", "n2"}}},
		{name: "shared pki: a key that arrives between the two listings is the first master's to accept",
			pkiOf: map[string]string{"m1": "p", "m2": "p"}, pending: map[string][]string{}, arrive: map[string]map[string][]string{"m1": {"p": {"n1"}}}, looks: 2,
			wantRan: []string{"m1: salt-key --out=json -L", "m2: salt-key --out=json -L",
				"m1: salt-key --out=json -L", "m1: salt-key --out=json -a n1 -y", "m2: salt-key --out=json -L"},
			accepted: map[string][]string{"p": {"n1"}}},
		{name: "a master not up yet is asked next time",
			pkiOf: map[string]string{"m1": "p1", "m2": "p2"}, down: map[string]bool{"m1": true}, pending: map[string][]string{"p1": {"n1"}, "p2": {"n2"}},
			wantRan:  []string{"m2: salt-key --out=json -L", "m2: salt-key --out=json -a n2 -y"},
			accepted: map[string][]string{"p2": {"n2"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := &keyMasters{pkiOf: tc.pkiOf, down: tc.down, pending: tc.pending, arrive: tc.arrive, accept: map[string][]string{}}
			var log bytes.Buffer
			ka := newKeyAccepter(k, r, &log)
			for range max(tc.looks, 1) {
				ka.once(context.Background())
			}
			assert.Equal(t, tc.wantRan, k.ran)
			assert.Equal(t, tc.accepted, k.accept)
			assert.NotContains(t, log.String(), "stranger", "an undeclared key stays pending")
			for pki, ids := range tc.accepted {
				for _, id := range ids {
					assert.Contains(t, log.String(), "accepted the pending key of "+id, pki)
				}
			}
		})
	}
}

func TestAcceptKeysDuringStopsWithTheBringUp(t *testing.T) {
	k := &keyMasters{pkiOf: map[string]string{"m1": "p"}, pending: map[string][]string{"p": {"n1"}}, accept: map[string][]string{}}
	acc := newKeyAccepter(k, roles.Roles{Masters: []string{"m1"}, Minions: []string{"n1"}}, &bytes.Buffer{})
	err := acceptKeysDuring(context.Background(), acc, time.Minute, func(ctx context.Context) error {
		// Up returns once the minion is healthy, i.e. accepted.
		ok, err := poll.Run(ctx, poll.Within(10*time.Second), func(context.Context, time.Duration) bool {
			k.mu.Lock()
			defer k.mu.Unlock()
			return len(k.accept["p"]) == 1
		})
		if !ok {
			return assert.AnError
		}
		return err
	})
	require.NoError(t, err)
	k.mu.Lock()
	n := len(k.ran)
	k.mu.Unlock()
	assert.Positive(t, n)
}
