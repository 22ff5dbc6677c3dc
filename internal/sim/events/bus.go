// Package events is the master's event bus of the double: in-process
// publish/subscribe with Salt's tags (salt/utils/event.py). The master fires
// job, auth and key events and the events minions send; local clients
// (salt-run state.event, salt-api /events) subscribe through the master's
// local socket.
package events

import (
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// Event is one tagged event; Data always carries `_stamp`.
type Event struct {
	Tag  string       `json:"tag"`
	Data *jsonout.Map `json:"data"`
}

// Bus fans events out to subscribers. A slow subscriber loses events rather
// than blocking the master (Salt's IPC publisher drops too).
type Bus struct {
	mu   sync.Mutex
	next int
	subs map[int]chan Event
	now  func() time.Time
}

// NewBus returns an empty bus.
func NewBus() *Bus { return &Bus{subs: map[int]chan Event{}, now: time.Now} }

// Stamp is SaltEvent._get_stamp: naive UTC ISO 8601 with microseconds.
func Stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000") }

// Fire publishes data under tag, adding `_stamp` when absent (fire_event).
func (b *Bus) Fire(tag string, data *jsonout.Map) {
	if data == nil {
		data = jsonout.NewMap()
	}
	if _, ok := data.Get("_stamp"); !ok {
		data.Set("_stamp", Stamp(b.now()))
	}
	ev := Event{Tag: tag, Data: data}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ch := range b.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

// Subscribe returns a channel of every event fired from now on and a
// function that unsubscribes (and closes the channel).
func (b *Bus) Subscribe() (<-chan Event, func()) {
	ch := make(chan Event, 1024)
	b.mu.Lock()
	id := b.next
	b.next++
	b.subs[id] = ch
	b.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs, id)
			b.mu.Unlock()
			close(ch)
		})
	}
}

// Match is salt.utils.stringutils.expr_match as state.event uses it:
// equality, fnmatch (`*` also matches `/`), then a full regex match.
func Match(pattern, tag string) bool {
	if pattern == tag {
		return true
	}
	if re, err := regexp.Compile(fnmatchRegexp(pattern)); err == nil && re.MatchString(tag) {
		return true
	}
	re, err := regexp.Compile(`\A(?:` + pattern + `)\z`)
	return err == nil && re.MatchString(tag)
}

func fnmatchRegexp(p string) string {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := strings.IndexByte(p[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			set := p[i+1 : i+1+j]
			if strings.HasPrefix(set, "!") {
				set = "^" + set[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(set, `\`, `\\`) + "]")
			i += j + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`\z`)
	return b.String()
}

// Tagify joins parts under a prefix like salt.utils.event.tagify.
func Tagify(prefix string, parts ...string) string {
	return strings.Join(append([]string{prefix}, parts...), "/")
}

// KeyTag is the tag salt.key.Key fires for salt-key and wheel key actions.
const KeyTag = "salt/key"

// KeyData is a salt/key event body: act is accept, reject or delete.
func KeyData(act, id string) *jsonout.Map {
	return jsonout.NewMap().Set("result", true).Set("act", act).Set("id", id)
}
