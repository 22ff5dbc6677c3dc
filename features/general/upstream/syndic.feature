@general @upstream @needs-syndic
Feature: Salt's syndic scenario tests
  Mirrors the sync-mode syndic tests of saltstack/salt
  (tests/pytests/scenarios/syndic/sync/): a master of masters with
  order_masters, a syndic node running salt-master and salt-syndic
  (syndic_mode sync, the default), and minions of the syndic's master
  (salt/minion.py Syndic, SyndicManager; salt-semantics §6). The lab's
  syndic tier has two syndic nodes; every minion lists both (§6.3).

  Scenario: A job from the master of masters reaches every minion through the syndics
    Mirrors: tests/pytests/scenarios/syndic/sync/test_syndic.py::test_syndic
    Upstream wants {"syndic": true, "minion": true} from `salt '*'
    test.ping` on the master of masters: its syndic node also runs a
    salt-minion with the syndic's id. The lab's syndic nodes run no
    salt-minion, so only the minions' answers are judged (the syndic ids
    print "Minion did not return", §6.3).
    Given the lab is healthy
    Then "the master of masters" reaches every minion exactly once with "test.ping"

  @syndic-once
  Scenario: After the master of masters restarts, the syndics reconnect and relay again
    Mirrors: tests/pytests/scenarios/syndic/sync/test_syndic_reconnect.py::test_syndic_reconnects_after_mom_restart
    Regression test for saltstack/salt#68915 (Syndic.reconnect reused a
    stale auth token). Upstream gives the syndic 120 s to reconnect; here
    the bound is each minion's hot-mode bound from its configuration
    (INFER: the syndic's re-sign-in to the master of masters costs what a
    hot minion's does; zeromq reconnect backoff is not in the bound).
    Given the lab is healthy
    When I stop "the master of masters"
    And all faults are healed
    Then within the hot-mode bound "the master of masters" reaches every minion exactly once through every syndic
