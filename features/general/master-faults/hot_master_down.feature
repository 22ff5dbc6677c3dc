@general @master-faults @needs-2-masters @mode-hot
Feature: Hot minions keep serving the surviving master whatever happened to master-1
  A minion with a master list and `master_type: str` runs one Minion object
  per master, each with its own connection (salt-semantics §1.2, §1.13,
  `salt/minion.py` MinionManager._spawn_minions). Whatever happens to
  master-1 — its container killed or paused, the minions partitioned from
  it, its salt-master process killed (the image's supervisor restarts it)
  or frozen — the connection to master-2 is independent, so master-2
  reaches every minion within one return
  (saltcfg.HotBound). With master_alive_interval set, the lab's
  master_tries: -1 keeps a minion whose master-1 Minion gives up from
  restarting the whole process (§1.10, §10.2), so every daemon keeps
  running as the same process for the whole restart window
  (saltcfg.RestartWindow).

  Scenario Outline: Master-1 <how>: master-2 reaches every minion without a restart
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    And I note the process of every minion daemon
    When I <fault>
    Then within the hot-mode bound "the second master" reaches every minion with "test.ping"
    And for the whole restart window every minion daemon keeps running as the process noted before

    Examples:
      | how                          | fault                                                  |
      | killed (docker kill)         | kill "the first master"                                |
      | salt-master killed (SIGKILL) | kill the "salt-master" process on "the first master"   |
      | salt-master frozen (SIGSTOP) | freeze the "salt-master" process on "the first master" |
      | paused (docker pause)        | pause "the first master"                               |
      | partitioned from the minions | partition "the minions" from "the first master"        |
