# A plausible wrong fix: "the masters disagree, restart the other one so both load
# the same key". Up to Salt 3007 salt-master-2 then loads the new master.pem from the
# shared volume (no master is trusted); from 3008 it loads its own salt-master-2.pem,
# the old pair (nothing changes). salt-master-1 stays refused either way.
pkill -f '(^|/)salt-master([: ]|$)'
