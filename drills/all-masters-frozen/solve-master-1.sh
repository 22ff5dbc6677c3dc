# Wake salt-master on salt-master-1 now.
pkill -CONT -f '(^|/)salt-master([: ]|$)'
# The second fault comes minutes later for a learner; the self-test plays the
# learner's reaction with a watcher: when the key pair is replaced (the backup
# appears), put the old pair back and restart salt-master once it has run the
# 10 s saltlab-supervise needs to start it again.
setsid nohup bash -c '
  cd /etc/salt/pki/master
  for _ in $(seq 1 300); do
    b=$(ls -d .saltlab-backup-* 2>/dev/null | head -1)
    [ -n "$b" ] && break
    sleep 1
  done
  [ -n "$b" ] || exit 0
  sleep 20   # let the restart with the new pair happen (and be noticed)
  cp -f "$b/master.pem" master.pem
  cp -f "$b/master.pub" master.pub
  for _ in $(seq 1 60); do
    pid=$(pgrep -o -f "(^|/)salt-master([: ]|\$)")
    [ -n "$pid" ] && [ "$(ps -o etimes= -p "$pid" | tr -d " ")" -ge 11 ] && break
    sleep 1
  done
  pkill -f "(^|/)salt-master([: ]|\$)"
' >/dev/null 2>&1 </dev/null &
