@general @keys @needs-2-masters
Feature: Key management across masters
  Each master keeps its own key pair and minion keys in its pki_dir
  (/etc/salt/pki/master: master.pem/master.pub, minions/, minions_pre/,
  minions_rejected/, minions_denied/; salt-semantics §3.1). salt-key works on
  that directory alone (salt/key.py Key; §4.1) and fires a salt/key event
  {act, id} on that master's bus; nothing synchronises key directories or key
  pairs between masters (§3.5). So:
  - a key accepted, deleted or rejected on one master shows at once on every
    master that shares the pki directory (one volume) and on no other;
  - a minion caches the first master key it accepts (minion_master.pub, one
    file for all masters) and refuses any other master key unless it verifies
    a signature made with a master_sign key it holds (salt/crypt.py
    AsyncAuth.verify_master: "The master key has changed, the salt master
    could have been subverted"; §3.4). Every master must therefore present the
    same key pair (the key-wait init that lets later masters start only once
    the first one wrote the pair) or sign with one shared master_sign key
    (MultiMaster-PKI, the failover-pki topology).
  The lab's masters run with auto_accept: True, so a minion whose key was
  deleted is accepted again at its next sign-in (salt/channel/server.py
  ReqServerChannel._auth; §3.3). A rejected key is refused at the minion's
  next sign-in, and Salt does not try another master for it: salt-call and
  the minion daemon exit 77 after a 10-20 s sleep (salt/crypt.py
  handle_signin_response; §1.8, §10.1), so with one shared master key pair
  one master's rejection cuts the minion off from every master. (Where the
  masters' keys differ, the rejection reply is checked against the master
  key the minion cached last and may not validate, sending salt-call on to
  the next master; the checker reads the masters' fingerprints to tell.)
  salt-key -r also has the master rotate its AES key (salt/key.py
  Key.reject), after which the connected daemon signs in again and exits
  the same way (within loop_interval, not waited for here). The scenario's
  cleanup puts the key back and restarts the minions.
  salt-key -a with --include-rejected (or --include-all) moves a rejected
  key back to minions/ and fires salt/key {act: accept} (salt/key.py
  Key.accept); the lab's auto_accept masters never hold a pending key, so
  the accept scenario accepts a key it has just rejected, the operator's
  undo of a wrong rejection. The AES rotation salt-key -r asked for happens
  at the master's next maintenance tick and the daemon notices it only on a
  later publication, so it is usually accepted again by then; whatever the
  daemon does, salt-call signs in afresh and must be answered, and the
  cleanup restarts the minions.

  Scenario: Every master presents a master key the minions accept
    Given the lab is healthy
    Then every master presents a master key the minions accept

  Scenario: A key deleted on the first master shows where the pki directory is shared, and the minion signs in again
    Given the lab is healthy
    And every minion has signed in to every master
    When I delete the key of "the first minion" on "the first master"
    Then the key change shows on every master sharing that master's pki directory, and on no other
    And every minion answers "salt-call test.ping"
    And "the first master" lists the key of "the first minion" as accepted

  Scenario: A key rejected on the first master shows where the pki directory is shared, and refuses the minion's salt-call wherever the rejection counts
    Given the lab is healthy
    And every minion has signed in to every master
    When I reject the key of "the first minion" on "the first master"
    Then the key change shows on every master sharing that master's pki directory, and on no other
    And "the first master" lists the key of "the first minion" as rejected
    And "the first minion" is refused "salt-call test.ping" as a rejected key
    And every minion but "the first minion" answers "salt-call test.ping"

  Scenario: A rejected key accepted again on the first master shows where the pki directory is shared, and the minion answers again
    Given the lab is healthy
    And every minion has signed in to every master
    When I reject the key of "the first minion" on "the first master"
    And I accept the key of "the first minion" on "the first master"
    Then the key change shows on every master sharing that master's pki directory, and on no other
    And "the first master" lists the key of "the first minion" as accepted
    And every minion answers "salt-call test.ping"

  @mode-failover
  Scenario: Stopping the first master moves the minions to a master whose key they accept
    Given the lab is healthy
    And every minion answers "salt-call test.ping"
    And I note the key fingerprints of every master
    When I stop "the first master"
    Then within the failover bound every minion's "salt-call test.ping" is served by "the second master"
