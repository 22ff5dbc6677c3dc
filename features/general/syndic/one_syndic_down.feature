@general @needs-syndic @syndic-once
Feature: With one syndic down, a job from the master of masters still reaches every minion exactly once
  Every minion lists both syndic masters in hot multi-master mode
  (salt-semantics §1.2, §6.3). A job published on the master of masters is
  republished by every connected salt-syndic through its own salt-master
  with the same jid (salt/minion.py Syndic._handle_decoded_payload; §6.2).
  With one syndic node down, the other still republishes; the minion's
  connection to the surviving syndic master does not depend on the dead one
  (§1.13), so the minion runs the job once and returns it through that
  syndic, which forwards it up (SyndicManager._return_pub_syndic,
  salt/master.py AESFuncs._syndic_return). The master of masters' CLI waits
  syndic_wait (compose/syndic/config/mom.d) for expected-minion lists
  (salt/client/__init__.py; §6.2 step 6): a syndic that is down contributes
  no expected minions (§6.3, "completely down"). Its own id, though, is an
  accepted key on the master of masters, so `salt '*'` targets it and the
  CLI waits its timeout for it ("Minion did not return"; §6.3, INFER from
  Salt's source, not confirmed on real Salt): each job here takes that long.
  A paused syndic node holds its TCP connections open but answers nothing:
  the minion's job from the other syndic is not held up by it.
  When the syndic node comes back, both syndics republish every job again
  and the minion's jid queue keeps it at one run (§2, §6.3).

  Evidence: the history records the master of masters' bus and each
  syndic node's bus. The exactly-once checker wants, per minion, one return
  event on the master of masters, one CLI document, one line in the marker
  file, and one return event across the syndic buses (none on the stopped
  one); after the heal it also wants both syndics' salt/job/<jid>/new.

  Scenario Outline: One syndic <fault>, every minion is still reached exactly once, and both syndics relay again after the heal
    Given the lab is healthy
    When I <fault> "the first syndic"
    Then "the master of masters" reaches every minion exactly once with "test.ping"
    When "the master of masters" runs a job on every minion that appends a line to a marker file
    Then every minion's marker file holds exactly one line
    When all faults are healed
    Then within the syndic relay bound "the master of masters" reaches every minion exactly once through every syndic

    Examples:
      | fault |
      | stop  |
      | pause |
