@general @parity @needs-2-masters
Feature: Config parity between masters
  Salt synchronises nothing between masters: each reads its own master config
  and serves states and pillar from its own file_roots and pillar_roots
  (salt/config/__init__.py; salt-semantics §3.5, §8.3). A minion or salt-api
  client that fails over to another master gets whatever that master holds,
  so every master must hold the same states, pillar and access control
  (external_auth, publisher_acl, peer, peer_run; §5.1). The options are read
  from each running master with `salt-run config.get <option>`
  (salt/runners/config.py: the master's loaded opts), the roots' files are
  hashed with sha256sum; a drift is named by option (every master's value) or
  by file (every master's digest, "missing" where a master lacks it).

  Scenario: Every master holds the same states, pillar and access control
    Given the lab is healthy
    Then every master holds the same states, pillar and access control
