@failover-dns @ai-infra-matrix
Feature: The general failover expectation, on a lab with a known-bad setting
  The failover topology's expectation (features/failover/master_failover.feature)
  run against labs whose configuration is known to be bad, so that the
  verdicts' diagnosis must name the `master` setting:
  - failover-dns: minions address the masters by Docker DNS name, so the
    minion daemons never leave a stopped master (salt-semantics §1.9);
  - ai-infra-matrix as deployed: the ports in the `master` entries are
    publish ports where Salt takes ret ports, so no minion ever signs in and
    the first salt-call already fails (salt-semantics §1.3-§1.5).

  Scenario: Stopping master-1 moves the minion daemons to master-2
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "salt-master-1"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
