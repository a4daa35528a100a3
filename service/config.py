"""The server's settings: `referee.settings`, where the API and the worker both find them.

(Re-exported here under the names the service has always used.)
"""

from referee.settings import ENV, Settings, from_env, settings_from_env

__all__ = ["ENV", "Settings", "from_env", "settings_from_env"]
