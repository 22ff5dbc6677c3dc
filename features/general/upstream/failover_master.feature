@general @upstream @needs-2-masters @mode-failover
Feature: Salt's failover multimaster scenario tests
  Mirrors tests/pytests/scenarios/failover/multimaster/test_failover_master.py
  in saltstack/salt: minions with master_type failover and a list of two
  masters sign in to the first reachable one only (salt/minion.py
  eval_master, salt-semantics §1.6, §1.7); a minion's return goes to the
  master it is connected to; when that master dies the alive check
  (master_alive_interval) fires __master_disconnected and the minion moves
  to the next master (§1.9, §1.10). Bounds come from each minion's own
  configuration (internal/salt/saltcfg AliveBound).

  Scenario: Each minion returns only to the master it is connected to
    Mirrors: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_return_to_assigned_master
    Upstream runs test.echo from both masters and wants one return event
    per minion across both buses. Here the first master (where failover
    minions sign in first) gets one return per minion and the
    returns-delivered checker finds no return on a master that did not
    publish the job. UNCONFIRMED difference: upstream also asks the second
    master, which answers nothing; that half is not asked here (it would
    hold for a whole salt timeout).
    Given the lab is healthy
    Then "the first master" runs "test.echo salt-is-cool" on every minion and each returns "salt-is-cool" exactly once

  Scenario: When the first master stops, the minions fail over to the second
    Mirrors: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_failover_to_second_master
    Upstream waits master_alive_interval x 2 for the minions' start events,
    then wants no return on the stopped master and one per minion on the
    second.
    Given the lab is healthy
    When I stop "the first master"
    Then within the alive-check bound "the second master" reaches every minion with "test.ping"

  Scenario: Restarted minions reconnect to a live master and return once
    Mirrors: tests/pytests/scenarios/failover/multimaster/test_failover_master.py::test_minion_reconnection_against_one_live_master
    Upstream stops and restarts both minions, then wants one return event
    per minion across both masters (the stop step takes one service, so
    each minion is stopped in turn).
    Given the lab is healthy
    When I stop "the first minion"
    And I stop "the second minion"
    And all faults are healed
    Then within the alive-check bound "the first master" reaches every minion with "test.ping"
