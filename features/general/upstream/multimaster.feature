@general @upstream @needs-2-masters @mode-hot
Feature: Salt's multimaster scenario tests, on a hot multi-master lab
  Mirrors tests/pytests/scenarios/multimaster/test_multimaster.py in
  saltstack/salt: two masters sharing one key pair, minions that list both
  in hot multi-master mode (master_type str, salt-semantics §1.2). Each
  minion runs one Minion object per master, so every master reaches every
  minion and a return goes to the master that published the job
  (salt/minion.py MinionManager; §1.13). With one master stopped the other
  keeps its own connection and still reaches every minion (§1.13).

  Upstream judges with the salt CLI of each master and an event listener;
  here the exactly-once / returns-delivered / failover checkers judge the
  recorded CLI answers and each master's event bus.

  Scenario: Both masters reach every minion, each return on the master that asked
    Mirrors: tests/pytests/scenarios/multimaster/test_multimaster.py::test_basic_command_return
    Upstream runs test.echo from both masters' CLIs to both minions and
    wants all four answers.
    Given the lab is healthy
    Then "the first master" runs "test.echo salt-is-cool" on every minion and each returns "salt-is-cool" exactly once
    And "the second master" runs "test.echo salt-is-cool" on every minion and each returns "salt-is-cool" exactly once

  Scenario Outline: With <stopped> stopped, <surviving> alone reaches every minion
    Mirrors: tests/pytests/scenarios/multimaster/test_multimaster.py::<upstream>
    Upstream stops one master and wants exactly the surviving master's
    answers; the returns-delivered checker finds no return on the stopped
    master's bus.
    Given the lab is healthy
    When I stop "<stopped>"
    Then within the hot-mode bound "<surviving>" reaches every minion with "test.ping"

    Examples:
      | stopped           | surviving         | upstream                   |
      | the first master  | the second master | test_stopped_first_master  |
      | the second master | the first master  | test_stopped_second_master |
