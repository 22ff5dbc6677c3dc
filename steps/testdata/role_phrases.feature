@general @needs-2-masters @mode-failover
Feature: A general feature names services by role
  Scenario: Stopping the first master moves salt-call to the second
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "the first master"
    Then within the failover bound every minion's "salt-call test.ping" is served by "the second master"
