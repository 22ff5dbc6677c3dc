@general @master-faults @needs-2-masters @mode-failover @slow
Feature: A master that keeps its TCP connections is not a dead master
  The alive check of a failover minion (`status.master` every
  master_alive_interval, salt-semantics §1.9) asks only whether an
  ESTABLISHED TCP connection to the master's publish port exists. Whatever
  keeps that connection in the kernel hides the failure: a paused container
  (`docker pause`), a salt-master process frozen with SIGSTOP (the kernel
  still holds its sockets), or a silent iptables DROP between the minions
  and the master (the connection stays ESTABLISHED until TCP keepalive gives
  up, about 16 minutes on Linux defaults, ISSUE #39439). So the minion
  daemons neither fail over to master-2 nor answer master-1 (§1.9 fault
  matrix, §10 surprise 3); once the fault is healed master-1 reaches them
  again. This is what Salt does, asserted as such. (An unresolvable master
  name also fires nothing: `status.master` returns None when resolution
  fails; the failover-dns topology's @failover-dns feature covers it.)
  Tagged slow (each row takes ~25 s on the double): its pause and partition
  rows repeat features/failover/{pause,partition}_master.feature, which
  `make lab` already runs; this outline adds the frozen salt-master and runs
  on every failover-mode topology.

  Scenario Outline: Master-1 <how>: the failover minions stay with it
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I <fault>
    Then for the whole alive-check bound "the second master" reaches no minion with "test.ping"
    When all faults are healed
    Then within the alive-check bound "the first master" reaches every minion with "test.ping"

    Examples:
      | how                              | fault                                                |
      | paused (docker pause)            | pause "the first master"                             |
      | salt-master frozen (SIGSTOP)     | freeze the "salt-master" process on "the first master" |
      | partitioned from the minions     | partition "the minions" from "the first master"      |
