pkill -CONT -x salt-syndic
