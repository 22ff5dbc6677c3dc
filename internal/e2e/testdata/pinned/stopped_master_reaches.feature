# A failure no setting explains, on the failover topology: a stopped master
# is asked to reach the minions. Its minions name the masters, pinned in
# /etc/hosts by compose extra_hosts, so the DNS rule must not blame those
# names (it once did). It MUST fail, with no cause.
@failover @must-fail
Feature: A stopped master reaches no minion

  Scenario: The stopped master is asked to reach every minion
    Given the lab is healthy
    When I stop "salt-master-2"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
