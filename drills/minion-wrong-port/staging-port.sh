# The staging template's minion settings, pushed to this host by mistake:
# the staging masters answer on 14506, not on Salt's default ret_port.
printf '%s\n' '# from the staging minion template' 'master_port: 14506' >> /etc/salt/minion
