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
  When a master is back, the next pass signs in to it: master-2 is started
  alone, so it is the only master a failover minion's pass can find, and a
  hot minion's master-2 Minion reconnects on its own; master-1 comes back
  with the scenario's cleanup. Master-2 is stopped first, so no minion
  moves to it during the outage: the double churns on a master it was
  signed in to before that master restarted (docs/sim-fidelity.md, known
  defect), which this order keeps out of the scenario.
  Bounds: saltcfg.RestartWindow for the outage, saltcfg.ReconnectBound for
  the return.

  Scenario: Every master stops, the minion daemons keep running and sign in again when the masters return
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    And I note the process of every minion daemon
    When I stop "the second master"
    And I stop "the first master"
    Then for the whole restart window every minion daemon keeps running as the process noted before
    When I start "the second master" again
    Then within the reconnect bound "the second master" reaches every minion with "test.ping"
