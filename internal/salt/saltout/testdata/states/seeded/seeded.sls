# A converging state, a non-idempotent one (no creates/unless: it reports
# changes on every highstate) and one that fails.
calm:
  file.managed:
    - name: /tmp/calm
    - contents: calm

restless:
  cmd.run:
    - name: date +%s%N > /tmp/restless

broken:
  cmd.run:
    - name: echo about to fail; exit 3
