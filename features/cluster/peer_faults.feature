@cluster
Feature: The master cluster serves every minion exactly once whatever happens to one peer
  Salt 3007's master cluster (doc/topics/tutorials/master-cluster.rst): the
  peers share one cluster_id, one key pair and AES key in cluster_pki_dir
  (salt/channel/server.py ReqServerChannel.aes_key: cluster_aes with a
  cluster_id), the cache and the minion keys; minions know only the TCP
  balancer in front of the peers' publish and request ports. A job
  published on one peer reaches the peers' publishers through the cluster
  pool (MasterPubServerChannel: pushers to every cluster_peers entry on
  cluster_pool_port, handle_pool_publish), so every minion gets it from
  whichever peer it is attached to, and its return, on whichever peer its
  request lands, reaches the publishing peer's bus the same way.
  When one peer dies, the minions attached through it lose their
  connection: at once when it stops or is killed (nginx closes the client's
  side), after the balancer's proxy_timeout when it only goes silent
  (paused, partitioned). They connect again through the balancer, which
  moves a connect off the dead peer after proxy_connect_timeout and avoids
  it for fail_timeout after max_fails failures. The cluster bound adds the
  balancer's proxy_timeout and one proxy_connect_timeout per balanced port
  (read from the balancer's own `nginx -T`) to the minion's own way back
  (saltcfg.ClusterBound: master_alive_interval, one failed sign-in,
  auth_timeout, process slack).
  A peer whose host is gone (docker stop or kill: its address stops
  answering) is not a peer whose salt-master died on a live host (its
  address refuses at once, and its supervisor starts salt-master again 5 s
  later, as systemd would). Salt's surviving peers forward every event to
  every peer and wait for each without a timeout (docs/real-salt.md), so
  they stall on the first and not on the second.
  A paused peer is the hard case: its kernel still completes handshakes, so
  nginx (open source, passive checks only) counts no failure and may hand
  a minion's new connection to the same paused peer again, each time for
  another proxy_timeout. The bound holds for one such round; a minion that
  draws the paused peer twice fails the pause example, which is then the
  lab's finding about this balancer, not noise.

  Evidence: the history records every peer's bus. The exactly-once checker
  wants, per minion, one return across the peers' buses (the copies the
  peers forward to each other counted once), one CLI document and one line
  in the marker file: a job forwarded through the cluster must not run
  twice, nor return twice.

  Scenario Outline: One peer <how>: every job still reaches every minion exactly once and returns
    Given the lab is healthy
    And "the first master" reaches every minion exactly once with "test.ping"
    When I <fault>
    Then within the cluster bound "the first master" reaches every minion with "test.ping"
    And "the first master" reaches every minion exactly once with "test.ping"
    When "the first master" runs a job on every minion that appends a line to a marker file
    Then every minion's marker file holds exactly one line

    Examples:
      | how                                               | fault                                                                                          |
      | stopped (docker stop)                             | stop "the second master"                                                                       |
      | killed (docker kill)                              | kill "the second master"                                                                       |
      | whose salt-master was killed on a live host       | kill the "salt-master" process on "the second master"                                          |
      | paused (docker pause)                             | pause "the second master"                                                                      |
      | partitioned from the balancer and the other peers | partition "the second master" from "the load balancer, the first master and the third master" |
