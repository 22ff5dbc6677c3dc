package board

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/userfile"
)

// historyTail is how much of the end of history.jsonl the board keeps at
// least (at most twice as much) for the probes, the open faults, the map
// and the incident's cost: enough for every task's latest probe, bounded
// however long the drill runs. The learner's lane is kept whole beside it
// (maxLearnerEntries).
const historyTail = 1 << 20

// maxLearnerEntries bounds the learner's lane the board keeps (a command
// is two entries): past it the oldest go, and the page says so.
const maxLearnerEntries = 20000

// maxHistory is the largest history the board reads (a run record's
// bound).
const maxHistory = 1 << 30

// histFile is what the board holds of one history.jsonl, read on from
// where it stopped as the file grows (it is only appended to): the last
// historyTail bytes of entries, and the learner's lane whole.
type histFile struct {
	read  int64 // bytes consumed, through the last whole line
	tail  []history.Entry
	sizes []int // each tail entry's line length
	bytes int   // the tail's lines' total length
	// dropped counts entries read and no longer in the tail; first is the
	// time of the file's first entry.
	dropped int
	first   time.Time
	learner []history.Entry
	// learnerDropped counts learner entries past maxLearnerEntries.
	learnerDropped int
}

// History is the part of a drill's history the board shows.
type History struct {
	// Tail is the entries of at least the last historyTail bytes.
	Tail []history.Entry
	// Learner is the learner's lane (commands, verbs, hints), whole
	// unless LearnerDropped says how many of its oldest entries went.
	Learner        []history.Entry
	LearnerDropped int
	// From is the time of the tail's first entry when older entries were
	// read and dropped (zero: the tail is the whole history).
	From time.Time
	// First is the time of the history's first entry.
	First time.Time
}

func (h *histFile) view() History {
	v := History{Tail: h.tail, Learner: h.learner, LearnerDropped: h.learnerDropped, First: h.first}
	if h.dropped > 0 && len(h.tail) > 0 {
		v.From = h.tail[0].Time
	}
	return v
}

// update reads what was appended to path since the last read. A file
// that shrank was replaced: it is read again from its start. A line not
// yet ended (a writer mid-line) waits for the next read; a line that is
// not an entry is skipped.
func (h *histFile) update(path string) error {
	f, err := userfile.Open(path, maxHistory)
	if err != nil {
		return fmt.Errorf("read history: %w", err)
	}
	defer f.Close()
	size := f.Info().Size()
	if size < h.read {
		*h = histFile{}
	}
	r := bufio.NewReaderSize(io.NewSectionReader(f, h.read, size-h.read), 64<<10)
	for {
		line, err := r.ReadBytes('\n')
		if err == io.EOF {
			return nil // an unended line is read again next time
		}
		if err != nil {
			return fmt.Errorf("read history: %w", err)
		}
		h.read += int64(len(line))
		var e history.Entry
		if jsonUnmarshal(bytes.TrimSpace(line), &e) != nil {
			continue
		}
		h.add(e, len(line))
	}
}

// add keeps e in the tail and, if it is the learner's, in the learner's
// lane. Both are cut in batches, to historyTail bytes once they hold
// twice that (and to maxLearnerEntries once twice that), so a long
// history is read in linear time.
func (h *histFile) add(e history.Entry, n int) {
	if h.first.IsZero() {
		h.first = e.Time
	}
	if e.Process == state.Learner {
		h.learner = append(h.learner, e)
		if len(h.learner) > 2*maxLearnerEntries {
			over := len(h.learner) - maxLearnerEntries
			h.learner = append(h.learner[:0:0], h.learner[over:]...)
			h.learnerDropped += over
		}
	}
	h.tail, h.sizes, h.bytes = append(h.tail, e), append(h.sizes, n), h.bytes+n
	if h.bytes <= 2*historyTail {
		return
	}
	cut := 0
	for h.bytes > historyTail && cut < len(h.tail)-1 {
		h.bytes -= h.sizes[cut]
		cut++
	}
	// Copied, so the dropped entries' memory goes too.
	h.tail, h.sizes = append(h.tail[:0:0], h.tail[cut:]...), append(h.sizes[:0:0], h.sizes[cut:]...)
	h.dropped += cut
}
