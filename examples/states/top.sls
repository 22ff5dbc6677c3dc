# The example states saltlab applies when a run is given no --states: only
# files, templates and commands inside the container, so they converge
# offline (no package downloads). Replace them with your own: saltlab run
# --states DIR --pillar DIR.
base:
  '*':
    - motd
    - app
