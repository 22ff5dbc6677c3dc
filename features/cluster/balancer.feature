@cluster
Feature: The balancer stops sending new connections to a dead peer within a bound from its own config
  nginx's stream balancer (open source) has no active health check: it
  learns that a peer is dead from failed connects. A connect that fails or
  times out (proxy_connect_timeout) counts as a failure and, with
  proxy_next_upstream on (the default), the connection goes to the next
  peer; after max_fails failures within fail_timeout nginx sends that peer
  nothing for fail_timeout (ngx_stream_upstream_module, ngx_stream_proxy_
  module). A stopped or killed peer's address is gone and a partitioned
  one drops the handshake, so connects fail; a paused peer's kernel still
  completes them, so the balancer cannot tell a paused peer from a live one
  and it is left out here (the peer-fault feature covers what it does to
  the minions).

  Evidence: one probe connection after another from inside the balancer's
  container, on each balanced port, each recording the upstream addresses
  nginx tried for it (its own log line). The balancer-avoidance checker
  wants every probe served by a live peer, at most max_fails probes trying
  the dead one within fail_timeout, and a probe that skips it within
  max_fails x proxy_connect_timeout plus probe slack of the fault's end
  (a docker stop's grace, while the peer still shuts down and serves, is
  not the balancer's), all read from the balancer's `nginx -T`.

  Scenario Outline: One peer <how>: the balancer keeps new connections away from it
    Given the lab is healthy
    When I <fault>
    Then the master balancer keeps new connections away from "the second master" within its own failover bound

    Examples:
      | how                          | fault                                                  |
      | stopped (docker stop)        | stop "the second master"                               |
      | killed (docker kill)         | kill "the second master"                               |
      | partitioned from the balancer | partition "the second master" from "the load balancer" |
