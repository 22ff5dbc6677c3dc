# A "consistent snapshot" hook for the pki directory: it stops salt-master so
# the files do not change, copies them, and is meant to continue it. Its CONT
# line is broken (a typo in the signal name), and it runs in a loop.
mkdir -p /usr/local/sbin /var/backups/salt-pki
cat >/usr/local/sbin/pki-snapshot <<'HOOK'
#!/usr/bin/env bash
# Snapshot /etc/salt/pki/master with salt-master paused.
while :; do
  pkill -STOP -f '(^|/)salt-master([: ]|$)'
  cp -a /etc/salt/pki/master/. /var/backups/salt-pki/ 2>/dev/null
  pkill -CONTINUE -f '(^|/)salt-master([: ]|$)' 2>/dev/null
  sleep 2
done
HOOK
chmod 755 /usr/local/sbin/pki-snapshot
setsid nohup /usr/local/sbin/pki-snapshot >/dev/null 2>&1 </dev/null &
sleep 1
