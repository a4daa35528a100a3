"""The one composition function: `bootstrap(settings, …)` wires the store, the game log,
the notifier, the jobs, webhook delivery and the referee into a `WorkerContext`.

The API (`bootstrap.web.create_app`, with `serving=True`) and the worker (`ttr worker`,
and every process that runs a job) both start here, so they cannot drift apart.
Tests and embedders hand in their own adapters through the typed keyword arguments.

Embedded (no `TTR_REDIS_URL`): the SQLite file or `TTR_DATABASE_URL`, jobs in-process
(`InlineJobs`) with the bots thinking in processes of their own, notifications in
process memory. With Redis: RQ jobs on `Settings.queue` (the bots thinking in the
worker), and Redis pub/sub notifications.
"""

from __future__ import annotations

import importlib

from bootstrap.mail_keys import address_seal
from bootstrap.push_keys import push_sender
from events import GameLog, open_store
from events.ports import Store
from messaging.native_threads import off_the_hub
from messaging.notify import LocalNotifier, Notifier
from messaging.redis_notify import RedisNotifier
from referee.outreach import MailSender, PushSender
from referee.ports import Clock, Jobs, Observer
from referee.settings import Settings
from worker.analyst import Analyst
from worker.context import WorkerContext
from worker.log_mail import MailToLog
from worker.queue import DEFAULT_STALE_AFTER, InlineJobs, RqJobs
from worker.smtp_mail import MailBySmtp, SmtpServer
from worker.thinking import THINKING_PROCESSES, Thinking
from worker.webhook_config import WebhookConfig

# A worker meets each game once or twice (its end, a deadline): a small cache of
# states is plenty, and keeps a long-running worker's memory flat.
WORKER_CACHE_SIZE = 256


def bootstrap(settings: Settings, *, serving: bool = False, store: Store | None = None,
              notifier: Notifier | None = None, jobs: Jobs | None = None,
              clock: Clock | None = None, webhook_clock: Clock | None = None,
              observer: Observer | None = None,
              push: PushSender | None = None, mail: MailSender | None = None) -> WorkerContext:
    """A new context for `settings`; the arguments given replace what it would build.

    `serving`: for the API's process, which migrates the store at start (unless
    `migrate_on_start` is off), listens to the changes of the games its clients follow
    (so its game log may vouch for a cached state of those), keeps a large cache of states and
    starts the in-process jobs at once. Otherwise (a worker) none of that: `ttr worker`
    migrates once at its start. `clock`: the games' clock (default: the store's);
    `webhook_clock`: the webhook deliveries' (default: the wall clock). `push`: how
    notices are pushed to browsers (default: Web Push with this installation's VAPID
    key, `bootstrap.push_keys`).
    `webhook_clock`: the webhook deliveries' (default: the wall clock). `mail`: the
    mail sender (default: `mail_sender(settings)`).
    """
    # under gevent, SQLite's calls go to a few native threads (messaging.native_threads)
    store = store or off_the_hub(open_store(settings.database_url, **replica_options(settings)),
                                 settings.sqlite_threads)
    if serving and settings.migrate_on_start:
        store.migrate()
    if notifier is None:
        # (the notifications' Redis may be a cluster; the jobs' is always one Redis)
        notifier = (RedisNotifier(settings.notify_url, background=serving,
                                  cluster=settings.notify_redis_cluster)
                    if settings.notify_url else LocalNotifier())
    game_log = (GameLog(store, hearsay=notifier.hearsay) if serving
                else GameLog(store, cache_size=WORKER_CACHE_SIZE))
    holder: list[WorkerContext] = []
    if jobs is None:
        jobs = (RqJobs(settings.redis_url, settings.queue,
                       stale_after=settings.job_stale_after or DEFAULT_STALE_AFTER,
                       bot_pause=settings.bot_pause)
                if settings.redis_url
                else InlineJobs(lambda: holder[0], bot_pause=settings.bot_pause))
    # in-process jobs run in the web process, and the web process thinks out hints: a
    # bot's thinking there goes to processes apart (started at the first question)
    thinking = Thinking(settings.bot_budget_ms / 1000.0,
                        THINKING_PROCESSES if serving or isinstance(jobs, InlineJobs) else 0,
                        setup_budget=settings.bot_setup_budget_ms / 1000.0)
    ctx = WorkerContext(store=store, log=game_log, notifier=notifier, jobs=jobs,
                        clock=clock or store.clock,
                        webhooks=webhook_config(settings, webhook_clock),
                        observer=observer, thinking=thinking,
                        push=push or push_sender(settings, store),
                        mail=mail or mail_sender(settings),
                        addresses=address_seal(settings, store),
                        public_url=settings.public_url,
                        analyst=Analyst(settings.analysis_budget,
                                        apart=serving or isinstance(jobs, InlineJobs)))
    holder.append(ctx)
    if serving and isinstance(jobs, InlineJobs):
        jobs.start()  # its first sweep picks up what a previous run left unfinished
    return ctx


def replica_options(settings: Settings) -> dict[str, object]:
    """The store's options for a read replica (none configured: none)."""
    if not settings.replica_database_url:
        return {}
    return {"replica_url": settings.replica_database_url,
            "replica_max_lag": settings.replica_max_lag}


def webhook_config(settings: Settings, clock: Clock | None = None) -> WebhookConfig:
    """How a process delivers webhooks, from its settings."""
    config = WebhookConfig(allow_private=settings.webhook_allow_private)
    if settings.webhook_retry_delays is not None:
        config.retry_delays = tuple(settings.webhook_retry_delays)
    if settings.webhook_timeout is not None:
        config.timeout = float(settings.webhook_timeout)
    if clock is not None:
        config.clock = clock
    return config


def mail_sender(settings: Settings) -> MailSender:
    """How a process sends mail: through `settings.smtp_host`, or (none configured: the
    embedded default) to the log, marked as not sent."""
    if not settings.smtp_host:
        return MailToLog(settings.mail_from)
    return MailBySmtp(SmtpServer(settings.smtp_host, settings.smtp_port,
                                 settings.smtp_security.lower(), settings.smtp_username,
                                 settings.smtp_password, settings.smtp_timeout),
                      settings.mail_from)


def context_for(settings: Settings) -> WorkerContext:
    """A worker process's context: `bootstrap(settings)`, or what the hook named by
    `settings.worker_context` (``module:function``, called with the settings) returns."""
    hook = (settings.worker_context or "").strip()
    if not hook:
        return bootstrap(settings)
    module_name, _, name = hook.partition(":")
    built = getattr(importlib.import_module(module_name), name)(settings)
    if not isinstance(built, WorkerContext):
        raise TypeError(f"{hook} returned {type(built).__name__}, not a WorkerContext")
    return built
