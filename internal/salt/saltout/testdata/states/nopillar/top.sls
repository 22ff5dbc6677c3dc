base:
  '*':
    - needs
