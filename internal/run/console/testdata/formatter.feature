Feature: the formatter's events

  Scenario: all pass
    Given a step passes
    Then a step passes

  Scenario: one fails
    Given a step passes
    When a step fails with "boom"
    Then a step passes

  Scenario: one skips
    Given a step skips

  Scenario Outline: rows <n>
    Given a step passes

    Examples:
      | n | mode     |
      | 1 | failover |
      | 2 | hot      |
