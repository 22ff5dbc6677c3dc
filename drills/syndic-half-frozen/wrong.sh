# A plausible wrong fix: wake the relay on every syndic node, look no further.
pkill -CONT -f '(^|/)salt-syndic([: ]|$)' || true
