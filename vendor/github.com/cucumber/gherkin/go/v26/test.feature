Feature:

  Scenario: scenario 1
    Given text

  Scenario: scenario 2
    Given text

  Scenario: scenario 3
    Given text

  Scenario: scenario 4
    Given text

  Scenario: scenario 5
    Given text

  Scenario: scenario 6
    Given text

  Scenario: scenario 7
    Given text

  Scenario: scenario 8
    Given text

  Scenario: scenario 9
    Given text

  Scenario: scenario 10
    Given text

  Scenario: scenario 11
    Given text

  Scenario: scenario 12
    Given text

  Scenario: scenario 13
    Given text

  Scenario: scenario 14
    Given text

  Scenario: scenario 15
    Given text

  Scenario: scenario 16
    Given text

  Scenario: scenario 17
    Given text

  Scenario: scenario 18
    Given text

  Scenario: scenario 19
    Given text

  Scenario: scenario 20
    Given text

  Scenario: scenario 21
    Given text

  Scenario: scenario 22
    Given text

  Scenario: scenario 23
    Given text

  Scenario: scenario 24
    Given text

  Scenario: scenario 25
    Given text

  Scenario: scenario 26
    Given text

  Scenario: scenario 27
    Given text

  Scenario: scenario 28
    Given text

  Scenario: scenario 29
    Given text

  Scenario: scenario 30
    Given text

  Scenario: scenario 31
    Given text

  Scenario: scenario 32
    Given text

  Scenario: scenario 33
    Given text

  Scenario: scenario 34
    Given text

  Scenario: scenario 35
    Given text

  Scenario: scenario 36
    Given text

  Scenario: scenario 37
    Given text

  Scenario: scenario 38
    Given text

  Scenario: scenario 39
    Given text

  Scenario: scenario 40
    Given text

  Scenario: scenario 41
    Given text

  Scenario: scenario 42
    Given text

  Scenario: scenario 43
    Given text

  Scenario: scenario 44
    Given text

  Scenario: scenario 45
    Given text

  Scenario: scenario 46
    Given text

  Scenario: scenario 47
    Given text

  Scenario: scenario 48
    Given text

  Scenario: scenario 49
    Given text

  Scenario: scenario 50
    Given text
