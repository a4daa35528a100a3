"""gunicorn's own log (its arbiter's and workers' lines, and its access lines when
`TTR_ACCESS_LOG` asks for them) as JSON lines, like every other record of the service
(`referee.log_lines`): gunicorn's `logger_class` (`service.serve.gunicorn_options`)."""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from referee.log_lines import JsonLines


class JsonLog(Logger):  # type: ignore[misc]
    """gunicorn's logger, each of its handlers writing JSON lines: a worker's crash is
    one line with its traceback as the `exception` field, not lines of text."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(JsonLines())
