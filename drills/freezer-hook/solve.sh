# Stop the hook first, then wake salt-master. ([p] keeps pkill from matching
# this script's own command line.)
pkill -f '[p]ki-snapshot' || true
sleep 1
pkill -CONT -f '(^|/)salt-master([: ]|$)'
