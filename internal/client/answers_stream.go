package client

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Attacher starts a command in a service's container with its stdin and
// stdout attached (lab.Lab.Attach).
type Attacher interface {
	Attach(ctx context.Context, service string, argv []string) (io.ReadWriteCloser, error)
}

// answersLoop runs its arguments, the bounded probe, once for every line
// it reads, and prints "<exit code> <output on one line>" after each; it
// ends at the end of its input, when the attachment closes.
const answersLoop = `while read -r _; do out=$("$@" 2>&1); rc=$?; printf '%d %s\n' "$rc" "${out//$'\n'/ }"; done`

// AnswersStream probes one master's function (compose/lib/master-answers)
// through one exec that stays attached and runs the probe each time it is
// asked: the run probes every master every 2 s, and an exec a probe made
// the engine (dockerd, containerd, runc) start a process in the container
// some 500 times a run. What runs in the container per probe, and so
// what a probe observes, is the same bounded master-answers as Answers.
// A probe the exec does not answer within answersWait (a paused
// container freezes it too), or whose exec ended (the container stopped),
// is recorded as Answers records an exec that fails (info), and the next
// probe attaches again.
type AnswersStream struct {
	at     Attacher
	master string
	wait   time.Duration // for an answer: answersWait

	mu    sync.Mutex
	conn  io.ReadWriteCloser
	lines chan string   // the attached exec's answers
	ended chan struct{} // closed when its output ends
}

// NewAnswersStream probes master through at.
func NewAnswersStream(at Attacher, master string) *AnswersStream {
	return &AnswersStream{at: at, master: master, wait: answersWait}
}

// AnswersVia is Answers through s: the same operation in the history.
func (c Client) AnswersVia(ctx context.Context, s *AnswersStream) Outcome {
	return c.Rec.Do(ctx, Op{F: history.AnswersOp, Node: s.master, Target: s.master, Process: AnswersProcess(s.master)}, s.probe)
}

// probe asks the attached exec for one probe, attaching first when there
// is none or the last one ended.
func (s *AnswersStream) probe(ctx context.Context) Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn != nil {
		select {
		case <-s.ended:
			s.drop()
		default:
		}
	}
	if s.conn == nil {
		if err := s.attach(ctx); err != nil {
			return Indeterminate("run master-answers: " + err.Error())
		}
	}
	if _, err := io.WriteString(s.conn, "\n"); err != nil {
		s.drop()
		return Indeterminate("run master-answers: ask the attached probe: " + err.Error())
	}
	ctx, cancel := context.WithTimeout(ctx, s.wait)
	defer cancel()
	select {
	case line := <-s.lines:
		return AnswersOutcome(parseAnswer(line))
	case <-s.ended:
		s.drop()
		return Indeterminate("run master-answers: its exec ended before it answered (the container stopped?)")
	case <-ctx.Done():
		s.drop()
		return Indeterminate(fmt.Sprintf("run master-answers: no answer within %s: %v", s.wait, ctx.Err()))
	}
}

// attach starts the probe loop in the master's container.
func (s *AnswersStream) attach(ctx context.Context) error {
	argv := append([]string{"bash", "-c", answersLoop, "answers-loop"}, Bounded(answersBudget, lib.AnswersArgv()...)...)
	conn, err := s.at.Attach(ctx, s.master, argv)
	if err != nil {
		return err
	}
	lines, ended := make(chan string, 1), make(chan struct{})
	go func() {
		defer close(ended)
		sc := bufio.NewScanner(conn)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default: // nobody asked: not an answer to keep
			}
		}
	}()
	s.conn, s.lines, s.ended = conn, lines, ended
	return nil
}

// drop closes the attached exec, which ends its loop.
func (s *AnswersStream) drop() {
	if s.conn != nil {
		_ = s.conn.Close()
	}
	s.conn = nil
}

// Close ends the attached exec, if any.
func (s *AnswersStream) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop()
}

// parseAnswer reads one line of answersLoop as the exec's output.
func parseAnswer(line string) (Output, error) {
	code, text, _ := strings.Cut(line, " ")
	rc, err := strconv.Atoi(code)
	if err != nil {
		return Output{}, fmt.Errorf("read the attached probe's answer %q: %w", line, err)
	}
	return Output{Stdout: text, ExitCode: rc}, nil
}
