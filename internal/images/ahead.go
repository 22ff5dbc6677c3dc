package images

import (
	"context"
	"io"
	"runtime"
	"sync"

	"github.com/saltlab/saltlab/internal/images/saltdist"
)

// Image work that does not depend on each other runs at the same time: on
// a fresh machine the base's debootstrap (about 45 s) would otherwise wait
// for nothing while the package index is asked which release a line is and
// pip downloads the wheelhouse (a minute or two), and the wheel builder's
// debootstrap (about 55 s) while pip downloads what it will compile.
//
// A piece of work started ahead belongs to the outermost scope open on the
// Builder (BuildReal, FillWheelhouse, BuildSim, Resolve): whoever needs
// its result inside that scope joins it instead of starting it again (so
// a failed base is not debootstrapped twice), and the scope does not
// return before every piece it started has ended, on every path:
// cancellation reaches them through the same context, and none leaves a
// rootfs behind in a goroutine nobody waits for.

// aheadKey names a piece of image work that can run ahead.
type aheadKey string

const (
	aheadBase    aheadKey = "base"
	aheadBuilder aheadKey = "wheel builder"
)

// aheadWork is one piece of work in flight or ended within the scope.
type aheadWork struct {
	done chan struct{}
	err  error
}

// aheadState is the Builder's open scopes and the work started in them.
type aheadState struct {
	mu    sync.Mutex
	depth int
	work  map[aheadKey]*aheadWork
}

// scope opens a scope; the function it returns closes it, and the
// outermost close waits for the work started ahead and forgets it, so a
// later call checks the images afresh.
func (b *Builder) scope() (end func()) {
	s := &b.ahead
	s.mu.Lock()
	s.depth++
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		s.depth--
		if s.depth > 0 {
			s.mu.Unlock()
			return
		}
		work := s.work
		s.work = nil
		s.mu.Unlock()
		for _, w := range work {
			<-w.done
		}
	}
}

// startAhead starts f in the open scope unless it was started there
// already. Outside a scope it does nothing: the caller then does the work
// when it needs it, as before.
func (b *Builder) startAhead(ctx context.Context, key aheadKey, f func(context.Context) error) {
	s := &b.ahead
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.depth == 0 || s.work[key] != nil {
		return
	}
	if s.work == nil {
		s.work = map[aheadKey]*aheadWork{}
	}
	w := &aheadWork{done: make(chan struct{})}
	s.work[key] = w
	go func() {
		defer close(w.done)
		w.err = f(ctx)
	}()
}

// joinAhead waits for key's work when it was started in the open scope
// and returns its error; ok is false when it was not, and the caller does
// the work itself.
func (b *Builder) joinAhead(key aheadKey) (ok bool, err error) {
	s := &b.ahead
	s.mu.Lock()
	w := s.work[key]
	s.mu.Unlock()
	if w == nil {
		return false, nil
	}
	<-w.done
	return true, w.err
}

// baseAhead starts the base image's check or build in the open scope.
func (b *Builder) baseAhead(ctx context.Context) {
	b.startAhead(ctx, aheadBase, func(ctx context.Context) error {
		_, err := b.ensureBase(ctx)
		return err
	})
}

// builderAhead starts the wheel builder's check or build in the open scope
// when it can serve this Builder's target: it runs on the host's
// architecture only (CompileWheels).
func (b *Builder) builderAhead(ctx context.Context) {
	if saltdist.ImageTarget(runtime.GOARCH).Arch != b.target.Arch {
		return
	}
	b.startAhead(ctx, aheadBuilder, b.ensureWheelBuilder)
}

// lockedWriter keeps lines from work running at the same time whole.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
