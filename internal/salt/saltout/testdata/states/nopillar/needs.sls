# Reads a pillar key the pillar does not define.
needs:
  file.managed:
    - name: /tmp/needs
    - contents: {{ pillar['app']['missing_key'] }}
