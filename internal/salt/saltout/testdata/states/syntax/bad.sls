good:
  file.managed:
    - name: /tmp/good
    - contents: fine
  bad indent: [
