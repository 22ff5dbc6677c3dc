#!/bin/bash
# A syndic node: salt-master and salt-syndic in one container. Exits when
# either daemon exits (with its status), so Docker sees the node fail
# instead of a half-working container; SIGTERM stops both.
set -u
salt-master -l info &
master=$!
salt-syndic -l info &
syndic=$!
trap 'kill -TERM "$master" "$syndic" 2>/dev/null' TERM INT
wait -n "$master" "$syndic"
status=$?
kill -TERM "$master" "$syndic" 2>/dev/null
wait
exit "$status"
