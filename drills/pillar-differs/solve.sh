# Deploy the release again on this master: both masters now serve the same tree.
rm -rf /srv/pillar-deploy && cp -a /srv/pillar /srv/pillar-deploy
