"""The API's composition: `create_app(settings, http, …)` builds the bootstrap's context (the
same as a worker's) with the API's accounts and rate limits on top (`build_services`),
and hands them to `service.app.create_app`.

It is also gunicorn's app: ``gunicorn -c deploy/gunicorn.conf.py
'bootstrap.web:create_app()'``. Tests and embedders hand in their own adapters through
the keyword arguments (a clock, a recording notifier, …).
"""

from __future__ import annotations

from flask import Flask

from bootstrap.context import bootstrap
from bootstrap.token_keys import token_seal
from events.ports import Store
from messaging.notify import Notifier
from messaging.redis_notify import RedisNotifier
from messaging.spectators import MemorySpectators, RedisSpectators, Spectators
from referee.ports import Clock, Jobs
from referee.settings import Settings
from service import app as api
from service import observability
from service.auth import Accounts
from service.config import HttpSettings, from_env
from service.mail_addresses import Mailing
from service.ratelimit import Limiter, MemoryLimiter, RedisLimiter
from service.replica_reads import MemoryMarks, RedisMarks, mark_ttl
from worker.hints import ContextHints
from worker.presence import QueuePresence
from worker.web_push import WebPushSender
from worker.webhook_delivery import ContextWebhooks


def build_services(settings: Settings, http: HttpSettings, *, store: Store | None = None,
                   notifier: Notifier | None = None, jobs: Jobs | None = None,
                   clock: Clock | None = None, limiter: Limiter | None = None,
                   webhook_clock: Clock | None = None) -> api.Services:
    """What the API's requests use: the bootstrap's context (`serving`: see
    `bootstrap.context.bootstrap`), the accounts and the rate limiter."""
    context = bootstrap(settings, serving=True, store=store, notifier=notifier, jobs=jobs,
                        clock=clock, webhook_clock=webhook_clock,
                        observer=observability.REFEREE_OBSERVER)
    if isinstance(context.notifier, RedisNotifier):
        context.notifier.on_heard = observability.notification_heard
    if limiter is None:
        limiter = RedisLimiter(settings.redis_url) if settings.redis_url else MemoryLimiter()
    accounts = Accounts(context.store, http.admin_token, context.notifier, clock=clock,
                        seal=token_seal(http, context.store))
    queue = getattr(context.jobs, "queue_name", None) or str(settings.queue)
    return api.Services(settings=settings, http=http, worker=context, accounts=accounts,
                        limiter=limiter,
                        workers=QueuePresence(settings.redis_url, queue,
                                              settings.worker_seen_within),
                        webhooks=ContextWebhooks(context), hints=ContextHints(context),
                        push_key=(context.push.key.public
                                  if isinstance(context.push, WebPushSender) else None),
                        mailing=Mailing(context.addresses, context.jobs, context.public_url),
                        marks=written_marks(settings, queue),
                        spectators=spectators_of(settings, queue))


def written_marks(settings: Settings, queue: str) -> api.WrittenMarks | None:
    """Where the API keeps its users' last writes for the read replica: Redis, shared by
    every API process; this process's memory without Redis; none without a replica."""
    if not settings.replica_database_url:
        return None
    ttl = mark_ttl(settings.replica_max_lag)
    return (RedisMarks(settings.redis_url, queue, ttl) if settings.redis_url
            else MemoryMarks(ttl))


def spectators_of(settings: Settings, queue: str) -> Spectators:
    """Where the API keeps who watches each game: Redis, shared by every API process;
    this process's memory without Redis."""
    ttl = settings.spectator_ttl
    return RedisSpectators(settings.redis_url, queue, ttl) if settings.redis_url \
        else MemorySpectators(ttl)


def create_app(settings: Settings | None = None, *, http: HttpSettings | None = None,
               store: Store | None = None,
               notifier: Notifier | None = None, jobs: Jobs | None = None,
               clock: Clock | None = None, limiter: Limiter | None = None,
               webhook_clock: Clock | None = None) -> Flask:
    """The app for `settings` and `http` (without `settings`: both from the environment;
    with it, `http` defaults); the adapters given replace the ones the bootstrap would
    build (tests: a clock, a recording notifier…)."""
    if settings is None:
        read = from_env()
        settings, http = read.app, http or read.http
    services = build_services(settings, http or HttpSettings(), store=store,
                              notifier=notifier, jobs=jobs, clock=clock, limiter=limiter,
                              webhook_clock=webhook_clock)
    return api.create_app(services)
