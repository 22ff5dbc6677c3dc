@general @keys @needs-2-masters @manual-keys
Feature: A pending key accepted on one master
  Salt's default is auto_accept False: a master holds the key of a minion it
  does not know in minions_pre/ and answers its sign-in "pending" until an
  operator accepts it with salt-key -a, which moves the key to minions/ in
  that master's pki_dir and fires salt/key {act: accept} on its bus
  (salt/channel/server.py ReqServerChannel._auth; salt/key.py Key.accept;
  salt-semantics §3.3, §4.1). Nothing copies keys between masters (§3.5), so
  the accepted key shows on every master sharing that pki directory and on no
  other. Runs only when the masters do not auto-accept:
  saltlab run --set master.auto_accept=false (bring-up then accepts the
  declared minions' keys itself, as an operator would). The key actions are
  recorded faults, undone after the scenario to the keys as they were.

  Scenario: A pending key accepted on the first master is accepted wherever its pki directory is shared
    Given the lab is healthy
    When I delete the key of "the first minion" on "the first master"
    And "the first minion" signs in to "the first master" and its key waits pending
    And I accept the key of "the first minion" on "the first master"
    Then the key change shows on every master sharing that master's pki directory, and on no other
    And "the first master" lists the key of "the first minion" as accepted
    And every minion answers "salt-call test.ping"
