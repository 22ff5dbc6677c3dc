@general @master-faults @needs-2-masters @mode-failover
Feature: Failover minions leave a master that is really gone
  With `master_type: failover` a minion daemon holds one master. Its only
  dead-master detector on ZeroMQ is the alive check: `status.master` every
  master_alive_interval looks for an ESTABLISHED connection to the master's
  publish port (salt-semantics §1.9, `salt/modules/status.py` master). A
  stopped or killed container takes its sockets with it, and so does a
  salt-master process killed inside a running container (the kernel closes
  them; the address still answers, refusing the ports), so the check fires
  `__master_disconnected`, and `eval_master(failed=True)` moves the dead
  master to the end of the list and signs in to the next one (§1.7, §1.10,
  `salt/minion.py` MinionBase.eval_master, Minion.handle_event).
  `salt-call` builds its own list path on every call: with one sign-in try
  per master in failover mode (auth_tries forced to 0, §1.6) it reaches the
  second master after one auth_timeout plus the 2 s DNS connect probe (§1.7,
  §1.8). Bounds: saltcfg.CallBound and saltcfg.AliveBound. The daemons are
  probed first, since their bound runs from the fault and salt-call's from
  each call.

  Scenario Outline: Master-1 <how>: salt-call and the minion daemons move to master-2
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I <fault>
    Then within the alive-check bound "the second master" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "the second master"

    Examples:
      | how                   | fault                   |
      | stopped (docker stop) | stop "the first master" |
      | killed (docker kill)  | kill "the first master" |

  Scenario: Master-1 salt-master killed (SIGKILL) and started again 5 s later: the minion daemons move to master-2, salt-call is served throughout
    The image's supervisor starts a killed daemon again 5 s later, as the
    users' systemd does. The failover daemons stay with master-2
    (master_failback is off), but salt-call walks the list on every call,
    so one that reaches master-1 once it is back is served there, as the
    list's order says: under load the daemons' step took 4 s and master-1
    was back 8 s after the kill. Either master serving within the failover
    bound holds; the report says which.
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I kill the "salt-master" process on "the first master"
    Then within the alive-check bound "the second master" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "the second master", or by "the first master" once it is back
