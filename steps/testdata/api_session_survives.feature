Feature: A negative control for the salt-api session step
  Stopping the backup master leaves the active one serving the session, so
  the step that expects a 401 must fail.

  Scenario: Stopping master-2 keeps the session alive
    Given the lab is healthy
    And I log in to the salt-api of "salt-master-1" through the load balancer
    When I stop "salt-master-2"
    Then the session from that login is refused with 401 through the load balancer
