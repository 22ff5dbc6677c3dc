package testenv

import (
	"bytes"
	"sync"
)

// Buffer is an output sink a process or stream writes while the test
// reads it, for waits on what a command said (bytes.Buffer alone is not
// safe for that).
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
