@general @states @needs-2-masters @real-only
Feature: The CI gate: the user's states converge, and converge the same way, when a master fails
  The masters serve the states and pillar of `saltlab run --states DIR --pillar DIR`
  (read-only at /srv/salt and /srv/pillar), or the example states and pillar
  shipped in examples/ when none are given. Each highstate is
  `salt-call --master M state.apply` on a minion: the minion signs in to M,
  which renders its pillar and serves its files (salt/modules/state.py
  apply_, highstate; salt/fileclient.py RemoteClient), so the step names the
  master that served it. Salt returns one entry per state keyed
  module_|-id_|-name_|-function with result true, false or, under test=True,
  None for a state that would change (salt/state.py State.call); a file that
  does not render returns a list of errors instead, "Rendering SLS
  'base:app' failed: ...; line 4" (salt/state.py render_state), which the
  verdict names as the file and line under the states directory. Each state
  id is a JUnit test case of its own; a failed state's case names its id,
  Salt's comment and the changes. The first scenario's test=True run is the
  CI diff written into report.html and summary.json.
  Salt synchronises neither states nor pillar between masters (salt-semantics
  §3.5), and each master renders pillar itself (salt/pillar/__init__.py), so
  a highstate served by the second master must give the same results.
  The Salt double models no state module (salt-call state.apply answers "not
  modelled"), so these scenarios need real Salt: on the sim flavour they are
  left out and the run log says so; they are never reported as passed there.

  Scenario: Every minion's highstate converges with no failed state, and the CI diff is recorded
    Given the lab is healthy
    When the CI diff of every minion's highstate served by "the first master" is recorded
    Then every minion's highstate served by "the first master" converges with no failed state

  Scenario: A second highstate changes nothing
    Given the lab is healthy
    And every minion's highstate served by "the first master" converges with no failed state
    Then a second highstate served by "the first master" changes nothing

  Scenario: With the first master stopped, the second master serves the same highstate
    Given the lab is healthy
    And every minion's highstate served by "the first master" converges with no failed state
    When I stop "the first master"
    Then every minion's highstate served by "the second master" gives the same state results as before

  Scenario: Every master renders the same pillar for every minion
    Given the lab is healthy
    Then every master renders the same pillar for every minion
