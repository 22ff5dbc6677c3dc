def mode(opts):
    # An option read without a default, and one that has one.
    return opts.get("syndic_mode", "sync"), opts["master"], opts["_internal"]
