# The release's state has the fix long since: drop the stale hotfix.
rm -r /srv/hotfix/app
