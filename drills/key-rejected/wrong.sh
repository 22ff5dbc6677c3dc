# A plausible wrong fix: "accept" the key, which -a only does for pending keys.
salt-key -y -a salt-minion-1 || true
