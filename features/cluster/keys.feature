@cluster
Feature: A minion key accepted through one peer is accepted on every peer
  With a cluster_id every key operation works on cluster_pki_dir, not on
  the peer's own pki_dir (salt/key.py; salt/channel/server.py
  ReqServerChannel.validate_token reads cluster_pki_dir/minions), and
  cluster_pki_dir is one shared volume: a key salt-key accepts or rejects
  on one peer is accepted or rejected on all at once. As in the general key
  scenarios, a rejected key refuses the minion's salt-call (exit 77 after a
  10-20 s sleep, salt/crypt.py handle_signin_response), here whichever peer
  the balancer hands the sign-in to; accepting it again lets it in. The
  peers auto-accept, so the accepted key to start from is a rejected one
  accepted again, the operator's undo of a wrong rejection. The scenario's
  cleanup restarts the minions. The key steps read each peer's key
  directory as cluster_pki_dir once cluster_id is set, so the key-action
  checker sees all three peers share it, and the cleanup puts the key back
  there.

  Scenario: A key rejected and accepted again on the first peer is accepted on every peer, and the minion answers
    Given the lab is healthy
    When I reject the key of "the first minion" on "the first master"
    Then "the second master" lists the key of "the first minion" as rejected
    And "the third master" lists the key of "the first minion" as rejected
    And "the first minion" is refused "salt-call test.ping" as a rejected key
    When I accept the key of "the first minion" on "the first master"
    Then the key change shows on every master sharing that master's pki directory, and on no other
    And "the second master" lists the key of "the first minion" as accepted
    And "the third master" lists the key of "the first minion" as accepted
    And every minion answers "salt-call test.ping"
