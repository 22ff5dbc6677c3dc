package jid

import (
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNextIsSaltFormatAndIncreasing(t *testing.T) {
	var g Gen
	prev := ""
	for i := 0; i < 1000; i++ {
		j := g.Next()
		assert.Regexp(t, regexp.MustCompile(`^\d{20}$`), j)
		assert.Greater(t, j, prev)
		prev = j
	}
}

// The jid is UTC (salt.utils.jid.gen_jid uses datetime.utcnow), whatever the
// local zone: with a local zone 5 h east of UTC, a local-time jid would lie
// 5 h after the UTC clock.
func TestNextIsUTC(t *testing.T) {
	saved := time.Local
	time.Local = time.FixedZone("UTC+5", 5*3600)
	t.Cleanup(func() { time.Local = saved })
	var g Gen
	before := time.Now().UTC().Truncate(time.Microsecond)
	j := g.Next()
	after := time.Now().UTC()
	got, err := time.Parse("20060102150405.000000", j[:14]+"."+j[14:])
	require.NoError(t, err)
	assert.False(t, got.Before(before), "jid %s before %s", j, before)
	assert.False(t, got.After(after), "jid %s after %s", j, after)
}

// One master hands every job a distinct jid, even when many are requested
// within the same microsecond from concurrent local clients.
func TestNextUniqueUnderConcurrency(t *testing.T) {
	const workers, each = 8, 2000
	var g Gen
	var mu sync.Mutex
	seen := make(map[string]bool, workers*each)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]string, 0, each)
			for i := 0; i < each; i++ {
				local = append(local, g.Next())
			}
			mu.Lock()
			defer mu.Unlock()
			for _, j := range local {
				assert.False(t, seen[j], "duplicate jid %s", j)
				seen[j] = true
			}
		}()
	}
	wg.Wait()
	assert.Len(t, seen, workers*each)
}
