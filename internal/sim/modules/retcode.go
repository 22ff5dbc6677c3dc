package modules

import "github.com/saltlab/saltlab/internal/sim/jsonout"

// JobRetcode is the retcode a job reports (Minion._thread_return and
// Caller.call, salt-semantics §4.3): the function's own retcode, or 1 when
// that is 0 but the return is a dict whose "result" or "success" is False.
// Salt tests the values with all(...), the double only literal False (the
// spec's wording; other falsy values: UNCONFIRMED).
func (r Result) JobRetcode() int {
	if r.Retcode == 0 && failedDict(r.Return) {
		return 1
	}
	return r.Retcode
}

func failedDict(v any) bool {
	get := func(string) (any, bool) { return nil, false }
	switch m := v.(type) {
	case *jsonout.Map:
		get = m.Get
	case map[string]any:
		get = func(k string) (any, bool) { x, ok := m[k]; return x, ok }
	default:
		return false
	}
	for _, k := range []string{"result", "success"} {
		if x, ok := get(k); ok && x == false {
			return true
		}
	}
	return false
}
