@failover
Feature: A paused master is not a dead master
  `docker pause` freezes salt-master-1, but the kernel keeps its TCP
  connections ESTABLISHED. The minions' only dead-master detector, the alive
  check (status.master every master_alive_interval), looks for exactly such
  a connection to the publish port, so failover minions stay with the frozen
  master and nothing fails over to salt-master-2 (salt-semantics §1.9 fault
  matrix; §10 surprise 3). Operators who test failover with `docker stop`
  only never see this.

  Scenario: Pausing master-1 does not move the minion daemons to master-2
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I pause "salt-master-1"
    Then for the whole alive-check bound "salt-master-2" reaches no minion with "test.ping"
    When all faults are healed
    Then within the alive-check bound "salt-master-1" reaches every minion with "test.ping"
