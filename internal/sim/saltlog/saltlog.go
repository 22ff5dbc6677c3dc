// Package saltlog writes log lines in Salt's formats: console
// "[LEVEL   ] message" (log_fmt_console %(levelname)-8s) and the log file's
// "date,ms [logger:line][LEVEL   ][pid] message".
package saltlog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Level is a Salt log level; higher is more severe.
type Level int

// Salt's levels (salt/_logging/impl.py LOG_LEVELS).
const (
	Garbage  Level = 1
	Trace    Level = 5
	Debug    Level = 10
	Info     Level = 20
	Warning  Level = 30
	Error    Level = 40
	Critical Level = 50
	Quiet    Level = 1000
)

// ParseLevel maps a level name; unknown names mean warning (Salt's default).
func ParseLevel(s string) Level {
	switch strings.ToLower(s) {
	case "all":
		return 0
	case "garbage":
		return Garbage
	case "trace":
		return Trace
	case "debug":
		return Debug
	case "profile":
		return 15
	case "info":
		return Info
	case "error":
		return Error
	case "critical":
		return Critical
	case "quiet":
		return Quiet
	}
	return Warning
}

func (l Level) label() string {
	switch {
	case l >= Critical:
		return "CRITICAL"
	case l >= Error:
		return "ERROR"
	case l >= Warning:
		return "WARNING"
	case l >= Info:
		return "INFO"
	case l >= Debug:
		return "DEBUG"
	case l >= Trace:
		return "TRACE"
	}
	return "GARBAGE"
}

// Logger writes to a console stream and optionally a file, each with its own level.
type Logger struct {
	mu         sync.Mutex
	name       string
	console    io.Writer
	consoleLvl Level
	file       io.Writer
	fileLvl    Level
	closeFile  func() error
}

// New returns a logger for the named component (e.g. "salt.minion").
func New(name string, console io.Writer, consoleLevel Level) *Logger {
	return &Logger{name: name, console: console, consoleLvl: consoleLevel, fileLvl: Quiet}
}

// Discard is a logger that writes nothing.
func Discard() *Logger { return New("salt", io.Discard, Quiet) }

// OpenFile adds the log_file sink; failure is reported but not fatal, as in Salt.
func (l *Logger) OpenFile(path string, lvl Level) error {
	if path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create log dir: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o640)
	if err != nil {
		return fmt.Errorf("open log file: %w", err)
	}
	l.mu.Lock()
	l.file, l.fileLvl, l.closeFile = f, lvl, f.Close
	l.mu.Unlock()
	return nil
}

// Close closes the log file.
func (l *Logger) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closeFile != nil {
		err := l.closeFile()
		l.closeFile, l.file = nil, nil
		return err
	}
	return nil
}

// Named returns a logger sharing the sinks under another component name.
// (The copy shares writers but not the mutex; writers used here are
// goroutine-safe for whole-line writes.)
func (l *Logger) Named(name string) *Logger {
	l.mu.Lock()
	defer l.mu.Unlock()
	return &Logger{name: name, console: l.console, consoleLvl: l.consoleLvl, file: l.file, fileLvl: l.fileLvl}
}

// Logf writes one message at lvl.
func (l *Logger) Logf(lvl Level, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	l.mu.Lock()
	defer l.mu.Unlock()
	if lvl >= l.consoleLvl && l.console != nil {
		fmt.Fprintf(l.console, "[%-8s] %s\n", lvl.label(), msg)
	}
	if l.file != nil && lvl >= l.fileLvl {
		now := time.Now()
		fmt.Fprintf(l.file, "%s,%03d [%-17s:%-4d][%-8s][%d] %s\n",
			now.Format("2006-01-02 15:04:05"), now.Nanosecond()/1e6, l.name, 0, lvl.label(), os.Getpid(), msg)
	}
}

// Convenience wrappers.
func (l *Logger) Debugf(f string, a ...any)    { l.Logf(Debug, f, a...) }
func (l *Logger) Infof(f string, a ...any)     { l.Logf(Info, f, a...) }
func (l *Logger) Warnf(f string, a ...any)     { l.Logf(Warning, f, a...) }
func (l *Logger) Errorf(f string, a ...any)    { l.Logf(Error, f, a...) }
func (l *Logger) Criticalf(f string, a ...any) { l.Logf(Critical, f, a...) }
