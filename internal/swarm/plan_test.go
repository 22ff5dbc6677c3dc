package swarm

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlanLoad(t *testing.T) {
	want := map[string]string{"saltlab/salt-sim:latest": "sha256:aaa", "saltlab/base:bookworm": "sha256:bbb"}
	both := []string{"saltlab/base:bookworm", "saltlab/salt-sim:latest"}
	for _, tc := range []struct {
		name    string
		nodes   []Holding
		batches []Batch
		skipped map[string][]string
		tag     map[string][]string
	}{
		{
			name:    "empty nodes share one save",
			nodes:   []Holding{{Node: "node1"}, {Node: "node2"}, {Node: "node3"}},
			batches: []Batch{{Refs: both, Nodes: []string{"node1", "node2", "node3"}}},
			skipped: map[string][]string{},
		},
		{
			name: "a node holding the host's images is skipped",
			nodes: []Holding{
				{Node: "node1", IDs: map[string]string{"saltlab/salt-sim:latest": "sha256:aaa", "saltlab/base:bookworm": "sha256:bbb"}},
				{Node: "node2"},
			},
			batches: []Batch{{Refs: both, Nodes: []string{"node2"}}},
			skipped: map[string][]string{"node1": both},
		},
		{
			name: "a tag naming another image is loaded again",
			nodes: []Holding{
				{Node: "node1", IDs: map[string]string{"saltlab/salt-sim:latest": "sha256:old", "saltlab/base:bookworm": "sha256:bbb"}},
				{Node: "node2", IDs: map[string]string{"saltlab/salt-sim:latest": "sha256:old", "saltlab/base:bookworm": "sha256:bbb"}},
				{Node: "node3"},
			},
			batches: []Batch{
				{Refs: []string{"saltlab/salt-sim:latest"}, Nodes: []string{"node1", "node2"}},
				{Refs: both, Nodes: []string{"node3"}},
			},
			skipped: map[string][]string{"node1": {"saltlab/base:bookworm"}, "node2": {"saltlab/base:bookworm"}},
		},
		{
			name: "a node holding the host's image under another tag is only tagged",
			nodes: []Holding{
				{Node: "node1", IDs: map[string]string{"saltlab/base:bookworm": "sha256:bbb"}, Has: map[string]bool{"sha256:aaa": true, "sha256:bbb": true}},
				{Node: "node2", IDs: map[string]string{"saltlab/base:bookworm": "sha256:bbb"}, Has: map[string]bool{"sha256:bbb": true}},
			},
			batches: []Batch{{Refs: []string{"saltlab/salt-sim:latest"}, Nodes: []string{"node2"}}},
			skipped: map[string][]string{"node1": {"saltlab/base:bookworm"}, "node2": {"saltlab/base:bookworm"}},
			tag:     map[string][]string{"node1": {"saltlab/salt-sim:latest"}},
		},
		{
			name: "nothing to do",
			nodes: []Holding{
				{Node: "node1", IDs: map[string]string{"saltlab/salt-sim:latest": "sha256:aaa", "saltlab/base:bookworm": "sha256:bbb"}},
			},
			skipped: map[string][]string{"node1": both},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := PlanLoad(want, tc.nodes)
			assert.Equal(t, tc.batches, p.Batches)
			assert.Equal(t, tc.skipped, p.Skipped)
			if tc.tag == nil {
				tc.tag = map[string][]string{}
			}
			assert.Equal(t, tc.tag, p.Tag)
		})
	}
}

func TestMismatches(t *testing.T) {
	want := map[string]string{"a:1": "sha256:aaaaaaaaaaaaaaaa", "b:1": "sha256:bbbbbbbbbbbbbbbb"}
	assert.Empty(t, Mismatches(want, []Holding{{Node: "node1", IDs: map[string]string{"a:1": "sha256:aaaaaaaaaaaaaaaa", "b:1": "sha256:bbbbbbbbbbbbbbbb"}}}))
	got := Mismatches(want, []Holding{
		{Node: "node1", IDs: map[string]string{"a:1": "sha256:aaaaaaaaaaaaaaaa", "b:1": "sha256:bbbbbbbbbbbbbbbb"}},
		{Node: "node2", IDs: map[string]string{"a:1": "sha256:cccccccccccccccc"}},
	})
	assert.Equal(t, "node2: a:1 (image cccccccccccc, the host's is aaaaaaaaaaaa), b:1 (missing)", got)
}
