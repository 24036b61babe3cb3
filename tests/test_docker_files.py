"""The Docker files agree with the project: services, queues, environment, paths, shell syntax.

No Docker engine, database or network needed: the compose file is read as YAML (PyYAML comes with
drf-spectacular), the Dockerfile as text, and the entrypoint runs against a closed local port.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from mulligan_league.settings import base as base_settings

ROOT = Path(__file__).resolve().parent.parent
DOCKER = ROOT / "docker"
COMPOSE_FILE = DOCKER / "compose.yaml"
DOCKERFILE = DOCKER / "Dockerfile"
ENTRYPOINT = DOCKER / "entrypoint.sh"
HEALTHCHECK = DOCKER / "healthcheck.py"

CORE_SERVICES = ("web", "worker", "beat", "db", "redis")


# -- helpers --------------------------------------------------------------------------------------


def load_compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE_FILE.read_text())  # resolves the x-* anchors and `<<` merges


def services() -> dict[str, dict[str, Any]]:
    return load_compose()["services"]


def environment(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        return dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
    return {key: "" if value is None else str(value) for key, value in env.items()}


def command_words(service: dict[str, Any]) -> list[str]:
    command = service.get("command") or []
    return shlex.split(command) if isinstance(command, str) else [str(word) for word in command]


def app_services() -> dict[str, dict[str, Any]]:
    """The services that run the project's image (built here, or the same image name as web)."""
    all_services = services()
    app_image = all_services["web"].get("image")
    return {
        name: service
        for name, service in all_services.items()
        if "build" in service or (app_image and service.get("image") == app_image)
    }


def celery_worker_queues(words: list[str]) -> set[str]:
    if "celery" not in words or "worker" not in words:
        return set()
    queues: set[str] = set()
    for index, word in enumerate(words):
        if word in ("-Q", "--queues") and index + 1 < len(words):
            queues.update(words[index + 1].split(","))
        elif word.startswith("--queues="):
            queues.update(word.split("=", 1)[1].split(","))
        elif word.startswith("-Q") and len(word) > 2:
            queues.update(word[2:].split(","))
    return {queue.strip() for queue in queues if queue.strip()}


def routed_queues() -> set[str]:
    routes = base_settings.CELERY_TASK_ROUTES
    return {route["queue"] for route in routes.values()} | {base_settings.CELERY_TASK_DEFAULT_QUEUE}


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, arguments = full.partition(" ")
        instructions.append((keyword.upper(), arguments.strip()))
    assert not pending, "the Dockerfile ends inside a continuation line"
    return instructions


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    last_from = max(index for index, (keyword, _) in enumerate(instructions) if keyword == "FROM")
    return instructions[last_from:]


def exec_form(arguments: str) -> list[str]:
    words = json.loads(arguments)
    assert isinstance(words, list) and all(isinstance(word, str) for word in words), arguments
    return words


def repo_path(image_path: str, workdir: str) -> Path:
    """The repository file that `COPY . <workdir>` puts at image_path."""
    assert image_path.startswith(workdir.rstrip("/") + "/"), f"{image_path} is not under {workdir}"
    return ROOT / image_path[len(workdir.rstrip("/")) + 1 :]


def load_healthcheck_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docker_healthcheck", HEALTHCHECK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- compose --------------------------------------------------------------------------------------


def test_compose_defines_the_services_each_with_a_healthcheck() -> None:
    defined = services()
    for name in CORE_SERVICES:
        assert name in defined, f"compose has no {name!r} service"
        healthcheck = defined[name].get("healthcheck") or {}
        assert not healthcheck.get("disable"), f"{name}: healthcheck disabled"
        test = healthcheck.get("test")
        assert test and test not in (["NONE"], "NONE"), f"{name}: no healthcheck test"


def test_database_and_broker_keep_their_data_in_named_volumes() -> None:
    compose = load_compose()
    declared = set(compose.get("volumes") or {})
    expected_targets = {"db": "/var/lib/postgresql/data", "redis": "/data"}
    for name, target in expected_targets.items():
        mounts = [str(volume).split(":") for volume in compose["services"][name].get("volumes", [])]
        named = {parts[1]: parts[0] for parts in mounts if len(parts) >= 2 and parts[0] in declared}
        assert target in named, f"{name}: {target} is not on a named volume ({mounts})"


def test_every_app_service_reaches_the_same_database_and_broker() -> None:
    all_services = services()
    apps = app_services()
    assert {"web", "worker", "beat"} <= set(apps)
    urls = set()
    for name, service in apps.items():
        env = environment(service)
        for variable in ("DATABASE_URL", "CELERY_BROKER_URL"):
            assert env.get(variable), f"{name} does not set {variable}"
        assert env.get("DJANGO_SETTINGS_MODULE", "").endswith(".production"), name
        urls.add((env["DATABASE_URL"], env["CELERY_BROKER_URL"]))
    assert len(urls) == 1, f"app services disagree on DATABASE_URL / CELERY_BROKER_URL: {urls}"
    database_url, broker_url = urls.pop()
    # The URLs name compose services, which must exist.
    assert urlsplit(database_url).hostname in all_services
    assert urlsplit(broker_url).hostname in all_services


def test_the_secret_key_is_required_not_defaulted() -> None:
    for name, service in app_services().items():
        secret = environment(service).get("DJANGO_SECRET_KEY", "")
        assert re.fullmatch(r"\$\{DJANGO_SECRET_KEY:\?[^}]*\}", secret), f"{name}: {secret!r}"


def test_the_workers_consume_every_queue_the_settings_route_to() -> None:
    consumed: set[str] = set()
    for service in services().values():
        consumed |= celery_worker_queues(command_words(service))
    missing = routed_queues() - consumed
    assert not missing, f"no worker consumes {sorted(missing)}"


def test_web_alone_migrates_after_the_database_and_broker_are_healthy() -> None:
    all_services = services()
    web = all_services["web"]
    assert environment(web).get("MIGRATE_ON_START") == "1"
    depends_on = web.get("depends_on") or {}
    for dependency in ("db", "redis"):
        assert (depends_on.get(dependency) or {}).get("condition") == "service_healthy", dependency
    assert "8000" in " ".join(str(port) for port in web.get("ports", []))
    migrating = {
        name
        for name, service in app_services().items()
        if environment(service).get("MIGRATE_ON_START") == "1"
    }
    assert migrating == {"web"}


def test_beat_runs_once_and_the_demo_is_an_opt_in_one_shot() -> None:
    all_services = services()
    beat_words = command_words(all_services["beat"])
    assert beat_words[:4] == ["celery", "-A", "mulligan_league", "beat"]
    assert int(((all_services["beat"].get("deploy") or {}).get("replicas")) or 1) == 1
    demo = all_services.get("demo")
    assert demo is not None, "no demo service"
    assert demo.get("profiles"), "the demo service must sit behind a profile"
    assert command_words(demo)[-2:] == ["manage.py", "demo"]
    assert demo.get("restart") in ("no", None)


def test_the_app_and_data_services_restart_on_failure() -> None:
    for name in CORE_SERVICES:
        assert services()[name].get("restart") in ("unless-stopped", "always", "on-failure"), name


# -- Dockerfile -----------------------------------------------------------------------------------


def test_dockerfile_runtime_stage() -> None:
    instructions = dockerfile_instructions()
    args = dict(
        arguments.split("=", 1)
        for keyword, arguments in instructions
        if keyword == "ARG" and "=" in arguments
    )
    stage = final_stage()
    base_image = stage[0][1].split()[0]
    base_image = re.sub(r"\$\{(\w+)\}", lambda match: args.get(match.group(1), match.group(0)), base_image)
    assert base_image == "python:3.11-slim"

    env_text = " ".join(arguments for keyword, arguments in stage if keyword == "ENV")
    assert "DJANGO_SETTINGS_MODULE=mulligan_league.settings.production" in env_text
    assert "DJANGO_SECRET_KEY" not in env_text, "a secret key must not be baked into the image"

    users = [arguments for keyword, arguments in stage if keyword == "USER"]
    assert users, "the runtime stage runs as root"
    assert users[-1].split(":")[0] not in ("root", "0")

    assert any("collectstatic" in arguments for keyword, arguments in stage if keyword == "RUN")
    assert any(keyword == "RUN" and "pip install ." in arguments for keyword, arguments in instructions)


def test_dockerfile_command_entrypoint_and_healthcheck_point_at_real_files() -> None:
    stage = final_stage()
    workdir = [arguments for keyword, arguments in stage if keyword == "WORKDIR"][-1]
    entrypoint = exec_form([arguments for keyword, arguments in stage if keyword == "ENTRYPOINT"][-1])
    assert repo_path(entrypoint[0], workdir).is_file()

    cmd = exec_form([arguments for keyword, arguments in stage if keyword == "CMD"][-1])
    assert cmd[0] == "gunicorn"
    # The ASGI application (event streams as coroutines), in uvicorn workers the config names.
    assert cmd[1].split(":")[0] == "mulligan_league.asgi"
    assert importlib.util.find_spec("mulligan_league.asgi") is not None
    config = repo_path(cmd[cmd.index("--config") + 1], workdir).read_text()
    assert 'worker_class = "uvicorn_worker.UvicornWorker"' in config
    assert importlib.util.find_spec("uvicorn_worker") is not None
    assert "0.0.0.0:8000" in cmd

    healthcheck = [arguments for keyword, arguments in stage if keyword == "HEALTHCHECK"][-1]
    words = exec_form(healthcheck[healthcheck.index("CMD ") + len("CMD ") :])
    scripts = [word for word in words if word.startswith(workdir.rstrip("/") + "/")]
    assert scripts and all(repo_path(script, workdir).is_file() for script in scripts)

    # The compose healthchecks that call a script of the image name real files too.
    for name, service in app_services().items():
        test = (service.get("healthcheck") or {}).get("test") or []
        for word in test if isinstance(test, list) else shlex.split(test):
            if word.startswith(workdir.rstrip("/") + "/"):
                assert repo_path(word, workdir).is_file(), f"{name}: {word}"


def test_the_build_context_leaves_local_state_and_secrets_out() -> None:
    ignored = {
        line.strip()
        for line in (DOCKER / "Dockerfile.dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    for entry in (".git", ".venv", "**/.env", "db.sqlite3", "var"):
        assert entry in ignored, entry
    assert "README.md" not in ignored, "pyproject.toml's readme is needed by `pip install .`"


# -- entrypoint and healthcheck scripts ------------------------------------------------------------


def run_entrypoint(*command: str, **env_overrides: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "MIGRATE_ON_START")}
    # The entrypoint calls `python`: this interpreter, which has psycopg.
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.update(env_overrides)
    return subprocess.run(
        ["bash", str(ENTRYPOINT), *command], env=env, capture_output=True, text=True, timeout=60, check=False
    )


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


@needs_bash
def test_entrypoint_is_valid_bash() -> None:
    result = subprocess.run(["bash", "-n", str(ENTRYPOINT)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


@needs_bash
def test_entrypoint_execs_the_command_when_there_is_no_database_to_wait_for() -> None:
    result = run_entrypoint("echo", "hello from the command")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "hello from the command"

    result = run_entrypoint("echo", "sqlite", DATABASE_URL="sqlite:////tmp/mulligan-test.sqlite3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "sqlite"


@needs_bash
def test_entrypoint_gives_up_on_an_unreachable_database_and_keeps_the_password_out_of_the_log() -> None:
    # Port 1 on the loopback interface: refused at once, no network involved.
    result = run_entrypoint(
        "echo",
        "must not run",
        DATABASE_URL="postgres://mulligan:hunter2-secret@127.0.0.1:1/mulligan",
        DB_WAIT_TIMEOUT="1",
    )
    assert result.returncode != 0
    assert "must not run" not in result.stdout
    assert "unreachable" in result.stderr and "127.0.0.1:1/mulligan" in result.stderr
    assert "hunter2-secret" not in result.stderr + result.stdout


@needs_bash
def test_entrypoint_refuses_to_run_nothing() -> None:
    result = run_entrypoint()
    assert result.returncode != 0
    assert "no command" in result.stderr


@pytest.mark.parametrize(
    ("allowed_hosts", "host"),
    [
        ("league.example.org,localhost", "league.example.org"),
        (".example.org", "example.org"),
        ("*", "localhost"),
        (" , *, 127.0.0.1", "127.0.0.1"),
        ("", "localhost"),
    ],
)
def test_web_healthcheck_sends_a_host_django_allows(
    monkeypatch: pytest.MonkeyPatch, allowed_hosts: str, host: str
) -> None:
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", allowed_hosts)
    assert load_healthcheck_module().allowed_host() == host


def test_healthcheck_reports_unknown_checks_as_unhealthy() -> None:
    assert load_healthcheck_module().main(["healthcheck.py", "nonsense"]) == 1
