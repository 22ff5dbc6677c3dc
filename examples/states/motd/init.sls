# A file rendered from a Jinja template with a grain and a pillar value.
motd:
  file.managed:
    - name: /etc/motd
    - source: salt://motd/motd.jinja
    - template: jinja
    - mode: '0644'
