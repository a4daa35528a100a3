"""deploy/ agrees with the code: every file is parsed and held to what `ttr` really does.

No image is built here (no container engine on the test machines): instead each
command must parse as a `ttr` subcommand, each `TTR_*` variable must be one the code
reads, the port everywhere must be the one `ttr serve` binds to with the environment
the container gets, each probe must hit a route of the app, the image's health check
is run against a live server, the gunicorn config is loaded by gunicorn itself, and
the dependencies the image installs (pyproject.toml's, locked in requirements.lock)
must cover every import of the packages it ships. Every image carries the project's
version, and no secret is shipped. The cluster override is laid over the base compose
file as compose does, its settings must name its own replica and Redis Cluster, and
its balancer's config is checked by haproxy itself.
"""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import tomllib
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from werkzeug.exceptions import HTTPException
from werkzeug.serving import make_server

from bootstrap import cli
from bootstrap.web import create_app
from events import MEMORY_URL
from referee.settings import SettingsError
from service import observability
from service.config import ENV, Settings, from_env
from service.serve import gunicorn_options

ROOT = Path(__file__).absolute().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
PACKAGES = ("bootstrap", "bots", "domain", "events", "messaging", "referee", "service",
            "worker")
REQUIRED = {"TTR_DATABASE_URL", "TTR_REDIS_URL"}
SERVE_PORT = 8000


# -- what the code accepts -------------------------------------------------------------

def variables_the_code_reads() -> set[str]:
    """`service.config.ENV` and every other `TTR_*` string literal in the shipped code
    (service/serve.py's, the worker's): docstrings and comments do not count."""
    names = set(ENV.values())
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and re.fullmatch(r"TTR_[A-Z0-9_]+", node.value)):
                    names.add(node.value)
    return names


ALLOWED = variables_the_code_reads()


class Parsed(Exception):
    def __init__(self, namespace: argparse.Namespace) -> None:
        self.namespace = namespace


def parse_ttr(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> argparse.Namespace:
    """`argv` parsed by `ttr`'s own parser (bootstrap.cli.main), stopped before it runs
    anything; an invalid command line fails the test."""
    original = argparse.ArgumentParser.parse_args

    def parse_and_stop(self: argparse.ArgumentParser, args: Any = None,
                       namespace: Any = None) -> Any:
        raise Parsed(original(self, args, namespace))

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", parse_and_stop)
        try:
            cli.main(argv)
        except Parsed as parsed:
            return parsed.namespace
        except SystemExit as error:
            pytest.fail(f"`ttr {' '.join(argv)}` is not a ttr command line ({error})")
    pytest.fail(f"`ttr {' '.join(argv)}` ran instead of being parsed")


def check_ttr_command(command: list[str], subcommand: str,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert command[0] == "ttr", command
    assert command[1] == subcommand, command
    # `ttr worker …` hands its options to the worker's own parser; the others parse
    # with ttr's, which names the subcommand
    namespace = parse_ttr(command[1:], monkeypatch)
    if subcommand != "worker":
        assert namespace.command == subcommand


def bind_port(env: dict[str, str]) -> int:
    """The port `ttr serve` binds to with this environment (service/serve.py)."""
    bind = gunicorn_options(from_env(env))["bind"]
    host, _, port = bind.rpartition(":")
    assert host in ("0.0.0.0", "[::]"), f"{bind} is not reachable from outside the container"
    return int(port)


def check_variables(env: dict[str, str], where: str) -> None:
    unknown = {name for name in env if name.startswith("TTR_")} - ALLOWED
    assert not unknown, f"{where} sets {sorted(unknown)}, which no code reads"


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = create_app(Settings(database_url=MEMORY_URL))
    if "ttr-observability" not in app.extensions:  # until create_app installs it itself
        observability.install(app)
    yield app
    app.extensions["ttr"].close()


def check_route(app: Flask, path: str) -> None:
    try:
        app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException as error:
        pytest.fail(f"GET {path} matches no route of the app: {error}")


# -- the Dockerfile ------------------------------------------------------------------------

@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [args for kw, args in self.instructions if kw == keyword]

    def last(self, keyword: str) -> str:
        found = self.all(keyword)
        assert found, f"the stage has no {keyword}"
        return found[-1]

    def env(self) -> dict[str, str]:
        values: dict[str, str] = {}
        for args in self.all("ENV"):
            for pair in shlex.split(args):
                key, _, value = pair.partition("=")
                values[key] = value
        return values


def dockerfile_stages(path: Path = DEPLOY / "Dockerfile") -> list[Stage]:
    """The Dockerfile's stages, each with its instructions (continuations joined,
    comments dropped, ARG defaults substituted in FROM)."""
    logical: list[str] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    args: dict[str, str] = {}
    stages: list[Stage] = []
    for line in logical:
        keyword, _, rest = line.partition(" ")
        keyword, rest = keyword.upper(), rest.strip()
        if keyword == "ARG" and not stages:
            name, _, default = rest.partition("=")
            args[name] = default
        elif keyword == "FROM":
            parts = rest.split()
            base = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args[m.group(1) or m.group(2)],
                          parts[0])
            alias = parts[2] if len(parts) == 3 and parts[1].upper() == "AS" else None
            stages.append(Stage(base, alias))
        else:
            assert stages, f"{keyword} before the first FROM"
            stages[-1].instructions.append((keyword, rest))
    return stages


STAGES = dockerfile_stages()
RUNTIME = STAGES[-1]
IMAGE_ENV = RUNTIME.env()


def exec_form(args: str) -> list[str]:
    value = json.loads(args)
    assert isinstance(value, list) and all(isinstance(v, str) for v in value), args
    return value


def healthcheck_command() -> list[str]:
    options, _, command = RUNTIME.last("HEALTHCHECK").partition("CMD ")
    assert "--interval" in options and "--timeout" in options
    return exec_form(command)


def test_the_image_is_built_in_stages_on_slim_python_311() -> None:
    assert len(STAGES) >= 2
    for stage in STAGES:
        assert re.fullmatch(r"python:3\.11(\.\d+)?-slim(-\w+)?", stage.base), stage.base
    builders = {stage.name for stage in STAGES[:-1]}
    copied_from = {m.group(1) for args in RUNTIME.all("COPY")
                   for m in [re.search(r"--from=(\S+)", args)] if m}
    assert copied_from and copied_from <= builders
    # the runtime stage installs nothing of its own: the builder's virtualenv is all
    assert not any("pip install" in run for run in RUNTIME.all("RUN"))


def test_the_image_runs_as_a_numeric_non_root_user() -> None:
    user = RUNTIME.last("USER")
    uid, _, gid = user.partition(":")
    # numeric, so that Kubernetes' runAsNonRoot can verify it
    assert uid.isdigit() and int(uid) > 0, user
    assert not gid or (gid.isdigit() and int(gid) > 0), user
    assert any(f"--uid {uid}" in run for run in RUNTIME.all("RUN"))


def test_the_image_serves_on_the_port_it_exposes() -> None:
    assert IMAGE_ENV["TTR_BIND"] == f"0.0.0.0:{SERVE_PORT}"
    check_variables(IMAGE_ENV, "the Dockerfile")
    assert RUNTIME.last("EXPOSE").split() == [str(bind_port(IMAGE_ENV))]


def test_the_image_starts_ttr_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    check_ttr_command(exec_form(RUNTIME.last("CMD")), "serve", monkeypatch)
    assert not RUNTIME.all("ENTRYPOINT")
    assert "/opt/ttr/bin" in IMAGE_ENV["PATH"].split(":")


def test_the_metrics_directory_is_made_and_owned_by_the_image_user() -> None:
    directory = IMAGE_ENV["PROMETHEUS_MULTIPROC_DIR"]
    uid = RUNTIME.last("USER").partition(":")[0]
    assert any(directory in run and f"chown {uid}" in run for run in RUNTIME.all("RUN"))


def test_the_image_copies_what_pyproject_builds_and_the_ignore_file_keeps_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    sources: set[str] = set()
    for stage in STAGES:
        for args in stage.all("COPY"):
            if "--from=" in args:
                continue
            *paths, _ = args.split()
            sources.update(paths)
    for source in sources:
        assert (ROOT / source).exists(), f"COPY {source}: not in the build context"
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]
                ["include"]}
    assert packages == set(PACKAGES) and packages <= sources
    assert {"pyproject.toml", project["project"]["readme"]} <= sources
    ignored = [line.strip() for line in (DEPLOY / "Dockerfile.dockerignore").read_text()
               .splitlines() if line.strip() and not line.startswith("#")]
    for source in sources:
        for pattern in ignored:
            assert not fnmatch(source, pattern.lstrip("/")), f"{pattern} ignores {source}"


def test_the_image_health_check_asks_healthz_of_a_live_server(app: Flask) -> None:
    command = healthcheck_command()
    assert "/healthz" in " ".join(command)
    check_route(app, "/healthz")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        env = {**IMAGE_ENV, "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
               "TTR_BIND": f"0.0.0.0:{server.port}"}
        healthy = subprocess.run(command, env=env, capture_output=True, text=True, timeout=30)
        assert healthy.returncode == 0, healthy.stderr
    finally:
        server.shutdown()
        thread.join()
    # nothing listens there now: the check must fail
    unhealthy = subprocess.run(command, env=env, capture_output=True, timeout=30)
    assert unhealthy.returncode != 0


def test_every_data_file_of_the_packages_goes_into_the_wheel() -> None:
    """The image runs the installed wheel, not the source tree: a file the code reads
    (a board, a replay page) must be in `[tool.setuptools.package-data]`."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "setuptools"].get("package-data", {})
    shipped: set[Path] = set()
    for package, patterns in package_data.items():
        directories = ([ROOT / p for p in PACKAGES] if package == "*"
                       else [ROOT / package.replace(".", "/")])
        for directory in directories:
            for pattern in patterns:
                shipped.update(directory.glob(pattern))
    left_out = sorted(str(path.relative_to(ROOT)) for package in PACKAGES
                      for path in (ROOT / package).rglob("*")
                      if path.is_file() and path.suffix not in (".py", ".pyc")
                      and "__pycache__" not in path.parts and path not in shipped)
    assert not left_out, f"not in the wheel (pyproject.toml package-data): {left_out}"


def test_every_third_party_import_is_a_declared_dependency() -> None:
    """The image installs pyproject.toml's dependencies and nothing else: a module the
    shipped packages import but no declared dependency brings would fail in it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    installed: dict[str, set[str]] = {}  # distribution → the extras asked of it
    todo = [(Requirement(r), "") for r in project["dependencies"]]
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        new = {""} | set(requirement.extras)
        if new <= installed.get(name, set()):
            continue  # already followed with these extras
        installed.setdefault(name, set()).update(new)
        try:
            requires = importlib.metadata.requires(requirement.name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        todo.extend((Requirement(r), e) for r in requires for e in new)
    providers = importlib.metadata.packages_distributions()
    missing: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                else:
                    continue
                for module in modules:
                    top = module.partition(".")[0]
                    if top in sys.stdlib_module_names or top in PACKAGES or top == "__future__":
                        continue
                    dists = {canonicalize_name(d) for d in providers.get(top, [])}
                    if not dists & installed.keys():
                        missing.setdefault(top, []).append(str(path.relative_to(ROOT)))
    assert not missing, ("imported but not brought by pyproject.toml's dependencies "
                         f"(the image would fail): {missing}")


# -- docker-compose ------------------------------------------------------------------------

COMPOSE = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
TTR_SERVICES = {"migrate": "migrate", "api": "serve", "worker": "worker"}


def compose_env(service: str, shell: dict[str, str] | None = None,
                services: dict[str, Any] = SERVICES) -> dict[str, str]:
    """What a ttr container of the compose file sees: the image's ENV, then its own
    (`${VAR:-default}` taken from `shell`, by default an empty one, as compose does)."""
    def interpolate(value: str) -> str:
        return re.sub(r"\$\{(\w+)(?::-([^}]*))?\}",
                      lambda m: (shell or {}).get(m.group(1)) or m.group(2) or "", value)

    own = {key: interpolate(str(value))
           for key, value in services[service].get("environment", {}).items()}
    return {**IMAGE_ENV, **own}


def test_compose_has_the_five_services() -> None:
    assert set(SERVICES) == {"postgres", "redis", "migrate", "api", "worker"}
    assert SERVICES["postgres"]["image"].partition(":")[2].split(".")[0] == "15"
    assert SERVICES["redis"]["image"].partition(":")[2].split(".")[0] == "7"
    assert "pg_isready" in " ".join(SERVICES["postgres"]["healthcheck"]["test"])
    assert "ping" in SERVICES["redis"]["healthcheck"]["test"]


@pytest.mark.parametrize("service", sorted(TTR_SERVICES))
def test_compose_ttr_services_run_ttr_commands_on_the_built_image(
        service: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = SERVICES[service]
    check_ttr_command(spec["command"], TTR_SERVICES[service], monkeypatch)
    build = spec["build"]
    assert (DEPLOY / build["context"] / build["dockerfile"]).resolve() == \
        (DEPLOY / "Dockerfile").resolve()
    assert spec["image"] == SERVICES["api"]["image"]


@pytest.mark.parametrize("service", sorted(TTR_SERVICES))
def test_compose_ttr_services_set_known_variables_and_reach_the_stores(service: str) -> None:
    env = compose_env(service)
    check_variables(env, f"compose service {service}")
    assert REQUIRED <= env.keys()
    settings = from_env(env).app
    database = re.match(r"postgresql://(\w+):(\w+)@(\w+):5432/(\w+)$", settings.database_url or "")
    assert database, settings.database_url
    postgres = SERVICES["postgres"]["environment"]
    assert database.groups() == (postgres["POSTGRES_USER"], postgres["POSTGRES_PASSWORD"],
                                 "postgres", postgres["POSTGRES_DB"])
    assert re.match(r"redis://redis:6379(/\d+)?$", settings.redis_url or "")
    if service != "migrate":
        assert settings.migrate_on_start is False, "migrations run once, in `migrate`"


def test_compose_starts_in_order() -> None:
    assert SERVICES["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for service in ("api", "worker"):
        depends = SERVICES[service]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["redis"]["condition"] == "service_healthy"


def test_compose_api_publishes_and_checks_the_port_it_binds(app: Flask) -> None:
    api = SERVICES["api"]
    port = bind_port(compose_env("api"))
    assert port == SERVE_PORT
    published = [str(p).rpartition(":")[2] for p in api["ports"]]
    assert published == [str(port)]
    test = api["healthcheck"]["test"]
    assert test[0] == "CMD"
    check = " ".join(test[1:])
    assert f"127.0.0.1:{port}/healthz" in check
    check_route(app, "/healthz")
    # the gunicorn workers' metrics go to a fresh tmpfs at the image's directory
    tmpfs = [entry.partition(":")[0] for entry in api["tmpfs"]]
    assert IMAGE_ENV["PROMETHEUS_MULTIPROC_DIR"] in tmpfs


def test_compose_migrate_does_not_inherit_the_http_health_check() -> None:
    assert SERVICES["migrate"]["healthcheck"] == {"disable": True}


def test_compose_worker_checks_its_own_liveness_probe() -> None:
    port = compose_env("worker")["TTR_WORKER_METRICS_PORT"]
    test = SERVICES["worker"]["healthcheck"]["test"]
    assert test[0] == "CMD"
    liveness, _ = observability.WORKER_PROBES
    assert f"127.0.0.1:{port}{liveness}" in " ".join(test[1:])


# -- docker-compose.cluster.yml: the shape of several machines -----------------------------

class Reset:
    """`!reset` in an override: the key is dropped from what the base file said."""


class ComposeLoader(yaml.SafeLoader):
    pass


ComposeLoader.add_constructor("!reset", lambda loader, node: Reset())

# sequences an override replaces whole; compose appends the others (ports, volumes…)
REPLACED_SEQUENCES = {"command", "entrypoint", "test"}


def compose_merge(base: Any, override: Any, key: str = "") -> Any:
    """`override` laid over `base` as `docker compose -f base -f override` does."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for name, value in override.items():
            if isinstance(value, Reset):
                merged.pop(name, None)
            else:
                merged[name] = (compose_merge(base[name], value, name) if name in base
                                else value)
        return merged
    if (isinstance(base, list) and isinstance(override, list)
            and key not in REPLACED_SEQUENCES):
        return base + [item for item in override if item not in base]
    return override


CLUSTER = yaml.load((DEPLOY / "docker-compose.cluster.yml").read_text(),
                    Loader=ComposeLoader)
CLUSTER_SERVICES: dict[str, Any] = compose_merge(SERVICES, CLUSTER["services"])
REDIS_NODES = sorted(name for name in CLUSTER_SERVICES
                     if re.fullmatch(r"redis-node-\d+", name))
HAPROXY_CFG = DEPLOY / "haproxy.cfg"


def script(service: str) -> str:
    """The shell script a service runs as `bash -c SCRIPT` (compose's `$$` is `$`)."""
    entrypoint = CLUSTER_SERVICES[service]["entrypoint"]
    assert entrypoint[:2] == ["bash", "-c"] and len(entrypoint) == 3, entrypoint
    text: str = entrypoint[2].replace("$$", "$")
    checked = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
    assert checked.returncode == 0, f"{service}: {checked.stderr}"
    return text


def command_option(command: list[str], option: str) -> str:
    assert option in command, f"{option} not in {command}"
    return command[command.index(option) + 1]


def haproxy_sections() -> dict[str, list[str]]:
    """haproxy.cfg: each section's header (`backend api`) → its lines, comments dropped."""
    sections: dict[str, list[str]] = {}
    lines: list[str] = []
    for raw in HAPROXY_CFG.read_text().splitlines():
        line = raw.partition("#")[0].strip()
        if not line:
            continue
        if not raw[0].isspace():
            lines = sections.setdefault(line, [])
        else:
            lines.append(line)
    return sections


HAPROXY = haproxy_sections()
BACKENDS = {header.split()[1]: lines for header, lines in HAPROXY.items()
            if header.startswith("backend ")}


def seconds(value: str) -> float:
    """An HAProxy time (`90s`; a bare number is milliseconds)."""
    match = re.fullmatch(r"(\d+)(ms|s|m|h)?", value)
    assert match, value
    number, unit = match.groups()
    return int(number) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600, None: 0.001}[unit]


def test_cluster_override_adds_a_replica_a_redis_cluster_and_a_balancer() -> None:
    assert CLUSTER["name"] == COMPOSE["name"]  # one project with the base file's services
    assert set(CLUSTER["services"]) - set(SERVICES) == {
        "postgres-replica", "redis-cluster-init", "haproxy", *REDIS_NODES}
    assert CLUSTER_SERVICES["postgres-replica"]["image"] == SERVICES["postgres"]["image"]
    assert "pg_isready" in " ".join(CLUSTER_SERVICES["postgres-replica"]["healthcheck"]["test"])
    for node in REDIS_NODES:
        spec = CLUSTER_SERVICES[node]
        assert spec["image"] == SERVICES["redis"]["image"], node
        assert command_option(spec["command"], "--cluster-enabled") == "yes", node
        assert "ping" in spec["healthcheck"]["test"], node
    assert re.fullmatch(r"haproxy:\d+\.\d+(\.\d+)?", CLUSTER_SERVICES["haproxy"]["image"])


def test_the_redis_cluster_is_formed_once_of_three_primaries_each_with_a_replica() -> None:
    assert len(REDIS_NODES) == 6
    init = CLUSTER_SERVICES["redis-cluster-init"]
    assert init["image"] == SERVICES["redis"]["image"]
    text = script("redis-cluster-init")
    assert re.search(r"redis-cli --cluster create .*--cluster-replicas 1 --cluster-yes", text)
    for node in REDIS_NODES:
        assert re.search(rf"\b{node}\b", text), f"{node} is not in the cluster it forms"
        assert init["depends_on"][node]["condition"] == "service_healthy"
    # a cluster formed before (a restart of the stack) is left alone, and the one-shot
    # is done only once every slot is served
    assert "cluster_known_nodes" in text and "cluster_state:ok" in text
    assert init["restart"] == "no"


def test_the_replica_copies_the_primary_then_streams_from_it() -> None:
    replica = CLUSTER_SERVICES["postgres-replica"]
    basebackup = re.search(r"pg_basebackup\b([^\n;]*)", script("postgres-replica"))
    assert basebackup, "the replica does not copy the primary"
    options = shlex.split(basebackup.group(1))
    assert "-R" in options  # writes the connection it streams from, and standby.signal
    assert command_option(options, "-X") == "stream"
    assert command_option(options, "-h") == "postgres" and "postgres" in CLUSTER_SERVICES
    assert replica["depends_on"]["postgres"]["condition"] == "service_healthy"
    # its own data directory, not the primary's
    assert not set(replica["volumes"]) & set(CLUSTER_SERVICES["postgres"]["volumes"])
    # the primary lets that user in to replicate, with the password the replica has
    primary = CLUSTER_SERVICES["postgres"]
    assert primary["environment"]["REPLICATION_USER"] == command_option(options, "-U")
    assert primary["environment"]["REPLICATION_PASSWORD"] == replica["environment"]["PGPASSWORD"]
    [init] = [v for v in primary["volumes"] if ":/docker-entrypoint-initdb.d/" in v]
    init_script = (DEPLOY / init.partition(":")[0]).read_text()
    assert "WITH REPLICATION LOGIN" in init_script
    assert "host replication $REPLICATION_USER" in init_script
    checked = subprocess.run(["bash", "-n"], input=init_script, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("service", sorted(TTR_SERVICES))
def test_cluster_ttr_services_run_ttr_commands_on_the_built_image(
        service: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = CLUSTER_SERVICES[service]
    check_ttr_command(spec["command"], TTR_SERVICES[service], monkeypatch)
    assert spec["image"] == SERVICES["api"]["image"] and spec["build"] == SERVICES[service]["build"]
    check_variables(compose_env(service, services=CLUSTER_SERVICES), f"cluster {service}")


@pytest.mark.parametrize("service", ["api", "worker"])
def test_cluster_settings_point_at_the_replica_and_the_cluster_of_the_file(
        service: str) -> None:
    env = compose_env(service, services=CLUSTER_SERVICES)
    assert REQUIRED <= env.keys()
    from_env(env)  # the settings the code reads today still parse
    primary = urllib.parse.urlsplit(env["TTR_DATABASE_URL"])
    replica = urllib.parse.urlsplit(env["TTR_REPLICA_DATABASE_URL"])
    assert replica.hostname == "postgres-replica" and primary.hostname == "postgres"
    # the same database, user and password: the replica is a copy of the primary
    assert (replica.username, replica.password, replica.port, replica.path) == (
        primary.username, primary.password, primary.port, primary.path)
    assert float(env["TTR_REPLICA_MAX_LAG"]) > 0
    notify = urllib.parse.urlsplit(env["TTR_NOTIFY_REDIS_URL"])
    assert notify.hostname in REDIS_NODES and notify.port == 6379
    assert env["TTR_NOTIFY_REDIS_CLUSTER"] == "true"
    # jobs stay on one plain Redis: RQ does not run on a cluster
    jobs = urllib.parse.urlsplit(env["TTR_REDIS_URL"])
    assert jobs.hostname == "redis"
    assert "--cluster-enabled" not in CLUSTER_SERVICES["redis"]["command"]
    depends = CLUSTER_SERVICES[service]["depends_on"]
    assert depends["postgres-replica"]["condition"] == "service_healthy"
    assert depends["redis-cluster-init"]["condition"] == "service_completed_successfully"


def test_the_cluster_api_scales_past_one_behind_the_balancer() -> None:
    api, haproxy = CLUSTER_SERVICES["api"], CLUSTER_SERVICES["haproxy"]
    replicas = api["deploy"]["replicas"]
    assert replicas > 1
    assert CLUSTER_SERVICES["worker"]["deploy"]["replicas"] >= 1
    # one port on the host: the balancer's, not one per API container
    assert "ports" not in api
    [published] = haproxy["ports"]
    host_port, _, container_port = str(published).rpartition(":")
    assert host_port == str(SERVE_PORT)
    [frontend] = [lines for header, lines in HAPROXY.items() if header.startswith("frontend ")]
    assert f"bind :{container_port}" in frontend
    assert haproxy["depends_on"]["api"]["condition"] == "service_healthy"
    for name, lines in BACKENDS.items():
        [template] = [line.split() for line in lines if line.startswith("server-template ")]
        assert int(template[2]) >= replicas, f"backend {name} has room for fewer"


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_haproxy_sends_to_the_api_port_and_checks_healthz(backend: str, app: Flask) -> None:
    lines = BACKENDS[backend]
    [template] = [line.split() for line in lines if line.startswith("server-template ")]
    host, _, port = template[3].partition(":")
    assert host == "api" and int(port) == bind_port(compose_env("api", services=CLUSTER_SERVICES))
    assert "option httpchk" in lines
    [send] = [line for line in lines if line.startswith("http-check send")]
    assert re.search(r"\bmeth GET uri /healthz\b", send)
    check_route(app, "/healthz")
    [defaults] = [line.split() for line in lines if line.startswith("default-server")]
    assert "check" in defaults


def test_haproxy_keeps_a_games_requests_on_one_api_container(app: Flask) -> None:
    [frontend] = [lines for header, lines in HAPROXY.items() if header.startswith("frontend ")]
    [rule] = [line for line in frontend if "path_beg /v1/games/" in line]
    by_game = BACKENDS[rule.split()[1]]
    assert "balance uri depth 3" in by_game and "hash-type consistent" in by_game
    # every API path of a game is under /v1/games/<game_id>, the three segments hashed
    paths = [rule.rule for rule in app.url_map.iter_rules()
             if rule.rule.startswith("/v1/") and "<game_id>" in rule.rule]
    assert "/v1/games/<game_id>/events" in paths
    for path in paths:
        assert path.split("/")[:4] == ["", "v1", "games", "<game_id>"], path


def test_haproxy_holds_streams_and_long_polls_longer_than_they_stay_quiet() -> None:
    settings = from_env(compose_env("api", services=CLUSTER_SERVICES)).http
    [defaults] = [lines for header, lines in HAPROXY.items() if header == "defaults"]
    timeouts = {line.split()[1]: seconds(line.split()[2]) for line in defaults
                if line.startswith("timeout ")}
    for side in ("client", "server"):
        assert timeouts[side] > settings.long_poll_max, side
        assert timeouts[side] > 2 * settings.sse_keepalive, side
    assert "option forwardfor" in defaults  # the API trusts one hop for the client
    assert compose_env("api", services=CLUSTER_SERVICES)["TTR_TRUSTED_PROXIES"] == "1"


def test_haproxy_accepts_its_config() -> None:
    haproxy = shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)
    if haproxy is None:
        if os.environ.get("CI") == "true":
            pytest.fail("haproxy is not installed (Debian: apt-get install -y haproxy)")
        pytest.skip("haproxy is not installed (Debian: apt-get install -y haproxy)")
    checked = subprocess.run([haproxy, "-c", "-f", str(HAPROXY_CFG)], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr


# -- Kubernetes ----------------------------------------------------------------------------

def k8s_documents() -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        documents.extend(d for d in yaml.safe_load_all(path.read_text()) if d)
    return documents


DOCUMENTS = k8s_documents()


def one(kind: str, name: str | None = None) -> dict[str, Any]:
    found = [d for d in DOCUMENTS if d["kind"] == kind
             and (name is None or d["metadata"]["name"] == name)]
    assert len(found) == 1, f"{kind} {name or ''}: {len(found)} found"
    return found[0]


CONFIG = one("ConfigMap")
KUSTOMIZATION = yaml.safe_load((K8S / "kustomization.yaml").read_text())
SECRETS_EXAMPLE = K8S / "secrets.env.example"


def env_file(path: Path) -> dict[str, str]:
    """A kustomize `envs` file: KEY=VALUE lines, # comments."""
    pairs = [line.split("=", 1) for line in path.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    return {key.strip(): value.strip() for key, value in pairs}


# the Secret kustomize makes, with the values an operator puts in place of the
# placeholders (the example's own values are refused: see the test below)
[SECRET_GENERATOR] = KUSTOMIZATION["secretGenerator"]
OPERATOR_SECRETS = {**env_file(SECRETS_EXAMPLE),
                    "TTR_ADMIN_TOKEN": "4f0c9a7e2b5d8136c0e1a2b3c4d5e6f7",
                    "TTR_TOKEN_KEYS": "9d2e7c41b8a5f03e6d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a"}
JOB = one("Job")
HPA = one("HorizontalPodAutoscaler")
SERVICE = one("Service")
API = one("Deployment", HPA["spec"]["scaleTargetRef"]["name"])
WORKER = next(d for d in DOCUMENTS if d["kind"] == "Deployment" and d is not API)
WORKLOADS = {"api": (API, "serve"), "worker": (WORKER, "worker"), "migrate": (JOB, "migrate")}


def container(workload: dict[str, Any]) -> dict[str, Any]:
    [only] = workload["spec"]["template"]["spec"]["containers"]
    assert isinstance(only, dict)
    return only


def pod_env(workload: dict[str, Any]) -> dict[str, str]:
    """A container's environment: the image's ENV, then envFrom, then env."""
    spec = container(workload)
    env = dict(IMAGE_ENV)
    for source in spec.get("envFrom", []):
        if "configMapRef" in source:
            assert source["configMapRef"]["name"] == CONFIG["metadata"]["name"]
            env.update(CONFIG["data"])
        else:
            assert source["secretRef"]["name"] == SECRET_GENERATOR["name"]
            env.update(OPERATOR_SECRETS)
    env.update({item["name"]: item["value"] for item in spec.get("env", [])})
    return env


def test_the_manifests_are_plain_namespace_less_and_all_in_the_kustomization() -> None:
    assert {d["kind"] for d in DOCUMENTS} == {
        "ConfigMap", "Deployment", "Service", "HorizontalPodAutoscaler", "Job"}
    assert not [d for d in DOCUMENTS if "namespace" in d["metadata"]]
    assert sorted(KUSTOMIZATION["resources"]) == sorted(
        p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")
    images = {container(w)["image"].partition(":")[0] for w, _ in WORKLOADS.values()}
    assert images == {KUSTOMIZATION["images"][0]["name"]}


def test_the_config_map_holds_known_strings_and_the_secret_the_rest() -> None:
    assert all(isinstance(v, str) for v in CONFIG["data"].values())
    check_variables(CONFIG["data"], "the ConfigMap")
    secrets = env_file(SECRETS_EXAMPLE)
    check_variables(secrets, "secrets.env.example")
    assert set(secrets) == {"TTR_DATABASE_URL", "TTR_REDIS_URL", "TTR_ADMIN_TOKEN",
                            "TTR_TOKEN_KEYS"}
    assert not set(CONFIG["data"]) & set(secrets)
    assert from_env(CONFIG["data"]).app.migrate_on_start is False


@pytest.mark.parametrize("workload", sorted(WORKLOADS))
def test_each_workload_runs_its_ttr_command_as_non_root(
        workload: str, monkeypatch: pytest.MonkeyPatch) -> None:
    resource, subcommand = WORKLOADS[workload]
    spec = container(resource)
    check_ttr_command(spec["command"], subcommand, monkeypatch)
    env = pod_env(resource)
    check_variables(env, workload)
    assert REQUIRED <= env.keys()
    pod = resource["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert str(pod["securityContext"]["runAsUser"]) == RUNTIME.last("USER").partition(":")[0]
    assert spec["securityContext"]["allowPrivilegeEscalation"] is False
    assert spec["resources"]["requests"] and spec["resources"]["limits"]
    if resource["kind"] == "Deployment":
        labels = resource["spec"]["template"]["metadata"]["labels"]
        assert resource["spec"]["selector"]["matchLabels"].items() <= labels.items()


def test_the_api_deployment_probes_routes_on_the_port_it_binds(app: Flask) -> None:
    spec = container(API)
    port = bind_port(pod_env(API))
    assert port == SERVE_PORT
    ports = {p["name"]: p["containerPort"] for p in spec["ports"]}
    assert list(ports.values()) == [port]
    assert spec["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert spec["livenessProbe"]["httpGet"]["path"] == "/healthz"
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        if probe not in spec:
            continue
        get = spec[probe]["httpGet"]
        check_route(app, get["path"])
        assert ports.get(get["port"], get["port"]) == port, probe
    annotations = API["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(port)
    check_route(app, annotations["prometheus.io/path"])
    mounts = {m["mountPath"] for m in spec["volumeMounts"]}
    assert pod_env(API)["PROMETHEUS_MULTIPROC_DIR"] in mounts


def test_the_service_sends_its_port_to_the_api_pods() -> None:
    labels = API["spec"]["template"]["metadata"]["labels"]
    assert SERVICE["spec"]["selector"].items() <= labels.items()
    ports = {p["name"]: p["containerPort"] for p in container(API)["ports"]}
    [service_port] = SERVICE["spec"]["ports"]
    target = service_port["targetPort"]
    assert ports.get(target, target) == bind_port(pod_env(API))


def test_the_autoscaler_scales_the_api_deployment_on_cpu() -> None:
    assert HPA["apiVersion"] == "autoscaling/v2"
    target = HPA["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"], target["name"]) == (
        API["apiVersion"], "Deployment", API["metadata"]["name"])
    [metric] = HPA["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert 1 <= HPA["spec"]["minReplicas"] <= HPA["spec"]["maxReplicas"]
    # utilisation is measured against the CPU the pods request
    assert container(API)["resources"]["requests"]["cpu"]


def test_the_job_migrates_once() -> None:
    assert container(JOB)["command"] == ["ttr", "migrate"]
    assert JOB["spec"]["template"]["spec"]["restartPolicy"] in ("Never", "OnFailure")


def test_no_secret_is_shipped_kustomize_makes_it_from_a_file_the_operator_writes() -> None:
    assert not [d for d in DOCUMENTS if d["kind"] == "Secret"]
    assert SECRET_GENERATOR["envs"] == ["secrets.env"]
    refs = {source["secretRef"]["name"] for workload, _ in WORKLOADS.values()
            for source in container(workload).get("envFrom", []) if "secretRef" in source}
    assert refs == {SECRET_GENERATOR["name"]}
    # the file is the operator's: not in the repository, and git ignores it
    assert not (K8S / "secrets.env").exists()
    assert ignored_by_git("deploy/k8s/secrets.env")


def test_the_example_secrets_are_refused_as_they_stand() -> None:
    """Copied unchanged, the example's placeholder admin token stops every pod at start
    with a line naming it."""
    with pytest.raises(SettingsError, match="^TTR_ADMIN_TOKEN .*placeholder"):
        from_env({**CONFIG["data"], **env_file(SECRETS_EXAMPLE)})
    from_env({**CONFIG["data"], **OPERATOR_SECRETS})  # real values are taken


def test_the_worker_deployment_probes_its_own_port() -> None:
    spec = container(WORKER)
    port = int(pod_env(WORKER)["TTR_WORKER_METRICS_PORT"])
    ports = {p["name"]: p["containerPort"] for p in spec["ports"]}
    assert list(ports.values()) == [port]
    liveness, readiness = observability.WORKER_PROBES
    for probe, path in (("livenessProbe", liveness), ("readinessProbe", readiness)):
        get = spec[probe]["httpGet"]
        assert get["path"] == path
        assert ports.get(get["port"], get["port"]) == port



def test_the_api_starts_with_several_pods_and_the_autoscaler_keeps_them() -> None:
    replicas = API["spec"]["replicas"]
    assert replicas > 1
    assert HPA["spec"]["minReplicas"] == replicas < HPA["spec"]["maxReplicas"]
    assert WORKER["spec"]["replicas"] > 1


def commented_settings(path: Path) -> dict[str, str]:
    """The `# TTR_…=value` lines of an env file: settings offered, left out."""
    pairs = [line.lstrip("# ").split("=", 1) for line in path.read_text().splitlines()
             if re.match(r"#\s*TTR_\w+=", line)]
    return {key.strip(): value.strip() for key, value in pairs}


def test_the_cluster_settings_are_offered_and_one_machine_is_unaffected() -> None:
    offered = commented_settings(SECRETS_EXAMPLE)
    assert set(offered) == {"TTR_NOTIFY_REDIS_URL", "TTR_REPLICA_DATABASE_URL"}
    check_variables(offered, "secrets.env.example's comments")
    assert urllib.parse.urlsplit(offered["TTR_NOTIFY_REDIS_URL"]).scheme == "redis"
    assert urllib.parse.urlsplit(offered["TTR_REPLICA_DATABASE_URL"]).scheme == "postgresql"
    # with those left out, the ConfigMap asks for no cluster
    assert CONFIG["data"]["TTR_NOTIFY_REDIS_CLUSTER"] == "false"
    assert float(CONFIG["data"]["TTR_REPLICA_MAX_LAG"]) > 0


# -- versions and locked dependencies ------------------------------------------------------

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
LOCK = ROOT / "requirements.lock"


def test_every_image_carries_the_projects_version() -> None:
    version = PROJECT["version"]
    images = [container(w)["image"] for w, _ in WORKLOADS.values()]
    images += [SERVICES[s]["image"] for s in TTR_SERVICES]
    assert images and all(image == f"ttr-service:{version}" for image in images), images
    assert KUSTOMIZATION["images"][0]["newTag"] == version
    labels = " ".join(RUNTIME.all("LABEL"))
    assert f'org.opencontainers.image.version="{version}"' in labels
    assert f"-t ttr-service:{version} " in (DEPLOY / "Dockerfile").read_text()
    every_file = "".join(p.read_text() for p in DEPLOY.rglob("*") if p.is_file())
    assert ":latest" not in every_file


def locked() -> dict[str, tuple[str, list[str], str]]:
    """requirements.lock: name → (version, hashes, the `# via` note)."""
    pins: dict[str, tuple[str, list[str], str]] = {}
    blocks = re.split(r"\n(?=[A-Za-z0-9])", LOCK.read_text().split("\n\n", 1)[-1])
    for block in blocks:
        match = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", block)
        if match:
            pins[canonicalize_name(match.group(1))] = (
                match.group(2), re.findall(r"--hash=sha256:([0-9a-f]{64})", block),
                " ".join(re.findall(r"#\s+(?:via\s+)?(.+)", block)))
    return pins


def test_the_lock_pins_every_dependency_with_hashes_in_step_with_pyproject() -> None:
    """`pip-compile` (deploy/README.md) wrote requirements.lock from pyproject.toml:
    a dependency added, removed or given a new range there fails here until the lock is
    made again."""
    pins = locked()
    assert pins and all(hashes for _, hashes, _ in pins.values())
    direct = set()
    for line in PROJECT["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        direct.add(name)
        assert name in pins, f"{name} is not in requirements.lock"
        assert requirement.specifier.contains(pins[name][0], prereleases=True), (
            f"requirements.lock has {name}=={pins[name][0]}, not {requirement.specifier}")
        for extra in requirement.extras:  # psycopg[binary,pool]: psycopg-binary, …
            assert canonicalize_name(f"{name}-{extra}") in pins, (name, extra)
    from_pyproject = {name for name, (_, _, via) in pins.items()
                      if "ttr-service (pyproject.toml)" in via}
    assert from_pyproject == direct, "requirements.lock was made from another pyproject.toml"


def test_the_image_installs_the_lock_and_the_project_without_its_own_choices() -> None:
    build = " ".join(STAGES[0].all("RUN"))
    assert "--require-hashes --no-deps -r requirements.lock" in build
    assert re.search(r"pip install --no-index --no-deps /wheels/ttr_service-\S+\.whl", build)
    assert "pip check" in build


# -- what git leaves out -------------------------------------------------------------------

def ignored_by_git(path: str) -> bool:
    patterns = [line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    return any(fnmatch(path, pattern) or fnmatch(Path(path).name, pattern)
               for pattern in patterns)


@pytest.mark.parametrize("name", ["ttr.sqlite3", "ttr.sqlite3-wal", "ttr.sqlite3-shm",
                                  "ttr.sqlite3-journal"])
def test_git_ignores_the_databases_sqlite_leaves_in_the_working_directory(name: str) -> None:
    assert ignored_by_git(name)


# -- gunicorn.conf.py ----------------------------------------------------------------------

def test_gunicorn_conf_gives_gunicorn_the_settings_of_ttr_serve(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gunicorn.app.wsgiapp import WSGIApplication
    from gunicorn.config import Config

    from service.http_errors import worker_class_path

    env = {"TTR_BIND": "0.0.0.0:8000", "TTR_REDIS_URL": "redis://redis:6379/0",
           "TTR_WEB_WORKERS": "3", "TTR_WEB_THREADS": "16", "TTR_LOG_LEVEL": "warning"}
    for name in ALLOWED | {"GUNICORN_CMD_ARGS"}:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "argv", ["gunicorn", "-c", str(DEPLOY / "gunicorn.conf.py"),
                                      "bootstrap.web:create_app()"])
    monkeypatch.chdir(ROOT)
    loaded = WSGIApplication("%(prog)s [OPTIONS] [APP_MODULE]").cfg
    options = gunicorn_options(from_env(env))
    assert options["workers"] == 3 and options["bind"] == "0.0.0.0:8000"
    # both run gunicorn's worker class as ours, which answers gunicorn's own errors
    options["worker_class"] = worker_class_path(options["worker_class"])
    expected = Config()
    for key, value in options.items():
        if value is not None:
            expected.set(key, value)
    for key in options:
        got, want = loaded.settings[key].get(), expected.settings[key].get()
        if callable(want):  # a hook made anew for each call: the same function of ours
            assert getattr(got, "__qualname__", None) == want.__qualname__, key
        else:
            assert got == want, key
    assert loaded.on_starting is observability.gunicorn_on_starting
    assert loaded.child_exit is observability.gunicorn_child_exit
