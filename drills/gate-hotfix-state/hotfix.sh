# A hand-made fix of the app state, left on this master only. It reads
# app:listen_port, which the release's pillar calls app:port.
mkdir -p /srv/hotfix/app
cp /srv/salt/app/init.sls /srv/hotfix/app/init.sls
sed -i "s/app\['port'\]/app['listen_port']/" /srv/hotfix/app/init.sls
grep -q "listen_port" /srv/hotfix/app/init.sls
