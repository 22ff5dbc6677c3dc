# Fingerprints checked: drop the stale accepted key (and the denied one).
salt-key -y -d salt-minion-1
