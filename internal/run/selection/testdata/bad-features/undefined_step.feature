# A step no definition matches (docs/bad-input.md runs it).
@failover
Feature: Unknown step
  Scenario: A step saltlab does not define
    Given the moon is made of cheese
