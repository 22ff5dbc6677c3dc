@general @needs-syndic
Feature: Salt's syndic scenario tests
  Follows the sync-mode syndic tests of saltstack/salt
  (tests/pytests/scenarios/syndic/sync/; docs/upstream-tests.md): a master
  of masters with order_masters, a syndic node running salt-master and
  salt-syndic (syndic_mode sync, the default), and minions of the syndic's
  master (salt/minion.py Syndic, SyndicManager; salt-semantics §6). The
  lab's syndic tier has two syndic nodes; every minion lists both (§6.3).

  Scenario: A job from the master of masters reaches every minion through the syndics
    Nearest upstream: tests/pytests/scenarios/syndic/sync/test_syndic.py::test_syndic @ 03014ce2976e
    Upstream wants exactly {"syndic": true, "minion": true} from `salt '*'
    test.ping` on the master of masters: its syndic node also runs a
    salt-minion with the syndic's id. The lab's syndic nodes run no
    salt-minion, so that half has no counterpart and the scenario is not
    tagged @upstream; the minions' answers are judged exactly once (a
    syndic id the master of masters knows is waited for, and no longer
    reported once registered, §6.3).
    Given the lab is healthy
    Then "the master of masters" reaches every minion exactly once with "test.ping"

  @upstream @syndic-once
  Scenario: After the master of masters restarts, the syndics reconnect and relay again
    Mirrors: tests/pytests/scenarios/syndic/sync/test_syndic_reconnect.py::test_syndic_reconnects_after_mom_restart @ 6f9edc4088f7
    Regression test for saltstack/salt#68915 (Syndic.reconnect reused a
    stale auth token). Upstream stops the master of masters, waits 3 s,
    starts it and gives the syndic 120 s to relay a test.ping to its minion
    again. Here every syndic must relay and every minion answer exactly
    once within the syndic relay bound: the slowest ZeroMQ reconnect gap of
    the syndic nodes and minions (recon_default, recon_max,
    recon_randomize), one syndic re-sign-in and the minion's hot-mode bound
    (saltcfg.SyndicRelayBound; 27 s with Salt's defaults and the lab's
    timings, INFER for the sum).
    Given the lab is healthy
    When I stop "the master of masters"
    And all faults are healed
    Then within the syndic relay bound "the master of masters" reaches every minion exactly once through every syndic
