package bringup

import (
	"slices"
	"sync"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// RunClaim is a run's claim on its run folder shared by its labs: each
// lab saves its own state, and run.json holds them all (runstate.State
// Labs), the first lab's at the top level, so `saltlab heal`, `down` and
// `status` find every lab of the run from one file. A run with one lab
// writes run.json exactly as before --parallel existed.
type RunClaim struct {
	mu     sync.Mutex
	claim  *runstate.Claim
	order  []string // the labs' names, in plan order
	states map[string]runstate.State
}

// NewRunClaim stakes the run folder dir for the labs named, in plan order.
func NewRunClaim(dir string, labs []string) *RunClaim {
	return &RunClaim{claim: runstate.Stake(dir), order: labs, states: map[string]runstate.State{}}
}

// lab is the claim one lab saves and withdraws through.
func (c *RunClaim) lab(name string) labClaim { return labClaim{c, name} }

// save records lab's state and writes run.json.
func (c *RunClaim) save(st runstate.State) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.states[st.Lab] = st
	return c.write()
}

// withdraw forgets lab's state: the run folder is taken back once no lab
// of the run claims it.
func (c *RunClaim) withdraw(lab string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.states, lab)
	if len(c.states) == 0 {
		return c.claim.Withdraw()
	}
	return c.write()
}

// keep leaves name in the run folder when the run is withdrawn.
func (c *RunClaim) keep(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.claim.Keep(name)
}

// write saves run.json: the only lab's state, or the first saved lab's
// with every saved lab's in Labs. Called with mu held.
func (c *RunClaim) write() error {
	var all []runstate.State
	for _, name := range c.order {
		if st, ok := c.states[name]; ok {
			all = append(all, st)
		}
	}
	if len(c.order) <= 1 {
		return c.claim.Save(all[0])
	}
	top := all[0]
	top.Labs = slices.Clone(all)
	return c.claim.Save(top)
}

// labClaim is one lab's view of its run's claim (Session.claim).
type labClaim struct {
	run  *RunClaim
	name string
}

func (l labClaim) Save(st runstate.State) error { st.Lab = l.name; return l.run.save(st) }
func (l labClaim) Withdraw() error              { return l.run.withdraw(l.name) }
func (l labClaim) Keep(name string)             { l.run.keep(name) }
