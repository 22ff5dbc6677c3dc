@hot
Feature: Hot multi-master keeps every minion reachable when one master stops
  The hot topology runs two masters that share one key pair, states and
  pillar. Every minion lists both masters without master_type, so its daemon
  holds one connection per master (salt-semantics §1.13). With
  master_alive_interval set, master_tries: -1 keeps a minion from restarting
  itself when one master dies (§1.10).

  Scenario: Stopping master-1 leaves every minion reachable through master-2 without a restart
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    And I note the process of every minion daemon
    When I stop "salt-master-1"
    Then within the hot-mode bound "salt-master-2" reaches every minion with "test.ping"
    And for the whole restart window every minion daemon keeps running as the process noted before
