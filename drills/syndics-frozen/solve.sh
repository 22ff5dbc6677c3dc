# Wake the stopped salt-syndic.
pkill -CONT -x salt-syndic
