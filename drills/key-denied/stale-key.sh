# The id salt-minion-1 once belonged to another host; its public key is what
# the masters (one shared pki_dir) hold as accepted.
salt-key --gen-keys=old-salt-minion-1 --gen-keys-dir=/tmp >/dev/null
cp /tmp/old-salt-minion-1.pub /etc/salt/pki/master/minions/salt-minion-1
rm -f /tmp/old-salt-minion-1.pem /tmp/old-salt-minion-1.pub
