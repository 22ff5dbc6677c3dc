# Wake every stopped salt-master process.
pkill -CONT -x salt-master
