pkill -CONT -f '(^|/)salt-master([: ]|$)'
