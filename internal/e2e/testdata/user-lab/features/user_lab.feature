@user-lab
Feature: A user's own lab, found through its x-saltlab roles
  Scenario: Stopping the primary leaves every minion reachable through the backup
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "primary"
    Then within the hot-mode bound "backup" reaches every minion with "test.ping"
