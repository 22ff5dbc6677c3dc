# A plausible wrong fix: "reload" salt-master with SIGHUP. A stopped process only
# queues the signal; it stays stopped.
pkill -HUP -f '(^|/)salt-master([: ]|$)' || true
