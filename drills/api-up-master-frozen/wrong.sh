# A plausible wrong fix: blame the balancer and reload it.
nginx -c /etc/saltlab/nginx.conf -s reload
