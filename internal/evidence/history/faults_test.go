package history

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFaultWindows(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	fault := func(i int64, s int, id, phase string) Entry {
		return Entry{Index: i, Type: Fault, Time: at(s), FaultID: id, Kind: "stop", Target: "m" + id, Phase: phase, Scenario: "sc"}
	}
	tests := []struct {
		name string
		h    []Entry
		want []FaultWindow
	}{
		{name: "none", h: []Entry{{Index: 0, Type: Invoke}}},
		{name: "opened and closed", h: []Entry{fault(0, 1, "1", Start), {Index: 1, Type: Invoke}, fault(2, 5, "1", End)},
			want: []FaultWindow{{FaultID: "1", Kind: "stop", Target: "m1", Scenario: "sc", Start: at(1), End: at(5), Evidence: []int64{0, 2}}}},
		{name: "never closed", h: []Entry{fault(0, 1, "1", Start)},
			want: []FaultWindow{{FaultID: "1", Kind: "stop", Target: "m1", Scenario: "sc", Start: at(1), Evidence: []int64{0}}}},
		{name: "in opening order, closed by id", h: []Entry{fault(0, 1, "1", Start), fault(1, 2, "2", Start), fault(2, 3, "2", End), fault(3, 4, "1", End)},
			want: []FaultWindow{
				{FaultID: "1", Kind: "stop", Target: "m1", Scenario: "sc", Start: at(1), End: at(4), Evidence: []int64{0, 3}},
				{FaultID: "2", Kind: "stop", Target: "m2", Scenario: "sc", Start: at(2), End: at(3), Evidence: []int64{1, 2}},
			}},
		{name: "an end with nothing open, or a second end, is ignored", h: []Entry{fault(0, 1, "9", End), fault(1, 2, "1", Start), fault(2, 3, "1", End), fault(3, 4, "1", End)},
			want: []FaultWindow{{FaultID: "1", Kind: "stop", Target: "m1", Scenario: "sc", Start: at(2), End: at(3), Evidence: []int64{1, 2}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, FaultWindows(tt.h))
		})
	}
}
