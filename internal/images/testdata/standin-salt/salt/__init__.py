# A stand-in for Salt's package: what images/salt-real/salt-options.py
# reads (salt.version is written by the test that installs it).
