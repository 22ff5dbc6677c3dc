Feature: outline rows

  Scenario Outline: the lab comes up
    Given the lab is healthy
    Then every minion answers "salt-call test.ping"

    Examples: failover
      | master        | mode     |
      | salt-master-1 | failover |
      | salt-master-2 | failover |

    Examples: hot
      | master        | mode |
      | salt-master-1 | hot  |

  Scenario Outline: the lab comes up for <who>
    Given the lab is healthy
    Then every minion answers "salt-call test.ping"

    Examples:
      | who | why   |
      | ops | audit |

  Scenario: a plain scenario
    Given the lab is healthy
    Then every minion answers "salt-call test.ping"
