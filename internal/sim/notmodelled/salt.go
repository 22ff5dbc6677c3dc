package notmodelled

// What Salt has, from Salt 3008.4's source (the double imitates 3006.9;
// module and function names are the same for everything listed here):
// module names are the files of salt/modules, salt/runners and salt/wheel,
// or their __virtualname__; functions are each module's public functions
// and its __func_alias__ names, listed for the modules the double has in
// part only, so a name Salt lacks there still gets Salt's own answer.

func executionModules() string {
	return "acl aliases alternatives ansible apache apf appx archive artifactory assistive asymmetric at " +
		"auditpol autoruns baredoc bcache beacons bgp bridge cassandra_cql celery certutil chef " +
		"chocolatey chronos chroot cloud cmd config cp cron cryptdev data debconf defaults desktop " +
		"devinfo devmap dig disk dism dnsutil dsc dsc_resource environ etcd ethtool event extfs file " +
		"firewall firewalld fmadm git gpg grains group hashutil highstate_doc hosts http idem incron ini " +
		"iosconfig ip ipset iptables iwtools jinja junos kernelpkg key keyboard keychain kmod lgpo " +
		"lgpo_reg license linux_service locale locate log logrotate lowpkg lvm macdefaults macpackage " +
		"match mine minion mount mysql nacl napalm napalm_formula napalm_yang net netacl netaddress " +
		"network nfs3 nftables npm ntp nxos nxos_api oracle osquery out pam partition pillar pip pkg " +
		"pkg_resource pkgbuild pkgutil postgres power powercfg probes proxy ps psget publish puppet " +
		"pyeapi pyenv quota rabbitmq raid random rbac rdp reg rest_sample_utils restartcheck ret route " +
		"rsync salt_proxy salt_version saltcheck saltcloud saltutil schedule scp scsi sdb seed selinux " +
		"service shadow shortcut slack slsutil smbios snapper snmp softwareupdate sqlite3 ssh ssh_pki " +
		"state status supervisord sys sysctl sysfs syslog_ng system task temp test test_virtual textfsm " +
		"timezone tls udev user users vagrant virtualenv vsphere webutil win_dacl win_dns_client " +
		"win_event win_iis win_path win_pki win_servermanager win_smtp_server win_snmp win_wua winrepo " +
		"wusa x509 xattr xfs xml yaml zk_concurrency zoneadm zonecfg"
}

func executionFunctions() map[string]string {
	return map[string]string{
		"cmd": "exec_code exec_code_all has_exec powershell powershell_all retcode run run_all run_bg run_chroot " +
			"run_stderr run_stdout script script_retcode shell shell_info shells tty which which_bin",
		"config": "backup_mode dot_vals gather_bootstrap_script get items manage_mode merge option valid_fileproto",
		"cp": "cache_dest cache_dir cache_file cache_files cache_local_file cache_master envs get_dir get_file " +
			"get_file_str get_template get_url hash_file is_cached list_master list_master_dirs " +
			"list_master_symlinks list_minion list_states push push_dir recv recv_chunked stat_file",
		"event":  "fire fire_master send",
		"grains": "append delkey delval equals filter_by get has_value item items ls remove set setval setvals",
		"key":    "finger finger_master",
		"pillar": "data ext file_exists filter_by get item items keys ls obfuscate raw",
		"saltutil": "clear_cache clear_job_cache cmd cmd_iter find_cached_job find_job is_running kill_all_jobs " +
			"kill_job list_extmods mmodule refresh_beacons refresh_grains refresh_matchers refresh_modules " +
			"refresh_pillar refresh_resources regen_keys revoke_auth runner running signal_job sync_all " +
			"sync_beacons sync_clouds sync_engines sync_executors sync_grains sync_log_handlers sync_matchers " +
			"sync_modules sync_output sync_pillar sync_proxymodules sync_renderers sync_resources " +
			"sync_returners sync_sdb sync_serializers sync_states sync_thorium sync_tops sync_utils " +
			"sync_wrapper term_all_jobs term_job update wheel",
		"sys": "argspec doc list_functions list_modules list_renderers list_returner_functions list_returners " +
			"list_runner_functions list_runners list_state_functions list_state_modules reload_modules " +
			"renderer_doc returner_argspec returner_doc runner_argspec runner_doc state_argspec state_doc " +
			"state_schema",
		"test": "arg arg_clean arg_repr arg_type assertion attr_call collatz conf_test cross_test " +
			"deprecation_warning echo exception false fib get_opts kwarg missing_func module_report " +
			"not_loaded opts_pkg outputter ping provider providers raise_exception rand_sleep rand_str " +
			"random_hash retcode sleep stack true try tty version versions_information versions_report",
	}
}

func runnerModules() string {
	return "auth batch cache cluster config doc error event fileserver git_pillar http jobs manage match " +
		"mine net network pillar pki queue reactor resource salt saltutil sdb ssh state survey test " +
		"winrepo"
}

func runnerFunctions() map[string]string {
	return map[string]string{
		"config": "get",
		"event":  "send",
		"jobs":   "active exit_success last_run list_job list_jobs list_jobs_filter lookup_jid master print_job",
		"manage": "alived allowed bootstrap bootstrap_psexec down joined key_regen list_not_state list_state " +
			"not_alived not_allowed not_joined not_present not_reaped present reaped safe_accept status up " +
			"versions",
		"state": "event graph graph_highstate orchestrate orchestrate_high orchestrate_show_sls orchestrate_single " +
			"pause resume soft_kill",
	}
}

func wheelModules() string { return "config error file_roots key minions pillar_roots" }

func wheelFunctions() map[string]string {
	return map[string]string{
		"key": "accept accept_dict delete delete_dict finger finger_master gen gen_accept gen_keys gen_signature " +
			"glob_match list list_all master_key_str name_match print reject reject_dict",
	}
}
