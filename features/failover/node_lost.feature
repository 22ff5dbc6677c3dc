@failover @swarm
Feature: A lost Swarm node strands the minions of its master until Swarm ends its task
  On a lab deployed on a swarm (`--engine swarm`; a lab on Docker Compose has no
  nodes and leaves this feature out), taking away the node that runs
  salt-master-1 freezes its engine and every container on it, as a host that
  hangs. The kernel of a frozen node still keeps its TCP connections
  ESTABLISHED, so the minions' alive check sees nothing and no daemon fails
  over to salt-master-2 (salt-semantics §1.9, as for a paused master). The
  swarm's manager hears no heartbeat from the node and marks it down after
  about 15 s, which ends the tasks it ran: the masters' restart policy is
  none, so none is replaced. When the node comes back its engine stops
  salt-master-1's container, the minions' connections close, and the minions
  fail over to salt-master-2; the heal then starts salt-master-1 again as a
  new task, and failover minions stay where they are.

  Scenario: Losing the node of master-1 moves the minions only when the node comes back
    Given the lab is healthy
    And every minion runs on another node than "salt-master-1"
    And every minion answers "salt-call test.ping"
    When the node of "salt-master-1" is lost
    Then for the whole alive-check bound "salt-master-2" reaches no minion with "test.ping"
    And within 60 s the swarm marks the node of "salt-master-1" down
    When the node of "salt-master-1" comes back
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
