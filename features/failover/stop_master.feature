@failover
Feature: Minions keep working when the primary master stops
  The failover topology runs two masters that share one key pair, states and
  pillar. Every minion lists both masters with `master_type: failover`.
  Stopping salt-master-1 must leave every minion able to use Salt through
  salt-master-2, within bounds derived from each minion's own configuration
  (auth_timeout, auth_tries, master_alive_interval). The observed failover
  times are written to the report. The daemons are probed first: their bound
  runs from the fault, while a salt-call's runs from the call itself (it walks
  the master list afresh), so probing them after salt-call's 10-15 s on real
  Salt only measured an upper bound.

  Scenario: Stopping master-1 moves salt-call and the minion daemons to master-2
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    When I stop "salt-master-1"
    Then within the alive-check bound "salt-master-2" reaches every minion with "test.ping"
    And within the failover bound every minion's "salt-call test.ping" is served by "salt-master-2"
