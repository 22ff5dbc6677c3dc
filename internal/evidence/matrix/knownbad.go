package matrix

// KnownBad says whether a built-in topology carries a known-bad setting on
// purpose, and which: the general scenarios its roles allow fail there,
// diagnosed (TestKnownBadSettingIsDiagnosed), so its suite is red by
// design and a red cell in its column is the expected result. A function,
// not a map, so no caller can change the list.
func KnownBad(topology string) (reason string, bad bool) {
	switch topology {
	case "failover-dns":
		return "minions address masters by container name in failover mode", true
	case "ai-infra-matrix":
		return "minions list both masters on one host, by publish port", true
	}
	return "", false
}
