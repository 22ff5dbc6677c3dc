package minion

import (
	"context"
	"sync"
	"time"
)

// schedule runs named periodic jobs like the minion scheduler; setting a
// name again replaces the job (modify_job). The first run is one interval
// after the job is added.
type schedule struct {
	mu   sync.Mutex
	jobs map[string]context.CancelFunc
	wg   sync.WaitGroup
}

func newSchedule() *schedule { return &schedule{jobs: map[string]context.CancelFunc{}} }

func (s *schedule) set(ctx context.Context, name string, every time.Duration, fn func(context.Context)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if stop, ok := s.jobs[name]; ok {
		stop()
	}
	jctx, stop := context.WithCancel(ctx)
	s.jobs[name] = stop
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
				fn(jctx) // maxrunning 1: runs are sequential
			}
		}
	}()
}

func (s *schedule) remove(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if stop, ok := s.jobs[name]; ok {
		stop()
		delete(s.jobs, name)
	}
}

func (s *schedule) stopAll() {
	s.mu.Lock()
	for n, stop := range s.jobs {
		stop()
		delete(s.jobs, n)
	}
	s.mu.Unlock()
	s.wg.Wait()
}
