# Wake every stopped salt-master process.
pkill -CONT -f '(^|/)salt-master([: ]|$)'
