base:
  '*':
    - seeded
