@general @call-modes @needs-2-masters
Feature: salt-call with master-1 down takes the time its mode implies
  `salt-call` never uses the daemon's connection: it runs eval_master's
  list path itself on every call, trying the masters in list order (§1.7,
  §4.4; `salt/cli/caller.py`, `salt/minion.py` MinionBase.eval_master). A
  dead but resolvable master first costs the DNS connect probe (2 s, §1.7)
  and then every sign-in try: in failover mode auth_tries is forced to 0,
  one try of auth_timeout (§1.6); in str mode (the hot topology's list)
  auth_tries tries of auth_timeout each (§1.8, 7 x 5 s = 35 s by default).
  The bound per minion is saltcfg.CallBound over the minion's own
  auth_timeout, auth_tries and the serving master's place in its list, so
  the same scenario asserts the shorter failover timing and the longer str
  timing. (A minion configured with one master string cannot fall back at
  all and its salt-call fails while that master is down; no lab topology
  configures one yet.)

  Scenario: Master-1 stops and salt-call reaches master-2 within its mode's bound
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "the first master"
    Then within the failover bound every minion's "salt-call test.ping" is served by "the second master"
