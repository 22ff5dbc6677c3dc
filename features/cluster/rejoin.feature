@cluster
Feature: A stopped peer rejoins the master cluster and serves again
  A peer that starts again finds the cluster's key pair and its peers' keys
  in the shared cluster_pki_dir, sends its AES key to every cluster_peers
  entry and receives theirs (salt/channel/server.py
  MasterPubServerChannel.send_aes_key_event, handle_pool_publish), so a job
  it publishes reaches every minion again, whichever peer each minion is
  attached to. The bound is the cluster bound measured from the restart; it
  holds the peer's own start (process slack) and the balancer's terms.

  Scenario: The second peer, stopped and started again, reaches every minion exactly once
    Given the lab is healthy
    When I stop "the second master"
    Then within the cluster bound "the first master" reaches every minion with "test.ping"
    When I start "the second master" again
    Then within the cluster bound "the second master" reaches every minion with "test.ping"
    And "the second master" reaches every minion exactly once with "test.ping"
    When "the second master" runs a job on every minion that appends a line to a marker file
    Then every minion's marker file holds exactly one line
