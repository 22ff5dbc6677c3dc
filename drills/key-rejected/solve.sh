# Drop the rejected key; the minion's next sign-in is auto-accepted.
salt-key -y -d salt-minion-1
