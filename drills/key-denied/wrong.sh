# A plausible wrong fix: clear the "denied" entry and hope the minion gets in.
rm -f /etc/salt/pki/master/minions_denied/salt-minion-1
