package saltout

import "testing"

// The parsers read what Salt CLIs print inside lab containers, which a
// broken or hostile minion shapes: no input may panic them.

func FuzzParseCall(f *testing.F) {
	seedReal(f, "call-test-ping", "call-local-config-get", "call-test-ping-master1-down")
	for _, s := range []string{`{"local": true}`, `{"local": {"retcode": 1}}`, "[WARNING ] x\n{\"local\": 1}", "", "{", `{"local": null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseCall(s) })
}

func FuzzParseKeyList(f *testing.F) {
	seedReal(f, "key-list")
	for _, s := range []string{`{"minions": ["a"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`, `{"minions": "a"}`, "", "[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseKeyList(s) })
}

func FuzzParseLocalFingers(f *testing.F) {
	seedReal(f, "key-finger", "key-finger-m2")
	for _, s := range []string{`{"local": {"master.pub": "ab:cd"}}`, `{"local": []}`, "", "null"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseLocalFingers(s) })
}

func FuzzParseStream(f *testing.F) {
	seedReal(f, "salt-test-ping", "salt-test-echo", "salt-ping-unknown-minion")
	for _, s := range []string{"{\"m1\": true}\n{\"m2\": false}\n", "Minion did not return. [No response]\n{\"m1\": true}", "{\"m1\": {\"ret\": 1, \"retcode\": 0}}", "", "}{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _, _ = ParseStream(s)
		_, _ = CountDocs(s)
	})
}

func FuzzParseRunner(f *testing.F) {
	seedReal(f, "run-config-get", "run-config-get-missing")
	for _, s := range []string{`{"base": ["/srv/salt"]}`, "null", "[WARNING ] x\n{}", "", "{} {}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseRunner(s) })
}

func FuzzParseSums(f *testing.F) {
	sum := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	for _, s := range []string{sum + "  /srv/salt/top.sls\n", `\` + sum + `  /srv/a\nb`, sum + " */x\n", "x  y", "", "\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseSums(s) })
}

// seedReal adds the real-Salt captures of the named command lines
// (testdata/real/<release>/<name>.stdout) to a fuzzer's corpus.
func seedReal(f *testing.F, names ...string) {
	for _, caps := range realCaptures(f) {
		for _, n := range names {
			if out, ok := caps[n]; ok {
				f.Add(out)
			}
		}
	}
}
