@failover
Feature: A silent partition is not a dead master
  An iptables DROP between the minions and salt-master-1 sends no RST or
  FIN: each minion's publish connection stays ESTABLISHED until TCP
  keepalive gives up (about 16 minutes on Linux defaults). The alive check
  only looks for that connection, so failover minions neither fail over to
  salt-master-2 nor answer salt-master-1 (salt-semantics §1.9 fault matrix,
  ISSUE #39439: partitions are not detected).

  Scenario: Partitioning the minions from master-1 leaves them stranded
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I partition "salt-minion-1, salt-minion-2" from "salt-master-1"
    Then for the whole alive-check bound "salt-master-2" reaches no minion with "test.ping"
    When all faults are healed
    Then within the alive-check bound "salt-master-1" reaches every minion with "test.ping"
