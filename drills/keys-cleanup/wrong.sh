# A plausible wrong fix: "reset" both keys so the minions re-register.
salt-key -y -d salt-minion-1 || true
salt-key -y -d salt-minion-2 || true
