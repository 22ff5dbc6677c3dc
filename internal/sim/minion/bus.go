package minion

import "sync"

// Local event tags (salt.minion.master_event).
const (
	tagDisconnected = "__master_disconnected"
	tagConnected    = "__master_connected"
	tagFailback     = "__master_failback"
)

type event struct {
	Tag    string
	Master string
}

// bus is the minion process's local event bus: every Minion object sees
// every event and decides itself whether it is meant (handle_event).
type bus struct {
	mu   sync.Mutex
	subs []chan event
}

func (b *bus) subscribe() chan event {
	ch := make(chan event, 32)
	b.mu.Lock()
	b.subs = append(b.subs, ch)
	b.mu.Unlock()
	return ch
}

func (b *bus) fire(ev event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ch := range b.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}
