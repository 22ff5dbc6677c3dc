package report

import (
	"testing"

	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/assert"
)

func TestWithValues(t *testing.T) {
	cells := func(vs ...string) []*messages.TableCell {
		var out []*messages.TableCell
		for _, v := range vs {
			out = append(out, &messages.TableCell{Value: v})
		}
		return out
	}
	for _, tc := range []struct {
		title, name string
		head, row   []string
		want        string
	}{
		{"stop", "stop", []string{"a", "b"}, []string{"1", "2"}, "stop (a=1, b=2)"},
		{"stop <a>", "stop 1", []string{"a", "b"}, []string{"1", "2"}, "stop 1 (b=2)"},
		{"stop <a> <b>", "stop 1 2", []string{"a", "b"}, []string{"1", "2"}, "stop 1 2"},
		{"stop", "stop", nil, nil, "stop"},
	} {
		assert.Equal(t, tc.want, withValues(tc.title, tc.name, cells(tc.head...), cells(tc.row...)), tc.title)
	}
}
