# A plausible wrong fix: wake salt-master (again), without looking for why it froze.
pkill -CONT -x salt-master
