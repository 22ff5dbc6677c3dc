package tagexpr

import (
	"context"
	"io"
	"sort"
	"testing"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const agreeFeature = `Feature: tags
  @hot
  Scenario: hot
    Given a step
  @hot @wip
  Scenario: hot wip
    Given a step
  @failover
  Scenario: failover
    Given a step
  @hot @a
  Scenario: hot a
    Given a step
`

// TestGodogAgrees runs godog itself with the rendered filter: it selects
// the scenarios Match selects (and so godogMatch mirrors godog).
func TestGodogAgrees(t *testing.T) {
	hot, err := Tag("@hot")
	require.NoError(t, err)
	tags := map[string][]string{"hot": {"@hot"}, "hot wip": {"@hot", "@wip"}, "failover": {"@failover"}, "hot a": {"@hot", "@a"}}
	for _, user := range []string{"", "~@wip", "not @wip", "@a or @wip", "not (@a or @wip)"} {
		t.Run(user, func(t *testing.T) {
			e := And(hot, mustParse(t, user))
			filter, err := e.Godog()
			require.NoError(t, err)
			var ran, want []string
			for name, tt := range tags {
				if e.Match(tt) {
					want = append(want, name)
				}
			}
			suite := godog.TestSuite{
				ScenarioInitializer: func(sc *godog.ScenarioContext) {
					sc.Before(func(ctx context.Context, s *godog.Scenario) (context.Context, error) {
						ran = append(ran, s.Name)
						return ctx, nil
					})
					sc.Step(`^a step$`, func() error { return nil })
				},
				Options: &godog.Options{Format: "progress", Output: io.Discard, Tags: filter, Strict: true,
					FeatureContents: []godog.Feature{{Name: "tags.feature", Contents: []byte(agreeFeature)}}},
			}
			require.Equal(t, 0, suite.Run())
			sort.Strings(ran)
			sort.Strings(want)
			assert.Equal(t, want, ran, "filter %q", filter)
			assert.NotEmpty(t, ran)
		})
	}
}
