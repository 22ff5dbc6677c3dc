pkill -CONT -f '(^|/)salt-syndic([: ]|$)'
