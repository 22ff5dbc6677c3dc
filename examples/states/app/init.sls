# Pillar-driven content: a directory, a JSON config serialised from pillar,
# and a command that runs once (creates: keeps the second highstate quiet).
{% set app = pillar['app'] %}
app-dir:
  file.directory:
    - name: /srv/app
    - mode: '0755'

app-config:
  file.serialize:
    - name: /srv/app/config.json
    - serializer: json
    - dataset:
        name: {{ app['name'] }}
        port: {{ app['port'] }}
        greeting: {{ app['greeting'] | json }}
    - require:
      - file: app-dir

app-stamp:
  cmd.run:
    - name: date -u +%FT%TZ > /srv/app/installed-at
    - creates: /srv/app/installed-at
    - require:
      - file: app-config
