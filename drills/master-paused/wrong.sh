# A plausible wrong fix: salt-master-2 sees no minion, so its own daemon gets the blame
# (the fix of a frozen salt-master, on the wrong host and for the wrong fault).
pkill -CONT -f '(^|/)salt-master([: ]|$)' || true
