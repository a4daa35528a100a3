"""gunicorn's configuration for running the API without `ttr serve`:

    gunicorn -c deploy/gunicorn.conf.py 'bootstrap.web:create_app()'

Every setting comes from `service.serve.gunicorn_options(service.config.from_env())`,
the function `ttr serve` uses, so the two ways of starting the API never disagree:
change a setting there (or through its `TTR_*` variable), not here. A command-line
flag given to gunicorn still wins over this file.

The server hooks keep the Prometheus metrics of the worker processes right
(`service/observability/`): stale files of an earlier run are removed when the
master starts, and a worker's live gauges go when it exits. Each worker's garbage
collector is set once its app is loaded and its streams end when it is told to stop
(`service.serve.start_worker`); a request's body gets `TTR_BODY_TIMEOUT` seconds to
arrive, at `TTR_BODY_MIN_RATE` bytes a second after `TTR_BODY_GRACE`
(`service.serve.read_body_in_time`), its headers `TTR_HEADER_TIMEOUT`. The gevent
worker class (`service.doorman.GeventWorker`) counts connections as they come in:
`TTR_CONNECTIONS_PER_ADDRESS` per address, `worker_connections` in all.
"""

from __future__ import annotations

from service import observability
from service.config import from_env
from service.http_errors import worker_class_path
from service.serve import gunicorn_options

# `ttr serve` sets only the settings that have a value; None means gunicorn's default
OPTIONS = {key: value for key, value in gunicorn_options(from_env()).items()
           if value is not None}
# gunicorn's worker, answering its own errors (414, 431, 400) as problem+json
OPTIONS["worker_class"] = worker_class_path(OPTIONS["worker_class"])
globals().update(OPTIONS)

if "on_starting" not in OPTIONS:
    on_starting = observability.gunicorn_on_starting
if "child_exit" not in OPTIONS:
    child_exit = observability.gunicorn_child_exit
