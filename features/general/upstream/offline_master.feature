@general @upstream @needs-2-masters @mode-hot
Feature: Salt's offline-master test: a hot minion keeps sending events to the live master
  Mirrors tests/pytests/scenarios/multimaster/test_offline_master.py in
  saltstack/salt (issue #50814; docs/upstream-tests.md): a hot multi-master minion fires
  event.send to every master it is connected to (salt/modules/event.py send
  -> fire_master). With one master dead it must keep delivering events to
  the live one; the bug was that it hung after the first event
  (salt-semantics §1.13). The event-reached checker wants the event on each
  named master's bus, recorded by the run's event watcher.

  Scenario: With the first master stopped, the minion's events still reach the second master
    Mirrors: tests/pytests/scenarios/multimaster/test_offline_master.py::test_minion_hangs_on_master_failure_50814 @ 2db95d830d51
    Upstream sends three events with both masters up (each must reach
    both), then three with master 1 stopped (each must reach master 2),
    each within 30 s; here each within the event watcher's lag.
    Given the lab is healthy
    Then "the second master" has "the first minion" send an event, and it reaches "the first master and the second master"
    And "the second master" has "the first minion" send an event, and it reaches "the first master and the second master"
    And "the second master" has "the first minion" send an event, and it reaches "the first master and the second master"
    When I stop "the first master"
    Then "the second master" has "the first minion" send an event, and it reaches "the second master"
    And "the second master" has "the first minion" send an event, and it reaches "the second master"
    And "the second master" has "the first minion" send an event, and it reaches "the second master"
