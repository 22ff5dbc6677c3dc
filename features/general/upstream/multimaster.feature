@general @upstream @needs-2-masters @mode-hot
Feature: Salt's multimaster scenario tests, on a hot multi-master lab
  Mirrors tests/pytests/scenarios/multimaster/test_multimaster.py in
  saltstack/salt (docs/upstream-tests.md: commit, release lines, verdict):
  two masters sharing one key pair, minions that list both in hot
  multi-master mode (master_type str, salt-semantics §1.2). Each minion runs
  one Minion object per master, so every master reaches every minion and a
  return goes to the master that published the job (salt/minion.py
  MinionManager; §1.13). With one master stopped the other keeps its own
  connection and still reaches every minion (§1.13).

  Upstream judges with run_salt_cmds (multimaster/conftest.py): test.ping
  from each master's CLI to each minion, `--timeout=5`, up to 6 attempts,
  and wants exactly the expected (master, minion) pairs. Here one attempt
  per master is judged by the exactly-once, returns-delivered and failover
  checkers over the recorded CLI answers and each master's event bus. The
  lab's hot minions also run the alive check (master_alive_interval), which
  upstream's do not: more machinery in motion, not less.

  Scenario: Both masters reach every minion, each return on the master that asked
    Mirrors: tests/pytests/scenarios/multimaster/test_multimaster.py::test_basic_command_return @ ce3fe68b04f3
    Upstream runs test.ping from both masters' CLIs to both minions and
    wants all four pairs.
    Given the lab is healthy
    Then "the first master" runs "test.ping" on every minion and each returns true exactly once
    And "the second master" runs "test.ping" on every minion and each returns true exactly once

  Scenario Outline: With <stopped> stopped, <surviving> alone reaches every minion
    Mirrors: tests/pytests/scenarios/multimaster/test_multimaster.py::<upstream> @ ce3fe68b04f3
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
