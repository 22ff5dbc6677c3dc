# The masters' ret_port is 4506, Salt's default: drop the staging override.
sed -i '/^master_port:/d' /etc/salt/minion
