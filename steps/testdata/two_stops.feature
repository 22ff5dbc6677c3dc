# Two scenarios that each stop salt-master-1: the reset the first one owes
# runs before the second, and the second's is never paid (the run ends).
@failover
Feature: Two faulted scenarios in a row

  Scenario: First stop
    Given the lab is healthy
    When I stop "salt-master-1"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"

  Scenario: Second stop
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "salt-master-1"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
