DEFAULT_MASTER_OPTS = {"interface": "0.0.0.0", "timeout": 5}
DEFAULT_API_OPTS = {"rest_timeout": 300}
DEFAULT_MINION_OPTS = {"master": "salt", "master_alive_interval": 0}
VALID_OPTS = {"master": str}
