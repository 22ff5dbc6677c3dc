# Accept salt-minion-1 at once (fingerprint checked), salt-minion-2 a little
# later (one key at a time; the delay also keeps the drill open long enough for
# the cleanup job to strike again). A watcher plays the learner's reaction to
# the second fault: a rejected salt-minion-1 is accepted with --include-rejected.
for _ in $(seq 1 60); do
  salt-key -l unaccepted | grep -qx salt-minion-1 && break
  sleep 1
done
salt-key -y -a salt-minion-1
setsid nohup bash -c '
  end=$((SECONDS + 200)); second=$((SECONDS + 35))
  while [ $SECONDS -lt $end ]; do
    if salt-key -l rejected | grep -qx salt-minion-1; then
      salt-key -y -a salt-minion-1 --include-rejected
    fi
    if [ $SECONDS -ge $second ] && salt-key -l unaccepted | grep -qx salt-minion-2; then
      salt-key -y -a salt-minion-2
    fi
    sleep 2
  done
' >/dev/null 2>&1 </dev/null &
