# The deploy job failed here before copying: the directory still holds the
# previous release, whose app listened on 8000.
rm -rf /srv/pillar-deploy && cp -a /srv/pillar /srv/pillar-deploy
sed -i -e 's/^\(  port:\).*/\1 8000/' -e 's/^\(  greeting:\).*/\1 Hello from the previous release/' /srv/pillar-deploy/app.sls
grep -q '^  port: 8000$' /srv/pillar-deploy/app.sls
