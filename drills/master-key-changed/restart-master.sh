# The incident's second half: salt-master restarts (as after an upgrade or a
# reboot) and loads the replaced key pair. saltlab-supervise does not restart
# a daemon that ran less than 10 s, so wait for that first.
pid=$(pgrep -o -f '(^|/)salt-master([: ]|$)')
for _ in $(seq 1 30); do
  [ "$(ps -o etimes= -p "$pid" | tr -d ' ')" -ge 11 ] && break
  sleep 1
done
pkill -f '(^|/)salt-master([: ]|$)'
