@general @scale @needs-2-masters @mode-failover
Feature: A fleet fails over: every minion is served by the second master, and the spread is measured
  Operators run hundreds to thousands of minions, and a failover that is quick
  for two minions can queue at the surviving master when all of them sign in
  there at once. Run with `--minions N` (beyond 120 minions the lab runs 50 to
  a container, on both flavours, as Salt's own minionswarm tool runs many
  minions on one host; `--minions-per-container K` runs swarms at any size). The fleet is probed through the masters, never minion
  by minion: one `salt -t3 '*' test.ping` at a time per master (overlapping
  probes of a thousand minions overload the master they measure), then, once
  a probe has served some, `salt -t3 -L <the rest> test.ping`, so only the
  minions not yet served run the job (a real minion spends about 0.15 s of
  CPU on each), each ended
  after 7 s (Salt's CLI cannot shorten the find_job round of a probe that
  misses), so a minion's time, when the master's bus carried its return, is
  known to a probe's length, at most 7.5 s. The report gives every minion's
  time and their p50, p95 and max against the alive-check bound of the
  minions' shared configuration (saltcfg.AliveBound).

  Scenario: Master-1 stops under a fleet; the second master serves every minion within the alive-check bound
    Given the lab is healthy
    And every minion of the fleet answers "test.ping" through one of the masters
    When I stop "the first master"
    Then within the alive-check bound "the second master" reaches every minion of the fleet with "test.ping"
