# Drift: only salt-master-2 has this state tree.
base:
  '*':
    - ownkey
