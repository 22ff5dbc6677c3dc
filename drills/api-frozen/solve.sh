# Wake the stopped salt-api processes.
pkill -CONT -x salt-api
