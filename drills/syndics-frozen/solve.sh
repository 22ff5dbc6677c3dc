# Wake the stopped salt-syndic.
pkill -CONT -f '(^|/)salt-syndic([: ]|$)'
