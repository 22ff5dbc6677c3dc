# A plausible wrong fix: salt-api is what the balancer reports, so it gets the blame.
pkill -CONT -f '(^|/)salt-api([: ]|$)' || true
