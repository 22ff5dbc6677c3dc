// Package eventlog records every master's Salt event bus into the run's
// history, through Salt's own interface: `salt-run state.event pretty=False`
// run in the master's container.
//
// Why state.event and not salt-api's /events: it works unchanged on real
// Salt and the double, on every master whether or not it runs salt-api
// (the syndic topology's master of masters has none), needs no credentials
// and no per-master port (only the load balancer is published, and it
// would pick one master for us), and it reads the master's bus directly
// rather than through a second daemon that can fail on its own.
package eventlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/textclip"
)

// maxTagQuote is how many runes of a tag an error quotes: Salt's tags are
// short, so a longer one is likely not a tag at all.
const maxTagQuote = 80

// Event is one line state.event printed.
type Event struct {
	Tag  string
	Data json.RawMessage
	// Stamp is Salt's `_stamp` (SaltEvent._get_stamp, µs, UTC), or zero
	// when the data carries none.
	Stamp time.Time
}

// stampLayouts are SaltEvent._get_stamp's formats: naive UTC up to 3007
// (datetime.utcnow().isoformat()), with its +00:00 offset from 3008
// (datetime.now(timezone.utc).isoformat(), seen in real 3008.4's events).
var stampLayouts = []string{"2006-01-02T15:04:05.999999", "2006-01-02T15:04:05.999999-07:00"}

var errNoTab = errors.New("no tab between tag and data")

// ParseLine reads `<tag>\t<json>`, the line salt/modules/state.py event
// prints per event with pretty=False (json.dumps on one line).
func ParseLine(line string) (Event, error) {
	tag, data, ok := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
	if !ok {
		return Event{}, fmt.Errorf("parse event line: %w", errNoTab)
	}
	if tag == "" {
		return Event{}, fmt.Errorf("parse event line: empty tag")
	}
	if !json.Valid([]byte(data)) {
		return Event{}, fmt.Errorf("parse event line %q: data is not JSON", textclip.Clip(tag, maxTagQuote))
	}
	ev := Event{Tag: tag, Data: json.RawMessage(data)}
	var d struct {
		Stamp string `json:"_stamp"`
	}
	if json.Unmarshal(ev.Data, &d) == nil && d.Stamp != "" {
		for _, layout := range stampLayouts {
			if t, err := time.Parse(layout, d.Stamp); err == nil {
				ev.Stamp = t.UTC()
				break
			}
		}
	}
	return ev, nil
}
