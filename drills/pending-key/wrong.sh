# A plausible wrong fix: "reset" the minion's key so it re-registers.
salt-key -y -d salt-minion-1 || true
