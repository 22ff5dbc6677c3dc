# The deploy job: copy the release checkout to the directory this master serves.
rm -rf /srv/pillar-deploy && cp -a /srv/pillar /srv/pillar-deploy
