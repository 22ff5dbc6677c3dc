"""Prints the Salt option names of the installed release as JSON.

saltlab runs this while it builds saltlab/salt-real (install-salt) and
checks --set and drop-in keys against the result, so that a typo such as
master_alive_intreval is refused before a lab starts instead of being
ignored by Salt. Names come from the release itself:

  master  DEFAULT_MASTER_OPTS keys (salt/config/__init__.py)
  api     DEFAULT_API_OPTS keys (salt-api reads the master's file)
  netapi  salt.netapi modules: each reads a master option of its name
          (rest_cherrypy: {port: 8000})
  minion  DEFAULT_MINION_OPTS keys
  valid   VALID_OPTS keys (the typed options of both daemons)
  read    names the release's code reads from its options without a
          default above (opts["peer_run"], opts.get("syndic_master_port"),
          config.get("mine_functions")), found by parsing salt/**/*.py
"""
import ast
import json
import os
import pkgutil
import re
import sys

import salt
import salt.config
import salt.netapi
import salt.version

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
HOLDERS = {"opts", "__opts__", "master_opts", "minion_opts"}
GETTERS = {"get", "setdefault"}
CONFIG_GETTERS = {"config.get", "config.option"}


def holder(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def constant(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and NAME.match(node.value):
        return node.value
    return None


def reads(tree):
    for n in ast.walk(tree):
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and holder(n.value) in HOLDERS:
            name = constant(n.slice)
        elif isinstance(n, ast.Call) and n.args:
            f = n.func
            if isinstance(f, ast.Attribute) and f.attr in GETTERS and holder(f.value) in HOLDERS:
                name = constant(n.args[0])
            elif isinstance(f, ast.Subscript) and holder(f.value) == "__salt__" and isinstance(f.slice, ast.Constant) and f.slice.value in CONFIG_GETTERS:
                name = constant(n.args[0])
            else:
                continue
        else:
            continue
        if name:
            yield name


def read_names(root):
    out = set()
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            try:
                with open(path, encoding="utf-8") as fh:
                    tree = ast.parse(fh.read(), path)
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            out.update(reads(tree))
    return out


def main():
    c = salt.config
    defaults = set(c.DEFAULT_MASTER_OPTS) | set(c.DEFAULT_API_OPTS) | set(c.DEFAULT_MINION_OPTS) | set(c.VALID_OPTS)
    doc = {
        "salt_version": salt.version.__version__,
        "master": sorted(c.DEFAULT_MASTER_OPTS),
        "api": sorted(c.DEFAULT_API_OPTS),
        "netapi": sorted(m.name for m in pkgutil.iter_modules(salt.netapi.__path__)),
        "minion": sorted(c.DEFAULT_MINION_OPTS),
        "valid": sorted(c.VALID_OPTS),
        "read": sorted(read_names(os.path.dirname(salt.__file__)) - defaults),
    }
    json.dump(doc, sys.stdout, separators=(",", ":"), sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
