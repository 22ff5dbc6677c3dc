@syndic
Feature: A job from the master of masters runs once on every minion
  The syndic topology runs a master of masters (salt-master-mom, with
  order_masters) and two syndic nodes; every minion lists both syndic
  masters in hot multi-master mode. A job published on the master of masters
  reaches each minion twice, through both syndics, with the same jid. The
  minion's jid queue drops the second copy, so the job runs once and its
  return reaches the master of masters once (salt-semantics §6.3, §10).

  Scenario: A job from the master of masters runs once on every minion
    Given the lab is healthy
    Then "salt-master-mom" reaches every minion exactly once with "test.ping"
    When "salt-master-mom" runs a job on every minion that appends a line to a marker file
    Then every minion's marker file holds exactly one line
