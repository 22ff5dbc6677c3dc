@ai-infra-matrix
Feature: The AI Infra Matrix dual-master layout, as deployed
  The topology reproduces the layout of the AI Infra Matrix deployment:
  two masters sharing /etc/salt/pki, salt-api on port 8002 behind Nginx
  (master-2 as backup, API under /salt-api/, the base path its x-saltlab
  block declares for the steps), and minions configured as the
  deployment's HA guide documents (`master: [<host>:4505, <host>:4507]`,
  master_type failover).

  Scenario: Minions configured as the HA guide documents never sign in
    A port in a `master` entry is the ret port, not the publish port
    (salt-semantics §1.3 to §1.5, §10 surprise 4). Both documented entries
    name publish sockets, so no sign-in request ever reaches a ret port:
    the masters never see a minion key and salt-call cannot sign in.

    Given the lab is healthy
    Then for 15s "salt-master-1" knows no minion key
    And every minion's "salt-call test.ping" fails

  Scenario: The salt-api behind Nginx moves to the backup master, its sessions do not
    Nginx sends the API to master-2 once master-1 is down (after its 60 s
    connect timeout at worst). A session from /login lives only in the
    salt-api process that issued it (salt-semantics §5.3, §10 surprise 6),
    so clients must log in again after the switch.

    Given the lab is healthy
    And I log in to the salt-api of "salt-master-1" through the load balancer
    When I stop "salt-master-1"
    Then within the load balancer's failover bound a login through it succeeds
    And the session from that login is refused with 401 through the load balancer
