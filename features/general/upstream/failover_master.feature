@general @needs-2-masters @mode-failover
Feature: Salt's failover multimaster scenario tests
  Follows tests/pytests/scenarios/failover/multimaster/test_failover_master.py
  in saltstack/salt (docs/upstream-tests.md: commit, release lines,
  verdict): minions with master_type failover and a list of two masters
  sign in to the first reachable one only (salt/minion.py eval_master,
  salt-semantics §1.6, §1.7); a minion's return goes to the master it is
  connected to; when that master dies the alive check
  (master_alive_interval) fires __master_disconnected and the minion moves
  to the next master (§1.9, §1.10). Bounds come from each minion's own
  configuration (internal/salt/saltcfg AliveBound).

  Upstream's setup differs in one way the lab cannot follow: its second
  minion lists the second master first (failover/multimaster/conftest.py,
  "We put the second master first in the list"), so there each master
  starts with one minion; every minion of the lab's failover topology lists
  the first master first. The scenarios whose upstream assertions need that
  second minion on the second master (test_return_to_assigned_master,
  test_minion_reconnection) are therefore not tagged @upstream, and
  docs/upstream-tests.md calls them weaker for that reason.

  Scenario: Each minion returns only to the master it is connected to
    Nearest upstream: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_return_to_assigned_master @ c60b62c5936e
    Upstream pings from both masters' CLIs (run_salt_cmds) and wants two
    answers: minion 1 from master 1, minion 2 from master 2, none twice.
    Here every minion is on the first master: it answers every minion
    exactly once, and the returns-delivered checker finds no return on a
    master that did not publish the job. The second master is not asked:
    the step that holds "reaches no minion" measures its bound from a
    fault, and this scenario injects none.
    Given the lab is healthy
    Then "the first master" runs "test.ping" on every minion and each returns true exactly once

  @upstream
  Scenario: When the first master stops, the minions fail over to the second
    Mirrors: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_failover_to_second_master @ c60b62c5936e
    Upstream stops master 1, waits master_alive_interval x 4 (20 s with its
    interval of 5 s) for minion 1's start event on master 2, then wants
    both minions to answer master 2 and none master 1. Here every minion
    must move, within the alive-check bound from its own configuration;
    the start-event and returns-delivered checkers are judged as well.
    Given the lab is healthy
    When I stop "the first master"
    Then within the alive-check bound "the second master" reaches every minion with "test.ping"

  Scenario: Restarted minions reconnect to a live master and return once
    Nearest upstream: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_minion_reconnection @ c60b62c5936e
    Upstream stops and restarts both minions with both masters up, then
    wants minion 1 on master 1 and minion 2 on master 2, none on both (the
    stop step takes one service, so each minion is stopped in turn). Here
    every minion comes back to the first master. The second master is not
    asked: the step that holds "reaches no minion" measures its bound from
    the last fault (the heal), which the first master's poll may use up,
    leaving it nothing to judge.
    Given the lab is healthy
    When I stop "the first minion"
    And I stop "the second minion"
    And all faults are healed
    Then within the alive-check bound "the first master" reaches every minion with "test.ping"
