@general @upstream @needs-2-masters @mode-hot
Feature: Salt's multimaster test-module tests, from each master to every minion
  Mirrors tests/pytests/scenarios/multimaster/modules/test_test.py in
  saltstack/salt (docs/upstream-tests.md): each function of the test execution module, run from each
  of the two masters on each hot multi-master minion, returns its usual
  value (salt/modules/test.py). A hot minion answers both masters
  (salt-semantics §1.2); the exactly-once checker wants one return event
  per minion on the asking master and one CLI document each.

  test.cross_test calls another function through __salt__ and
  test.outputter returns its argument unchanged; the double implements both
  after salt/modules/test.py. Not mirrored here (docs/upstream-tests.md):
  test_version, test_conf_test, test_fib, test_collatz and test_get_opts
  (their expected values depend on the release, on upstream's test.foo
  minion option, on a timing value, or on the minion's cachedir).

  Scenario Outline: "<call>" from <master> returns <want> from every minion
    Mirrors: tests/pytests/scenarios/multimaster/modules/test_test.py::<upstream> @ 9fea9916a6a0
    Given the lab is healthy
    Then "<master>" runs "<call>" on every minion and each returns <want> exactly once

    Examples:
      | master            | call                      | want   | upstream        |
      | the first master  | test.ping                 | true   | test_ping       |
      | the second master | test.ping                 | true   | test_ping       |
      | the first master  | test.echo text            | "text" | test_echo       |
      | the second master | test.echo text            | "text" | test_echo       |
      | the first master  | test.cross_test test.ping | true   | test_cross_test |
      | the second master | test.cross_test test.ping | true   | test_cross_test |
      | the first master  | test.outputter text       | "text" | test_outputter  |
      | the second master | test.outputter text       | "text" | test_outputter  |
