package config

// MasterDefaults returns Salt 3006's master defaults for the options the
// double uses (salt/config/__init__.py DEFAULT_MASTER_OPTS).
func MasterDefaults() Opts {
	return Opts{
		"interface":          "0.0.0.0",
		"publish_port":       4505,
		"ret_port":           4506,
		"pki_dir":            "/etc/salt/pki/master",
		"cachedir":           "/var/cache/salt/master",
		"sock_dir":           "/var/run/salt/master",
		"auto_accept":        false,
		"open_mode":          false,
		"autosign_file":      nil,
		"autoreject_file":    nil,
		"timeout":            5,
		"gather_job_timeout": 10,
		"file_roots":         map[string]any{"base": []any{"/srv/salt"}},
		"pillar_roots":       map[string]any{"base": []any{"/srv/pillar"}},
		// Access control (salt/config/__init__.py DEFAULT_MASTER_OPTS: all
		// empty mappings), read back by config.get for the parity checks.
		"external_auth":     map[string]any{},
		"publisher_acl":     map[string]any{},
		"peer":              map[string]any{},
		"peer_run":          map[string]any{},
		"log_file":          "/var/log/salt/master",
		"log_level":         "warning",
		"log_level_logfile": "warning",
		"user":              "root",
		"hash_type":         "sha256",
		"max_minions":       0,
		"pub_hwm":           1000, // frames queued per publish subscriber
		"keep_jobs_seconds": 86400,
		"show_timeout":      true,
		"id":                nil,
		// Syndic / master of masters (§6.1). syndic_master_port defaults to
		// master_port and syndic_mode to sync where they are read.
		"order_masters":                false,
		"syndic_master":                "masterofmasters",
		"syndic_wait":                  5,
		"syndic_failover":              "random",
		"syndic_forward_all_events":    false,
		"syndic_event_forward_timeout": 0.5,
		"syndic_jid_forward_cache_hwm": 100,
		"loop_interval":                60,
		"rotate_aes_key":               true,
		// §3.1/§3.5 MultiMaster-PKI
		"master_sign_pubkey":          false,
		"master_sign_key_name":        "master_sign",
		"master_use_pubkey_signature": false,
		"master_pubkey_signature":     "master_pubkey_signature",
	}
}

// MinionDefaults returns Salt 3006's minion defaults (spec §1.1). Note that
// publish_port is deliberately absent (§1.4).
func MinionDefaults() Opts {
	return Opts{
		"master":                    "salt",
		"master_type":               "str",
		"master_port":               4506,
		"master_uri_format":         "default",
		"master_alive_interval":     0,
		"master_failback":           false,
		"master_failback_interval":  0,
		"random_master":             false,
		"master_shuffle":            false,
		"retry_dns":                 30,
		"retry_dns_count":           nil,
		"auth_tries":                7,
		"auth_timeout":              5,
		"auth_safemode":             false,
		"acceptance_wait_time":      10,
		"acceptance_wait_time_max":  0,
		"rejected_retry":            false,
		"master_tries":              1,
		"random_reauth_delay":       10,
		"ping_interval":             0,
		"return_retry_timer":        5,
		"return_retry_timer_max":    10,
		"return_retry_tries":        3,
		"minion_jid_queue_hwm":      100,
		"verify_master_pubkey_sign": false,
		"always_verify_signature":   false,
		"master_sign_key_name":      "master_sign",
		"master_finger":             "",
		"open_mode":                 false, // salt/crypt.py verify_master skips the cached-key check when set
		"transport":                 "zeromq",
		"id":                        nil,
		"pki_dir":                   "/etc/salt/pki/minion",
		"cachedir":                  "/var/cache/salt/minion",
		"sock_dir":                  "/var/run/salt/minion",
		"log_file":                  "/var/log/salt/minion",
		"log_level":                 "warning",
		"log_level_logfile":         "warning",
		"user":                      "root",
		"file_client":               "remote",
		"file_roots":                map[string]any{"base": []any{"/srv/salt"}},
		"pillar_roots":              map[string]any{"base": []any{"/srv/pillar"}},
		"hash_type":                 "sha256",
		"minion_id_caching":         true,
		"grains":                    map[string]any{},
	}
}
