package saltapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
)

// identity is who a lowstate chunk runs as.
type identity struct{ name, eauth string }

// execLowstate is LowDataAdapter.exec_lowstate: every chunk gets the
// session's Salt token (if any), is checked and run; results in order.
func (s *Server) execLowstate(ctx context.Context, ls any, token, client string) ([]any, error) {
	chunks, ok := ls.([]any)
	if !ok {
		return nil, errStatus(http.StatusBadRequest, "Lowstates must be a list")
	}
	out := make([]any, 0, len(chunks))
	for _, c := range chunks {
		chunk, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("lowstate chunk is a %T, not a mapping", c)
		}
		if token != "" {
			chunk["token"] = token
		}
		if t, ok := chunk["token"]; ok {
			if ts, isStr := t.(string); !isStr || !eauth.IsHex(ts) {
				return nil, errStatus(http.StatusUnauthorized, "Invalid token")
			}
		}
		if client != "" {
			chunk["client"] = client
		}
		if a, ok := chunk["arg"]; ok {
			if _, isList := a.([]any); !isList {
				chunk["arg"] = []any{a}
			}
		}
		ret, err := s.run(ctx, chunk)
		if err != nil {
			return nil, err
		}
		out = append(out, ret)
	}
	return out, nil
}

// masterRunning is NetapiClient._is_master_running: the IPC socket exists.
func (s *Server) masterRunning() bool {
	_, err := os.Stat(s.lc.Sock)
	return err == nil
}

var errMasterDown = errStatus(http.StatusServiceUnavailable, "Salt Master is not available.")

// run is NetapiClient.run: master check, client gate, credentials, then
// the client itself.
func (s *Server) run(ctx context.Context, low map[string]any) (any, error) {
	if !s.masterRunning() {
		return nil, errMasterDown
	}
	client := str(low["client"])
	if !validClient(client) {
		return nil, errStatus(http.StatusBadRequest, fmt.Sprintf("Invalid client specified: '%s'", client))
	}
	if !s.clients[client] {
		return nil, errStatus(http.StatusBadRequest, fmt.Sprintf("Client disabled: '%s'. Add to 'netapi_enable_clients' master config option to enable.", client))
	}
	_, hasTok := low["token"]
	_, hasEauth := low["eauth"]
	if !hasTok && !hasEauth {
		return nil, errStatus(http.StatusUnauthorized, "No authentication credentials given")
	}
	id, err := s.identify(low)
	if err != nil {
		return nil, err
	}
	switch client {
	case "local":
		return s.local(ctx, id, low)
	case "local_async":
		return s.localAsync(ctx, id, low)
	case "runner":
		return s.runner(ctx, id, low)
	case "wheel":
		return s.wheel(id, low)
	}
	if nm, ok := notmodelled.Client(client); ok {
		return nil, notModelled(nm)
	}
	return nil, errStatus(http.StatusBadRequest, fmt.Sprintf("Invalid client specified: '%s'", client))
}

// notModelled is salt-api's answer to a Salt feature the double does not
// model: notmodelled.HTTPStatus (501) with its one message.
func notModelled(nm *notmodelled.Error) error { return errStatus(notmodelled.HTTPStatus, nm.Error()) }

// identify validates the chunk's token or eauth credentials (the master's
// check_authentication): any failure is 401.
func (s *Server) identify(low map[string]any) (identity, error) {
	if t, ok := low["token"]; ok {
		tok, found := s.auth.GetToken(str(t))
		if !found {
			return identity{}, errStatus(http.StatusUnauthorized, "Authentication failure of type \"token\" occurred.")
		}
		return identity{name: tok.Name, eauth: tok.Eauth}, nil
	}
	c := eauth.Creds{Username: str(low["username"]), Password: str(low["password"]), Eauth: str(low["eauth"])}
	if err := s.auth.Check(c); err != nil {
		return identity{}, unauthorized(err)
	}
	return identity{name: c.Username, eauth: c.Eauth}, nil
}

func (s *Server) authorize(id identity, r eauth.Request) error {
	if err := s.auth.Authorize(id.eauth, id.name, r); err != nil {
		return unauthorized(err)
	}
	return nil
}

func unauthorized(err error) error {
	if errors.Is(err, eauth.ErrAuthentication) {
		return errStatus(http.StatusUnauthorized, "Authentication failure of type \"eauth\" occurred.")
	}
	return err
}

func str(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	}
	return fmt.Sprint(v)
}

func argList(v any) []any {
	switch t := v.(type) {
	case nil:
		return []any{}
	case []any:
		return t
	}
	return []any{v}
}

func truthy(v any) bool {
	switch t := v.(type) {
	case bool:
		return t
	case string:
		return t == "true" || t == "True" || t == "1" || t == "yes"
	case int64:
		return t != 0
	case int:
		return t != 0
	}
	return false
}
