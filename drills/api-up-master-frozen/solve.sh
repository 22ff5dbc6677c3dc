pkill -CONT -x salt-master
