# A copy of features/failover/stop_master.feature that stops master-2 instead
# of master-1. It MUST fail: the e2e and unit tests assert that it does, with a
# message naming what was expected and what was observed.
@failover @must-fail
Feature: Minions keep working when the primary master stops (wrong master stopped)

  Scenario: Stopping master-2 instead of master-1
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "salt-master-2"
    Then within the failover bound every minion's "salt-call test.ping" is served by "salt-master-2"
    And within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
