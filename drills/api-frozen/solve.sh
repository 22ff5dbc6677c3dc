# Wake the stopped salt-api processes.
pkill -CONT -f '(^|/)salt-api([: ]|$)'
