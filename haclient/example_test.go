package haclient_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/saltlab/saltlab/haclient"
)

// A stand-in for one master's salt-api, so the example runs anywhere.
func saltAPI() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"return": []any{map[string]any{"token": "abc123"}}})
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{}`)) })
	mux.HandleFunc("POST /{$}", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"return": []any{map[string]any{"web-1": true}}})
	})
	return httptest.NewServer(mux)
}

func Example() {
	master2 := saltAPI()
	defer master2.Close()
	master1 := httptest.NewServer(http.NotFoundHandler())
	master1.Close() // master-1 is down

	c, err := haclient.New(haclient.Config{
		Endpoints: []string{master1.URL, master2.URL},
		Username:  "saltapi", Password: "secret", Eauth: "sharedsecret",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := c.Local(context.Background(), "*", "test.ping")
	if err != nil {
		fmt.Println(err)
		return
	}
	minions, _ := res.Minions()
	fmt.Println(minions["web-1"], res.Endpoint == master2.URL, res.MaybeRepeated)
	// Output: true true false
}
