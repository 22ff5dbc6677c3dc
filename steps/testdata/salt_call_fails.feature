Feature: salt-call that is expected to fail

  Scenario: salt-call test.ping fails everywhere
    Given the lab is healthy
    Then every minion's "salt-call test.ping" fails
