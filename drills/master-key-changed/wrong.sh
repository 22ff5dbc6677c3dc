# A plausible wrong fix: "the masters disagree, restart the other one so both load
# the same key" — salt-master-2 then loads the new pair from the shared volume.
pkill -f '(^|/)salt-master([: ]|$)'
