package report

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// needTool returns the path of a test tool, skipping visibly without it,
// or failing under CI=true, where `make test-prereqs` installs it.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	return testenv.Tool(t, pkg, name)
}

func TestJUnitValidatesAgainstTheJenkinsSchema(t *testing.T) {
	xmllint := needTool(t, "xmllint", "libxml2-utils")
	for _, full := range []bool{true, false} {
		dir, sum := writeFixtureRun(t, full)
		_, _, err := WriteAll(dir, sum)
		require.NoError(t, err)
		out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "junit-10.xsd"), filepath.Join(dir, JUnitFile)).CombinedOutput()
		assert.NoError(t, err, "junit.xml must validate against testdata/junit-10.xsd:\n%s", out)
	}
	// The schema bites: godog's own file, with status on cases and skipped
	// on <testsuites>, does not validate.
	bad := filepath.Join(t.TempDir(), "godog.xml")
	require.NoError(t, os.WriteFile(bad, []byte(fixtureGodog), 0o644))
	out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "junit-10.xsd"), bad).CombinedOutput()
	assert.Error(t, err, "%s", out)
}

// ciCase is a test case as CI readers take it: Jenkins (JUnit plugin)
// splits classname at its last dot into package and class and takes the
// first failure or error; GitHub Actions reporters (test-reporter,
// action-junit-report) take suite > case, the failure's message as the
// annotation title and its text as the details, <skipped> as skipped.
type ciCase struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	Failure   []struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	} `xml:"failure"`
	Error []struct {
		Type string `xml:"type,attr"`
	} `xml:"error"`
	Skipped []struct {
		Message string `xml:"message,attr"`
	} `xml:"skipped"`
	Out string `xml:"system-out"`
}

type ciSuite struct {
	Name     string     `xml:"name,attr"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Errors   int        `xml:"errors,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Time     string     `xml:"time,attr"`
	Stamp    string     `xml:"timestamp,attr"`
	Host     string     `xml:"hostname,attr"`
	Props    []Property `xml:"properties>property"`
	Cases    []ciCase   `xml:"testcase"`
}

func TestJUnitReadsLikeCIConsumersExpect(t *testing.T) {
	dir, sum := writeFixtureRun(t, true)
	_, _, err := WriteAll(dir, sum)
	require.NoError(t, err)
	var doc struct {
		Suites []ciSuite `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal([]byte(readFile(t, filepath.Join(dir, JUnitFile))), &doc))
	require.Len(t, doc.Suites, 1)
	su := doc.Suites[0]
	failures, errs, skipped := 0, 0, 0
	for _, c := range su.Cases {
		assert.Equal(t, su.Name, c.Classname, "classname is the feature")
		assert.NotContains(t, c.Classname, ".", "Jenkins would split a dotted classname into a package")
		assert.LessOrEqual(t, len(c.Failure)+len(c.Error)+len(c.Skipped), 1, "%s: one outcome per case, or consumers count it twice", c.Name)
		failures += len(c.Failure)
		errs += len(c.Error)
		skipped += len(c.Skipped)
		assert.Contains(t, c.Out, "NOT from real Salt", "every case states the flavour")
	}
	assert.Equal(t, []int{su.Failures, su.Errors, su.Skipped, su.Tests}, []int{failures, errs, skipped, len(su.Cases)}, "counts agree with the cases")
	assert.NotEmpty(t, su.Stamp)
	assert.Equal(t, "ci-7", su.Host)
	props := map[string]string{}
	for _, p := range su.Props {
		props[p.Name] = p.Value
	}
	for _, k := range []string{"salt.flavor", "salt.version", "saltlab.topology", "saltlab.run", "docker.engine", "saltlab.started", "saltlab.hostname"} {
		assert.NotEmpty(t, props[k], k)
	}
	fail := su.Cases[1].Failure[0]
	assert.True(t, strings.HasPrefix(fail.Message, "Step every minion answers"), "the title names the step")
	for _, want := range []string{"step: every minion", "expected: every minion's salt-call", "observed:\n  salt-minion-2", "reports/r1/history.jsonl (entries 1, 15, 17)", "reports/r1/faults.jsonl", "reports/r1/logs/salt-master-1.log"} {
		assert.Contains(t, fail.Text, want)
	}
	assert.Equal(t, "a step skipped the scenario (godog.ErrSkip): the engine grants NET_ADMIN", su.Cases[2].Skipped[0].Message)
	assert.Contains(t, su.Cases[0].Out, "fault stop salt-master-1 (until +11.5s)", "the timeline in text")
}
