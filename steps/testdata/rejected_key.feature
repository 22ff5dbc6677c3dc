Feature: a minion whose key is rejected

  Scenario: salt-minion-1 is refused, the others answer
    Given the lab is healthy
    When I reject the key of "salt-minion-1" on "salt-master-1"
    Then "salt-minion-1" is refused "salt-call test.ping" as a rejected key
    And every minion but "salt-minion-1" answers "salt-call test.ping"
