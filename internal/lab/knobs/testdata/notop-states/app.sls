# An SLS without a top file mapping it to any minion (docs/bad-input.md).
app:
  file.managed:
    - name: /tmp/app
    - contents: app
