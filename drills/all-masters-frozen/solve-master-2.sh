# The learner gets to salt-master-2 later (one master at a time); the delay also
# keeps the drill open long enough for the second fault to strike.
setsid nohup bash -c "sleep 45; pkill -CONT -f '(^|/)salt-master([: ]|\$)'" >/dev/null 2>&1 </dev/null &
