# Wait for the minion's new key to show up as pending, then accept it.
for _ in $(seq 1 90); do
  if salt-key -l unaccepted | grep -qx 'salt-minion-1'; then
    salt-key -y -a salt-minion-1
    exit 0
  fi
  sleep 1
done
echo "salt-minion-1 never showed up as pending" >&2
exit 1
