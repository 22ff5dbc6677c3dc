@general @all-down @needs-2-masters
Feature: Minions outlive an outage of every master and come back
  When every master is gone, a minion's alive check fires
  `__master_disconnected` and eval_master finds no master (salt-semantics
  §1.9, §1.10). With the default master_tries: 1 the whole minion process
  would restart (a foreground container minion exits, issue #50791); with
  the lab's master_tries: -1 it loops in eval_master — a failover minion
  over its whole list, a hot minion's Minion objects each on their own
  master — sleeping acceptance_wait_time between passes, and stays the same
  process (§1.7, §1.10; upstream test
  `failover/multimaster/test_failover_master.py::test_minions_alive_with_no_master`).
  Master-1, the master the minions were signed in to, comes back first and
  alone, as in a drill: a failover minion's pass finds it (master-2 is still
  down), a hot minion's master-1 Minion reconnects on its own; master-2
  comes back with the scenario's cleanup. Meanwhile the old
  `__master_alive_<host>` job keeps firing `__master_disconnected` (Salt
  issue 40143); Salt handles each such event at once, unconnected, and ignores
  it, so none of them tears down the restarted master's connection.
  Bounds: saltcfg.RestartWindow for the outage, saltcfg.ReconnectBound for
  the return.

  Scenario: Every master stops, the minion daemons keep running and sign in again when the masters return
    Nearest upstream: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_minions_alive_with_no_master @ c60b62c5936e
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    And I note the process of every minion daemon
    When I stop "the first master"
    And I stop "the second master"
    Then for the whole restart window every minion daemon keeps running as the process noted before
    When I start "the first master" again
    Then within the reconnect bound "the first master" reaches every minion with "test.ping"
