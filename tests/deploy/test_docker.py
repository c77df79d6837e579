"""The Docker recipe, checked without a Docker engine: Dockerfile syntax, compose structure, config."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from dfg_bridge.app.init import DOCKER_DATA_DIR, Answers, docker_config
from dfg_bridge.cli import SUBCOMMANDS
from dfg_bridge.config import Flavour, load_config
from tests.deploy.dockerfile import DockerfileError, Instruction, healthcheck_command, parse

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = DEPLOY / "docker-compose.yml"
_DURATION = re.compile(r"^(\d+(\.\d+)?(us|ms|s|m|h))+$")
# Keys of the Compose specification's service object that this file may use.
SERVICE_KEYS = frozenset(
    {
        "build", "command", "container_name", "depends_on", "entrypoint", "environment", "healthcheck",
        "image", "ports", "restart", "secrets", "stop_grace_period", "user", "volumes", "working_dir",
    }
)  # fmt: skip


def _dockerfile() -> list[Instruction]:
    return parse(DOCKERFILE.read_text(encoding="utf-8"))[1]


def _compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _one(instructions: list[Instruction], keyword: str) -> Instruction:
    found = [i for i in instructions if i.keyword == keyword]
    assert found, f"no {keyword} in the Dockerfile"
    return found[-1]  # the last one wins, as in Docker


# --- the reader itself must be able to say no ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("RUN echo hi\nFROM python:3.12\n", "must be FROM"),
        ("FROM python:3.12\nCOPPY a b\n", "unknown instruction"),
        ('FROM python:3.12\nCMD ["run", --config]\n', "bad JSON exec form"),
        ('FROM python:3.12\nENTRYPOINT ["a", 1]\n', "list of strings"),
        ("FROM python:3.12\nRUN echo \\\n", "continuation at end of file"),
    ],
)
def test_reader_rejects_broken_dockerfiles(text: str, message: str) -> None:
    with pytest.raises(DockerfileError, match=message):
        parse(text)


def test_reader_joins_continuations_and_skips_comments() -> None:
    directives, ins = parse("# syntax=docker/dockerfile:1\nARG V=1\nFROM x:${V}\nRUN a \\\n# note\n  && b\n")
    assert directives == {"syntax": "docker/dockerfile:1"}
    assert [(i.keyword, i.args) for i in ins] == [("ARG", "V=1"), ("FROM", "x:${V}"), ("RUN", "a && b")]


# --- the Dockerfile -------------------------------------------------------------------------------------


def test_dockerfile_parses_with_known_instructions_and_from_first() -> None:
    directives, instructions = parse(DOCKERFILE.read_text(encoding="utf-8"))
    assert directives.get("syntax", "").startswith("docker/dockerfile:")
    stages = [i for i in instructions if i.keyword == "FROM"]
    assert len(stages) == 2, "a build stage for wheels and a slim runtime stage"
    assert all(s.args.startswith("python:${PYTHON_VERSION}-slim") for s in stages)
    arg = next(i for i in instructions if i.keyword == "ARG")
    version = arg.args.split("=", 1)[1]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "requires-python"
    ]
    assert requires == ">=3.11" and tuple(map(int, version.split("."))) >= (3, 11)


def test_dockerfile_copies_what_the_package_build_needs() -> None:
    copies = [i.args for i in _dockerfile() if i.keyword == "COPY"]
    assert "pyproject.toml README.md ./" in copies
    assert "setup.py ./" in copies  # it compiles the engine's hot modules (mypyc)
    assert "dfg_bridge ./dfg_bridge" in copies
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    ignored = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    for needed in ("pyproject.toml", "README.md", "setup.py", "dfg_bridge"):
        assert needed not in ignored, f".dockerignore must not hide {needed}"
    assert ".venv" in ignored and ".git" in ignored
    assert "**/*.so" in ignored, "modules compiled for the host must not reach the image's build"


def test_dockerfile_runs_as_a_non_root_user() -> None:
    user, _, group = _one(_dockerfile(), "USER").args.partition(":")
    assert user not in ("root", "0") and group not in ("root", "0")
    run = " ".join(i.args for i in _dockerfile() if i.keyword == "RUN")
    assert f"--uid {user}" in run, "the USER must be created in the image"
    assert f"--gid {group}" in run, "and its group"


def test_dockerfile_entrypoint_and_cmd_are_the_cli() -> None:
    instructions = _dockerfile()
    entry = _one(instructions, "ENTRYPOINT").exec_form()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert entry == ["dfg-bridge"] and "dfg-bridge" in scripts
    cmd = _one(instructions, "CMD").exec_form()
    assert cmd is not None and cmd[0] in SUBCOMMANDS
    assert cmd[cmd.index("--config") + 1] == "/config/dfg.yml"
    assert cmd == _compose()["services"]["dfg-bridge"]["command"], "compose and image run the same"


def test_dockerfile_healthcheck_probes_the_metrics_port() -> None:
    instructions = _dockerfile()
    options, command = healthcheck_command(_one(instructions, "HEALTHCHECK"))
    assert all(_DURATION.match(options[k]) for k in ("interval", "timeout", "start-period"))
    assert command is not None and command[:3] == ["python", "-m", "dfg_bridge.app.health"]
    url = command[command.index("--url") + 1]
    cmd = _one(instructions, "CMD").exec_form() or []
    port = cmd[cmd.index("--metrics-port") + 1]
    assert url == f"http://127.0.0.1:{port}/healthz"
    assert _one(instructions, "EXPOSE").args == port
    assert _one(instructions, "VOLUME").exec_form() == [DOCKER_DATA_DIR]


def test_the_probe_module_runs_and_fails_when_nothing_listens() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dfg_bridge.app.health",
            "--url",
            "http://127.0.0.1:9/healthz",
            "--timeout",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert out.returncode == 1 and "cannot reach" in out.stdout


def test_the_run_subcommand_accepts_the_image_cmd() -> None:
    # The image's CMD must be a command line `dfg-bridge run` understands: only the config is missing.
    cmd = _one(_dockerfile(), "CMD").exec_form() or []
    args = [a if a != "/config/dfg.yml" else "/nonexistent/dfg.yml" for a in cmd]
    out = subprocess.run(
        [sys.executable, "-m", "dfg_bridge", *args], capture_output=True, text=True, timeout=60, check=False
    )
    assert "unrecognized arguments" not in out.stderr, (
        "dfg-bridge run must accept --metrics-port/--metrics-host "
        "(wire dfg_bridge.app.health.add_arguments and start_from_args into app/run.py)\n" + out.stderr
    )
    assert out.returncode == 2 and "/nonexistent/dfg.yml" in out.stderr


# --- docker-compose.yml ---------------------------------------------------------------------------------


def test_compose_loads_and_uses_only_known_service_keys() -> None:
    data = _compose()
    assert set(data) <= {"name", "services", "secrets", "volumes"}
    assert set(data["services"]) == {"mc", "dfg-bridge"}
    for name, service in data["services"].items():
        assert set(service) <= SERVICE_KEYS, f"{name}: unknown keys {set(service) - SERVICE_KEYS}"


def test_compose_minecraft_service_has_rcon_a_secret_and_a_healthcheck() -> None:
    mc = _compose()["services"]["mc"]
    assert mc["image"].startswith("itzg/minecraft-server")
    env = mc["environment"]
    assert env["EULA"] == "TRUE" and env["TYPE"] == "PAPER"
    assert env["ENABLE_RCON"] == "true"
    assert env["BROADCAST_RCON_TO_OPS"] == "false"
    assert env["RCON_PASSWORD_FILE"] == "/run/secrets/rcon_password" and mc["secrets"] == ["rcon_password"]
    health = mc["healthcheck"]
    assert health["test"] == ["CMD", "mc-health"]
    assert all(_DURATION.match(health[k]) for k in ("start_period", "interval", "timeout"))
    assert not any("25575" in str(port) for port in mc.get("ports", [])), "RCON must stay internal"


def test_compose_bridge_waits_for_the_server_and_reads_its_data_read_only() -> None:
    data = _compose()
    mc, bridge = data["services"]["mc"], data["services"]["dfg-bridge"]
    assert bridge["depends_on"] == {"mc": {"condition": "service_healthy"}}
    data_mount = next(v for v in mc["volumes"] if v.split(":")[1] == "/data")
    source = data_mount.split(":")[0]
    assert f"{source}:/data:ro" in bridge["volumes"]
    assert "./dfg:/config:ro" in bridge["volumes"]
    state = next(v for v in bridge["volumes"] if v.split(":")[1] == DOCKER_DATA_DIR)
    assert state.split(":")[0] in data["volumes"], "the item ledger lives in a named volume"
    assert bridge["environment"]["RCON_PASSWORD_FILE"] == "/run/secrets/rcon_password"
    assert bridge["secrets"] == ["rcon_password"]
    assert data["secrets"]["rcon_password"]["file"] == "./secrets/rcon_password"
    assert (DEPLOY / "secrets" / "README.md").is_file()
    build = bridge["build"]
    assert (COMPOSE.parent / build["context"] / build["dockerfile"]).resolve() == DOCKERFILE
    assert _DURATION.match(bridge["stop_grace_period"])


def test_compose_startup_commands_are_valid_on_the_pinned_version(sim_factory: Any) -> None:
    mc = _compose()["services"]["mc"]
    sim = sim_factory(version=mc["environment"]["VERSION"])
    for command in mc["environment"]["RCON_CMDS_STARTUP"].splitlines():
        reply = sim.run_command(command)
        assert reply.startswith(("Gamerule", "Game rule")), (command, reply)


def test_docker_config_matches_the_compose_file_and_the_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Regenerate with: dfg-bridge init --docker --force deploy/dfg
    text = (DEPLOY / "dfg" / "dfg.yml").read_text(encoding="utf-8")
    assert text == docker_config(Answers(None, flavour=Flavour.PAPER, rcon_host="mc"))
    secret = tmp_path / "rcon_password"
    secret.write_text("from-the-secret\n", encoding="utf-8")
    monkeypatch.delenv("RCON_PASSWORD", raising=False)
    monkeypatch.setenv("RCON_PASSWORD_FILE", str(secret))
    loaded = load_config(DEPLOY / "dfg" / "dfg.yml")
    config = loaded.config
    assert config.rcon.host in _compose()["services"], "RCON is reached by service name"
    assert config.rcon.password.reveal() == "from-the-secret"
    assert config.source.log_path == Path("/data/logs/latest.log")
    assert config.server.properties_path == Path("/data/server.properties")
    assert config.data_dir == Path(DOCKER_DATA_DIR)
    assert str(config.server.flavour) == "paper"
