"""The `TTR_*` settings are read and checked once: a variable that cannot be used is
refused with a message naming it, and nothing of it is half-read. The application's
settings (`referee.settings`) and the HTTP server's (`service.config`) are read alike."""

from __future__ import annotations

import dataclasses

import pytest

from referee.settings import ENV, Settings, SettingsError, settings_from_env
from service.config import ENV as SERVER_ENV
from service.config import HTTP_ENV, HttpSettings, ServerSettings, from_env, http_settings_from_env

# fields set only by code (tests, the worker), never from the environment
NOT_FROM_THE_ENVIRONMENT = {"webhook_retry_delays", "webhook_timeout"}


def test_every_field_is_read_from_its_ttr_variable() -> None:
    fields = {f.name for f in dataclasses.fields(Settings)}
    assert set(ENV) == fields - NOT_FROM_THE_ENVIRONMENT
    assert set(HTTP_ENV) == {f.name for f in dataclasses.fields(HttpSettings)}
    assert all(variable == f"TTR_{name.upper()}" for name, variable in SERVER_ENV.items())


def test_a_variable_belongs_to_the_application_or_to_the_http_server_not_both() -> None:
    assert not set(ENV) & set(HTTP_ENV)
    assert SERVER_ENV == {**ENV, **HTTP_ENV}


def test_unset_and_empty_variables_leave_the_defaults() -> None:
    assert from_env({}) == ServerSettings(Settings(), HttpSettings())
    assert from_env({variable: " " for variable in SERVER_ENV}) == ServerSettings()


def test_values_are_read_as_their_fields_types() -> None:
    env = {
        "TTR_RATE_PER_TOKEN": "2.5", "TTR_BURST_PER_TOKEN": "7", "TTR_WEB_WORKERS": "3",
        "TTR_MIGRATE_ON_START": "off", "TTR_WEBHOOK_ALLOW_PRIVATE": "yes",
        "TTR_CORS_ORIGINS": "https://a.example, https://b.example",
        "TTR_JOB_STALE_AFTER": "12", "TTR_DATABASE_URL": "postgresql://db/ttr"}
    settings, http = settings_from_env(env), http_settings_from_env(env)
    assert http.rate_per_token == 2.5 and http.burst_per_token == 7
    assert http.web_workers == 3 and settings.job_stale_after == 12.0
    assert settings.migrate_on_start is False and settings.webhook_allow_private is True
    assert http.cors_origins == ("https://a.example", "https://b.example")
    assert settings.database_url == "postgresql://db/ttr"


def test_each_reads_only_its_own_variables() -> None:
    env = {"TTR_WEB_WORKERS": "0", "TTR_DATABASE_URL": "mysql://db/ttr"}
    with pytest.raises(SettingsError, match="^TTR_DATABASE_URL"):
        settings_from_env(env)
    with pytest.raises(SettingsError, match="^TTR_WEB_WORKERS"):
        http_settings_from_env(env)
    assert settings_from_env({"TTR_WEB_WORKERS": "0"}) == Settings()
    assert http_settings_from_env({"TTR_DATABASE_URL": "mysql://db/ttr"}) == HttpSettings()


REFUSED = {
    "TTR_RATE_PER_TOKEN": ("abc", "must be a number, not 'abc'"),
    "TTR_BURST_PER_TOKEN": ("2.5", "must be a whole number"),
    "TTR_WEB_WORKERS": ("0", "must be more than 0"),
    "TTR_TRUSTED_PROXIES": ("-1", "must not be negative"),
    "TTR_LONG_POLL_MAX": ("inf", "finite"),
    "TTR_MIGRATE_ON_START": ("maybe", "true or false"),
    "TTR_DATABASE_URL": ("mysql://db/ttr", "postgresql://"),
    "TTR_REDIS_URL": ("localhost:6379", "redis://"),
    "TTR_LOG_LEVEL": ("loud", "one of debug"),
    "TTR_WEB_WORKER_CLASS": ("eventlet", "gevent, gthread"),
    "TTR_WORKER_METRICS_PORT": ("70000", "port number"),
    "TTR_WORKER_SEEN_WITHIN": ("0", "more than 0"),
    "TTR_SPECTATOR_TTL": ("0", "more than 0"),
    "TTR_ADMIN_TOKEN": ("CHANGE-ME", "placeholder"),
    "TTR_BIND": ("127.0.0.1", "needs a port"),
    "TTR_CORS_ORIGINS": ("not-an-origin", "not an origin"),
    "TTR_SMTP_PORT": ("0", "port number"),
    "TTR_SMTP_SECURITY": ("ssl3", "one of starttls"),
    "TTR_SMTP_TIMEOUT": ("0", "more than 0"),
    "TTR_MAIL_FROM": ("nobody", "must be an address"),
    "TTR_PUBLIC_URL": ("play.example", "https://"),
    "TTR_MAIL_KEYS": ("short", "shorter than 32"),
}


@pytest.mark.parametrize("variable", sorted(REFUSED))
def test_a_variable_that_cannot_be_used_is_refused_by_name(variable: str) -> None:
    value, why = REFUSED[variable]
    with pytest.raises(SettingsError) as refused:
        from_env({variable: value})
    message = str(refused.value)
    assert message.startswith(variable) and why in message and "\n" not in message


@pytest.mark.parametrize("token", ["change-me", "CHANGEME-please-0123456789",
                                   "short-token", "aaaaaaaaaaaaaaaaaaaaaaaa",
                                   "my-admin-token-for-prod"])
def test_a_placeholder_or_short_admin_token_is_refused(token: str) -> None:
    with pytest.raises(SettingsError, match="TTR_ADMIN_TOKEN"):
        http_settings_from_env({"TTR_ADMIN_TOKEN": token})


def test_a_random_admin_token_is_taken() -> None:
    token = "9f2c4e7a1b3d5f60a8c2e4b6d8f0a1c3"
    assert http_settings_from_env({"TTR_ADMIN_TOKEN": token}).admin_token == token


@pytest.mark.parametrize("address", ["127.0.0.1", "garbage", "[::1]", "127.0.0.1:99999",
                                     "127.0.0.1:0", "127.0.0.1:http", ":8000", "unix:"])
def test_where_to_listen_needs_a_host_and_a_port(address: str) -> None:
    with pytest.raises(SettingsError, match="^TTR_BIND needs"):
        http_settings_from_env({"TTR_BIND": address})


@pytest.mark.parametrize("address", ["127.0.0.1:8000", "0.0.0.0:8000", "[::]:8000",
                                     "localhost:8080", "unix:/run/ttr.sock", "fd://3"])
def test_every_address_gunicorn_listens_on_is_taken(address: str) -> None:
    assert http_settings_from_env({"TTR_BIND": address}).bind == address


@pytest.mark.parametrize("origins", ["https://play.example/", "https://play.example/app",
                                     "play.example", "https://play.example:99999",
                                     "https://play.example, *", "https://user@play.example",
                                     "https://play.example?x=1"])
def test_cors_origins_must_be_origins(origins: str) -> None:
    with pytest.raises(SettingsError, match="^TTR_CORS_ORIGINS"):
        http_settings_from_env({"TTR_CORS_ORIGINS": origins})


@pytest.mark.parametrize("origins", ["*", "https://play.example",
                                     "http://localhost:5173, https://play.example:8443",
                                     "http://[::1]:8080"])
def test_star_or_a_list_of_origins_is_taken(origins: str) -> None:
    assert http_settings_from_env({"TTR_CORS_ORIGINS": origins}).cors_origins == tuple(
        o.strip() for o in origins.split(","))


@pytest.mark.parametrize("value", ["short", "not base64 at all!!", "q7HpdAb39TENjzJa"],
                         ids=["short", "not-base64", "16-octets"])
def test_a_vapid_key_that_is_not_32_octets_of_base64url_is_refused_by_name(value: str) -> None:
    with pytest.raises(SettingsError, match="^TTR_VAPID_PRIVATE_KEY must be a VAPID"):
        settings_from_env({"TTR_VAPID_PRIVATE_KEY": value})


@pytest.mark.parametrize("value", ["operator@example.com", "mailto:operator",
                                   "http://ttr.example.com", "https://"],
                         ids=["no-scheme", "no-domain", "http", "no-host"])
def test_a_vapid_subject_that_reaches_no_one_is_refused_by_name(value: str) -> None:
    with pytest.raises(SettingsError, match="^TTR_VAPID_SUBJECT must be a mailto:"):
        settings_from_env({"TTR_VAPID_SUBJECT": value})


def test_the_vapid_subject_is_a_way_to_reach_the_operator() -> None:
    for value in ("https://ttr.example.com", "https://ttr.example.com/contact",
                  "mailto:ops@ttr.example.com"):
        assert settings_from_env({"TTR_VAPID_SUBJECT": value}).vapid_subject == value


def test_the_spectator_ttl_is_read_in_seconds_and_defaults_to_a_minute() -> None:
    assert Settings().spectator_ttl == 60.0
    assert settings_from_env({"TTR_SPECTATOR_TTL": "0.5"}).spectator_ttl == 0.5
