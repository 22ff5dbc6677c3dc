package modules

import (
	"testing"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/stretchr/testify/assert"
)

func TestJobRetcode(t *testing.T) {
	tests := []struct {
		name string
		res  Result
		want int
	}{
		{name: "plain true", res: Result{Return: true}, want: 0},
		{name: "own retcode kept", res: Result{Return: "x", Retcode: 3}, want: 3},
		{name: "own retcode wins over dict", res: Result{Return: map[string]any{"result": false}, Retcode: 2}, want: 2},
		{name: "map result False", res: Result{Return: map[string]any{"result": false}}, want: 1},
		{name: "map success False", res: Result{Return: map[string]any{"success": false}}, want: 1},
		{name: "ordered map result False", res: Result{Return: jsonout.NewMap().Set("result", false)}, want: 1},
		{name: "ordered map success False", res: Result{Return: jsonout.NewMap().Set("success", false)}, want: 1},
		{name: "result True", res: Result{Return: map[string]any{"result": true, "success": true}}, want: 0},
		{name: "no such keys", res: Result{Return: jsonout.NewMap().Set("other", false)}, want: 0},
		{name: "bare False is no dict", res: Result{Return: false}, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.res.JobRetcode())
		})
	}
}
