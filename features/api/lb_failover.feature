@failover @hot
Feature: The salt-api behind the load balancer survives the loss of a master
  Nginx sits in front of both masters' salt-api (rest_cherrypy) with the
  first master active and the second as backup. Requests to /run carry their
  own eauth credentials, so whichever master answers can serve them. A
  session from /login, however, lives only in the memory of the salt-api
  process that issued it (salt-semantics §5.3 and §10, surprise 6). The
  reach bound comes from each minion's own config: the alive check for a
  failover minion, the surviving connection for a hot one.

  Scenario: Stopping master-1 keeps test.ping working through the load balancer
    Given the lab is healthy
    And the salt-api answers "test.ping" for every minion through the load balancer
    When I stop "salt-master-1"
    Then within the daemons' reach bound the salt-api answers "test.ping" for every minion through the load balancer

  Scenario: A salt-api session does not survive the switch to the backup master
    Given the lab is healthy
    And I log in to the salt-api of "salt-master-1" through the load balancer
    When I stop "salt-master-1"
    Then within the daemons' reach bound the salt-api answers "test.ping" for every minion through the load balancer
    And the session from that login is refused with 401 through the load balancer
