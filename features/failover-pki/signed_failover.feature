@failover-pki
Feature: Failover to a master with a different, signed key
  The failover-pki topology follows Salt's MultiMaster-PKI tutorial: each
  master has its own key pair, both sign their public key with one shared
  master_sign key, and every minion verifies that signature
  (verify_master_pubkey_sign). Stopping salt-master-1 must move every minion
  to salt-master-2 although master-2's key differs from the cached one,
  within the same bounds as the shared-key failover topology.

  Scenario: Stopping master-1 moves the minions to master-2 with its own signed key
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "salt-master-1"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "salt-master-2"
