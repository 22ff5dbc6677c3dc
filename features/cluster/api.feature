@cluster
Feature: The salt-api through the balancer survives the loss of a peer
  salt-lb also balances salt-api: the first peer active, the others
  backups, as in the other topologies, because a salt-api session lives in
  the process that issued it (salt-semantics §5.3); /run requests carry
  their own credentials. When the active peer stops, nginx moves requests
  to a backup after proxy_connect_timeout, and that peer's job reaches
  every minion once the minions attached through the stopped peer are back
  through the TCP balancer: the bound is the cluster bound plus the HTTP
  balancer's proxy_connect_timeout, all read from the balancer's own
  config.

  Scenario: Stopping the active salt-api peer keeps test.ping working through the balancer
    Given the lab is healthy
    And the salt-api answers "test.ping" for every minion through the load balancer
    When I stop "the first master"
    Then within the daemons' reach bound the salt-api answers "test.ping" for every minion through the load balancer
