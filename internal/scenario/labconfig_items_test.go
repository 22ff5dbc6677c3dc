package scenario

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// config.items answers a key as config.get would only when the options
// hold it and it is no sdb:// reference; the rest are read one by one.
func TestItemsOfLeavesToConfigGetWhatOnlyItResolves(t *testing.T) {
	keys := []string{"master", "publish_port", "master_type", "zmq_monitor"}
	for _, tt := range []struct {
		name      string
		opts      string
		wantFound map[string]string
		wantRest  []string
	}{
		{"every key in the options", `{"master": "salt", "publish_port": 4505, "master_type": "str", "zmq_monitor": true, "grains": {"os": "Debian"}}`,
			map[string]string{"master": `"salt"`, "publish_port": `4505`, "master_type": `"str"`, "zmq_monitor": `true`}, nil},
		{"a key Salt's options lack (publish_port on 3008.4) goes to config.get", `{"master": ["m1", "m2"], "master_type": "failover", "zmq_monitor": false}`,
			map[string]string{"master": `["m1", "m2"]`, "master_type": `"failover"`, "zmq_monitor": `false`}, []string{"publish_port"}},
		{"an sdb reference goes to config.get, which resolves it", `{"master": "sdb://vault/master", "publish_port": 4505, "master_type": "str", "zmq_monitor": true}`,
			map[string]string{"publish_port": `4505`, "master_type": `"str"`, "zmq_monitor": `true`}, []string{"master"}},
		{"a null value is an answer", `{"master": null, "publish_port": 4505, "master_type": "str", "zmq_monitor": true}`,
			map[string]string{"master": `null`, "publish_port": `4505`, "master_type": `"str"`, "zmq_monitor": `true`}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var opts map[string]json.RawMessage
			assert.NoError(t, json.Unmarshal([]byte(tt.opts), &opts))
			found, rest := itemsOf(opts, keys)
			got := map[string]string{}
			for k, v := range found {
				got[k] = string(v)
			}
			assert.Equal(t, tt.wantFound, got)
			assert.Equal(t, tt.wantRest, rest)
		})
	}
}
