@general @cold-start @needs-2-masters
Feature: A later master cold-started while the first one is down
  Master-2 is stopped, then master-1 stops too, and master-2 is
  cold-started while master-1 stays down: the minions find master-2 as a
  freshly started master they were not signed in to (stopping master-2
  first keeps the minions from moving to it before it stops). The masters share one
  master key pair and the accepted minion keys (salt-semantics §3.5), so
  the minions' sign-in is accepted at once rather than waiting as pending
  (§1.8: a pending key would loop on acceptance_wait_time). A failover
  minion's eval_master pass tries master-1 (dead, one try) and then master-2
  (§1.7); a hot minion's master-2 Minion retries its own master (§1.10).
  Either way the minion signs in to master-2 within saltcfg.ReconnectBound
  (a job it publishes reaches every minion); salt-call's own list path
  is served by master-2 within saltcfg.CallBound.

  Scenario: Master-2 cold-starts while master-1 is down and every minion signs in to it
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "the second master"
    And I stop "the first master"
    And I start "the second master" again
    Then within the reconnect bound "the second master" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "the second master"
