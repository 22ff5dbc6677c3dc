package config

// BaseRoots reads a roots option (file_roots, pillar_roots) for the base
// environment: {"base": [dir, ...]}. The double serves only base.
func (o Opts) BaseRoots(key string) []string {
	var out []string
	m, _ := o[key].(map[string]any)
	l, _ := m["base"].([]any)
	for _, d := range l {
		if s, ok := d.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
