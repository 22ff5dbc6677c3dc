package status

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// fakeLB answers like Nginx in front of salt-api under apiPath: /run answers test.ping with the given returns.
func fakeLB(t *testing.T, apiPath string, pings map[string]any) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+apiPath+"{$}", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"return": "Welcome"}`)) })
	mux.HandleFunc("POST "+apiPath+"run", func(w http.ResponseWriter, r *http.Request) {
		var low []map[string]any
		if err := json.NewDecoder(r.Body).Decode(&low); err != nil || low[0]["password"] != "pw" {
			http.Error(w, "401 Unauthorized", http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"return": []any{pings}})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

func TestLoadBalancerAPI(t *testing.T) {
	good := saltapi.Creds{Username: "saltlab", Password: "pw", EAuth: "file"}
	tests := []struct {
		name       string
		path       string
		pings      map[string]any
		creds      saltapi.Creds
		lbDown     bool
		wantStatus string
		wantDetail string
	}{
		{name: "every minion answers", path: "/", pings: map[string]any{"salt-minion-1": true, "salt-minion-2": true}, creds: good,
			wantStatus: StatusOK, wantDetail: "answers; test.ping: 2 of 2 minion(s) true"},
		{name: "API under a prefix", path: "/salt-api/", pings: map[string]any{"salt-minion-1": true}, creds: good,
			wantStatus: StatusOK, wantDetail: "/salt-api/ answers; test.ping: 1 of 1 minion(s) true"},
		{name: "a silent minion is false", path: "/", pings: map[string]any{"salt-minion-1": true, "salt-minion-2": false}, creds: good,
			wantStatus: StatusFailed, wantDetail: "test.ping: 1 of 2 minion(s) true (not answering: salt-minion-2)"},
		{name: "no minion at all", path: "/", pings: map[string]any{}, creds: good,
			wantStatus: StatusFailed, wantDetail: "test.ping: 0 of 0 minion(s) true"},
		{name: "wrong credentials", path: "/", pings: map[string]any{}, creds: saltapi.Creds{Password: "nope"},
			wantStatus: StatusFailed, wantDetail: "salt-api answered 401 Unauthorized"},
		{name: "load balancer stopped", lbDown: true,
			wantStatus: StatusFailed, wantDetail: "front is exited and publishes no 80/tcp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := lab.State{Status: "exited"}
			if !tt.lbDown {
				st = lab.State{Status: "running", Running: true, Ports: map[string]string{"80/tcp": fakeLB(t, tt.path, tt.pings)}}
			}
			f := fakeLab{states: map[string]lab.State{"front": st}}
			got := LoadBalancerAPI{Creds: tt.creds, API: roles.API{Service: "front", Port: 80, BasePath: tt.path}}.Run(context.Background(), f)
			assert.Equal(t, tt.wantStatus, got.Status, got.Detail)
			assert.Contains(t, got.Detail, tt.wantDetail)
		})
	}
}

func TestAPICheckFollowsTheLab(t *testing.T) {
	api := roles.API{Service: "edge-proxy", Port: 8080, BasePath: "/salt/"}
	assert.Equal(t, LoadBalancerAPI{API: api}, APICheck(roles.Roles{Masters: []string{"m1"}, API: &api}, "user-lab", saltapi.Creds{}),
		"the balancer is the declared one, whatever its name")
	assert.Equal(t, NoLoadBalancer{Topology: "syndic"}, APICheck(roles.Roles{Masters: []string{"nginx"}}, "syndic", saltapi.Creds{}),
		"a service named nginx is no balancer unless declared")
}
