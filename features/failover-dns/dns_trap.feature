@failover-dns
Feature: Failover minions that address masters by Docker DNS name miss a stopped master
  Salt's only dead-master detector is the alive check (status.master), which
  first resolves the master's name. In Docker, a stopped container's name
  stops resolving, so the check returns None and fires nothing: minion daemons
  stay with the stopped master (salt-semantics §1.9 and §10, surprise 3).
  salt-call is not affected, because its list path skips unresolvable masters.
  The failover topology avoids the trap with stable master addresses.

  There is a race inside the trap: master-1 closes its connections a moment
  before Docker drops its name, and a minion whose alive check runs in that
  moment sees "resolves, not connected" and does fail over. The minions are
  paused while master-1 stops, until its name is gone, so that every alive
  check this scenario judges runs after the name stopped resolving.

  The trap exists only where the alive check is the minion's one detector.
  From Salt 3007.15 (saltstack/salt#66760) a minion on ZeroMQ also watches
  its publish socket (zmq_monitor, True by default there): the master
  closing its connections fires __master_disconnected at once, and no name
  is resolved on that path. Real Salt 3008.4 left the stopped master 0.1 s
  after its minions were resumed (2026-11-27). Each scenario below says
  which Salt it is for (@no-zmq-monitor, @zmq-monitor): a run leaves out the
  one that does not hold for the release it runs, and says why; its first
  step checks the minions' own zmq_monitor too.

  @no-zmq-monitor
  Scenario: Stopping master-1 strands the minion daemons but not salt-call
    Given the lab is healthy
    And the minions notice a lost master only by the alive check
    And every minion answers "salt-call test.ping"
    When I pause "the minions"
    And I stop "salt-master-1"
    And the name "salt-master-1" no longer resolves on "salt-master-2"
    And I resume "the minions"
    Then within the failover bound every minion's "salt-call test.ping" is served by "salt-master-2"
    And for the whole alive-check bound "salt-master-2" reaches no minion with "test.ping"

  @zmq-monitor
  Scenario: With the ZeroMQ disconnect monitor, stopping master-1 moves the minion daemons although its name is gone
    Given the lab is healthy
    And the minions leave a master whose publish connection drops
    And every minion answers "salt-call test.ping"
    When I pause "the minions"
    And I stop "salt-master-1"
    And the name "salt-master-1" no longer resolves on "salt-master-2"
    And I resume "the minions"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "salt-master-2"
