@general @needs-api @needs-2-masters @api-faults
Feature: The salt-api under master faults, with and without an HA client
  Nginx sits in front of both masters' salt-api (rest_cherrypy): the first
  master active, the second a backup, proxy_next_upstream on error, timeout,
  502 and 503 (compose/<topology>/nginx). A session from /login lives only in
  the memory of the salt-api process that issued it (CherryPy's default
  session storage; salt-semantics §5.3 and §10 surprise 6), so once the
  balancer moves to the second master an old token is refused with 401.
  /run and / answer 503 when the master behind salt-api is down (§5.4).

  Two streams are recorded for each fault: test.ping through the balancer
  with the plain client (judged by api-recovery: how many failed and when it
  recovered, within each minion's reach bound from its own config), and a
  steady stream through haclient, the project's importable HA client, which
  re-logs in on 401 and moves to the next endpoint on refused connections,
  5xx and timeouts (judged by every-request-succeeded).

  A paused master or a frozen salt-master/salt-api process keeps its TCP
  listener in the kernel: connections are accepted and never answered, so
  Nginx waits its proxy_read_timeout (300 s) before it moves on. The plain
  stream is therefore not expected to recover within the reach bound for
  those faults (INFER from Nginx's documented proxy_next_upstream behaviour,
  not measured on real Salt); the HA client, pointed at each master's
  salt-api with its own attempt timeout, is. A partition of the first
  master from the minions leaves its salt-api answering, so the balancer
  never moves: the plain stream keeps getting false for minions that failed
  over (observed on the sim: api-recovery invalid). The HA client's requests
  succeed there too, but only as HTTP requests: which minions answered true
  is recorded in each request's value, not judged.

  Scenario: Stopping the first master: sessions move, the HA client never fails
    Given the lab is healthy
    And I log in to the salt-api of "the first master" through the load balancer
    And I start a stream of "test.ping" through the HA client via the load balancer
    When I stop "the first master"
    Then within the daemons' reach bound the salt-api answers "test.ping" for every minion through the load balancer
    And the session from that login is refused with 401 through the load balancer
    And every request through the HA client succeeded

  @slow
  Scenario Outline: <fault>: the balancer recovers, the HA client never fails
    Given the lab is healthy
    And I start a stream of "test.ping" through the HA client via <via>
    When <fault>
    Then within the daemons' reach bound the salt-api answers "test.ping" for every minion through the load balancer
    And every request through the HA client succeeded

    @direct-master-api
    Examples:
      | fault                                                    | via                     |
      | I stop "the first master"                                | every master's salt-api |
      | I kill the "salt-master" process on "the first master"   | every master's salt-api |

    Examples:
      | fault                                                    | via                     |
      | I kill the "salt-api" process on "the first master"      | the load balancer       |

  # @direct-master-api: the HA client reaches each master's salt-api at
  # the master's own address, which a lab on Swarm keeps inside the
  # swarm's overlay network (docs/swarm.md).
  @slow @direct-master-api
  Scenario Outline: <fault>: only the HA client with each master's salt-api keeps working
    Given the lab is healthy
    And I start a stream of "test.ping" through the HA client via every master's salt-api
    When <fault>
    Then every request through the HA client succeeded

    Examples:
      | fault                                                    |
      | I pause "the first master"                               |
      | I partition "the first master" from "the minions"        |
      | I freeze the "salt-master" process on "the first master" |
      | I freeze the "salt-api" process on "the first master"    |
