Feature: Minions that cannot sign in

  Scenario: No master sees a minion key and salt-call fails
    Given the lab is healthy
    Then for 1s "salt-master-1" knows no minion key
    And every minion's "salt-call test.ping" fails
