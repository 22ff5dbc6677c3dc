package drill

import (
	"bufio"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/state"
)

// The learner's shell writes each command line, its exit code and the time
// it ended to learnerLog in the container; the console reads new lines
// into the history as the learner's lane.
const (
	learnerRC  = "/etc/saltlab/learner.rc"
	learnerLog = "/var/log/saltlab/learner.log"
)

// rcText is bash's rc file for the learner's shell. PROMPT_COMMAND runs
// after every command; history numbers tell a new command from a prompt
// redrawn (Enter on an empty line). No history file: numbering starts at
// one in each shell, so a line is never logged twice.
const rcText = `# saltlab drill shell: each command line, its exit code and its time go to the drill's history.
[ -f /etc/bash.bashrc ] && . /etc/bash.bashrc
unset HISTFILE
HISTCONTROL=
PS1='[drill \h] \w\$ '
__saltlab_log() {
  local rc=$? h n c
  h=$(HISTTIMEFORMAT= builtin history 1) || return 0
  read -r n c <<<"$h"
  [ -n "$n" ] && [ "$n" != "${__saltlab_last:-}" ] || return 0
  __saltlab_last=$n
  printf '%s\t%s\t%s\n' "$(date +%s.%N)" "$rc" "$c" >> /var/log/saltlab/learner.log
}
PROMPT_COMMAND=__saltlab_log
`

// installArgv writes the rc file: the text is an argument of a fixed
// script, never part of it.
func installArgv() []string {
	return []string{"sh", "-c", `mkdir -p /etc/saltlab /var/log/saltlab && touch /var/log/saltlab/learner.log && printf '%s' "$1" > /etc/saltlab/learner.rc`, "sh", rcText}
}

// maxLineRunes bounds a recorded command line.
const maxLineRunes = 2000

// parseLearnerLines reads the log's lines (untrusted: whatever the shell
// in the container wrote). Lines that are not "seconds TAB exit TAB
// command" are skipped, and so counted: n is how many lines were read.
func parseLearnerLines(text, service string) (out []state.LearnerLine, n int) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		n++
		f := strings.SplitN(sc.Text(), "\t", 3)
		if len(f) != 3 {
			continue
		}
		secs, err := strconv.ParseFloat(f[0], 64)
		if err != nil || secs <= 0 || secs > 1e11 {
			continue
		}
		code, err := strconv.Atoi(f[1])
		if err != nil || code < 0 || code > 255 {
			continue
		}
		line := strings.TrimSpace(f[2])
		if r := []rune(line); len(r) > maxLineRunes {
			line = string(r[:maxLineRunes]) + "…"
		}
		if line == "" {
			continue
		}
		sec := int64(secs)
		at := time.Unix(sec, int64((secs-float64(sec))*1e9)).UTC()
		out = append(out, state.LearnerLine{At: at, Exit: code, Line: line, Service: service})
	}
	return out, n
}
