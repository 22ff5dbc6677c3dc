@general @master-faults @failback @needs-2-masters @mode-failover
Feature: After master-1 returns, failover minions fail back only with master_failback
  A failover minion that moved to master-2 stays there while master-2
  lives: nothing in Salt moves it back unless `master_failback` is on
  (salt-semantics §1.11). With it on, `_post_master_init` in `salt/minion.py`
  schedules `__master_failback` on every minion signed in to a later master:
  `status.ping_master(master_list[0])` every `master_failback_interval`
  (0 means master_alive_interval, `MinionBase.eval_master`); once master-1
  answers, the minion tears down its healthy connection to master-2 and
  signs in again from the top of its list. The topology ships with
  master_failback off; run this feature again with
  `--set minion.master_failback=true` to assert the other branch. The step
  reads the setting from the minions' own configuration and expects
  accordingly, within saltcfg.FailbackBound.

  Scenario: Master-1 stops and comes back; the minions return to it exactly when master_failback is on
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "the first master"
    Then within the alive-check bound "the second master" reaches every minion with "test.ping"
    When all faults are healed
    Then the minion daemons return to "the first master" exactly when their master_failback says
