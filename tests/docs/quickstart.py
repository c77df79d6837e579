"""Follow the documented quick start word for word, with the simulated server standing in for Minecraft.

The quick start lives between ``<!-- quickstart:begin -->`` and ``<!-- quickstart:end -->``; each of its code
blocks is introduced by ``<!-- step: KIND [flavour] -->``. What each kind means here:

``shell``        every line is a command typed in the operator's shell: ``python3 -m pip install .`` (run in a
                 checkout) checks that this checkout is what is installed (``make`` installed it, editable);
                 ``dfg-bridge`` commands run the installed console script, ``run`` in the background.
``properties``   the lines ``init`` printed go into ``server.properties``; their keys must be the block's.
``commands.yml`` the block's aliases are merged into the server's ``commands.yml`` (Paper's default file).
``console``      each line is typed in the server console (the server is (re)started first, as step 4 says);
                 ``console 1.21.11+`` / ``console -1.21.10`` blocks are for those versions only.
``game``         each line is typed by a player in game (a command on Paper, a chat message on vanilla).

The only substitution is the server's folder: ``/srv/minecraft`` becomes the sim's directory. A step's
qualifier is a flavour (``paper``) or a version range (``1.21.11+``, ``-1.21.10``, ``1.20.5-1.21.10``).
"""

from __future__ import annotations

import importlib.metadata
import re
import shlex
import signal
import socket
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dfg_bridge.render import Version
from dfg_bridge.sim import SimOptions, SimServer
from dfg_bridge.sim.control import ControlClient

ROOT = Path(__file__).resolve().parents[2]
DOC_SERVER_DIR = "/srv/minecraft"
BEGIN, END = "<!-- quickstart:begin -->", "<!-- quickstart:end -->"
_STEP = re.compile(r"^\s*<!-- step: (?P<kind>[\w.]+)(?: (?P<qualifier>[\w.+-]+))? -->\s*$")
_RANGE = re.compile(r"^(?P<low>\d+(?:\.\d+)*)?(?P<dash>[+-])?(?P<high>\d+(?:\.\d+)*)?$")
_FENCE = re.compile(r"^(?P<indent>\s*)```")

# What a fresh server writes into server.properties (the keys that matter here, with their defaults).
FRESH_PROPERTIES = """\
#Minecraft server properties
broadcast-rcon-to-ops=true
enable-rcon=false
level-name=world
motd=A Minecraft Server
rcon.password=
rcon.port={port}
server-port=25565
"""
# Paper's default commands.yml.
PAPER_COMMANDS_YML = """\
command-block-overrides: []
ignore-vanilla-permissions: false
aliases:
  icanhasbukkit:
  - version $1-
"""


@dataclass(frozen=True)
class Step:
    """One documented step: its kind, the flavour or versions it is for (None: all), and its block's lines."""

    kind: str
    qualifier: str | None
    body: str

    @property
    def flavour(self) -> str | None:
        """The flavour the step is for (``paper``, ``vanilla``), if its qualifier names one."""
        return self.qualifier if self.qualifier is not None and self.qualifier.isalpha() else None

    def applies(self, flavour: str, version: str) -> bool:
        """Whether an operator of a ``flavour`` server of ``version`` follows this step."""
        if self.qualifier is None:
            return True
        if self.flavour is not None:
            return self.flavour == flavour
        match = _RANGE.match(self.qualifier)
        assert match, f"not a flavour or a version range: {self.qualifier}"
        v = Version.parse(version)
        low, dash, high = match.group("low"), match.group("dash"), match.group("high")
        if dash == "+":
            return v >= Version.parse(low)
        if dash == "-":
            return (low is None or v >= Version.parse(low)) and v <= Version.parse(high)
        return v == Version.parse(low)

    @property
    def lines(self) -> list[str]:
        """Non-empty lines of the block."""
        return [line for line in self.body.splitlines() if line.strip()]


def quickstart_text(path: Path) -> str | None:
    """The quick start of a document (markers included), or None if it has none."""
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text:
        return None
    start = text.index(BEGIN)
    return text[start : text.index(END, start) + len(END)]


def steps(text: str) -> list[Step]:
    """The marked steps of a quick start, in order, each with its code block dedented."""
    lines = text.splitlines()
    out: list[Step] = []
    i = 0
    while i < len(lines):
        marker = _STEP.match(lines[i])
        i += 1
        if not marker:
            continue
        while i < len(lines) and not lines[i].strip():
            i += 1
        fence = _FENCE.match(lines[i]) if i < len(lines) else None
        assert fence, f"step {marker.group('kind')} is not followed by a code block"
        i += 1
        body: list[str] = []
        while not lines[i].strip().startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        out.append(Step(marker.group("kind"), marker.group("qualifier"), textwrap.dedent("\n".join(body))))
    return out


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _properties(path: Path) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in path.read_text(encoding="utf-8").splitlines() if "=" in line)
    return {k.strip(): v.strip() for k, v in pairs if not k.startswith("#")}


@dataclass
class QuickStart:
    """One operator following the quick start in ``workdir`` for a server of ``flavour``."""

    workdir: Path
    flavour: str
    version: str = "1.21.6"
    player: str = "Steve"
    server_dir: Path = field(init=False)
    sim: SimServer | None = None
    daemon: subprocess.Popen[bytes] | None = None
    printed: dict[str, str] = field(default_factory=dict)
    transcript: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    joined: bool = False

    def __post_init__(self) -> None:
        self.server_dir = self.workdir / "minecraft"
        (self.server_dir / "logs").mkdir(parents=True)
        fresh = FRESH_PROPERTIES.format(port=free_port())
        (self.server_dir / "server.properties").write_text(fresh, encoding="utf-8")
        if self.flavour == "paper":
            (self.server_dir / "commands.yml").write_text(PAPER_COMMANDS_YML, encoding="utf-8")

    @property
    def control(self) -> ControlClient:
        """The sim's control API (the players' hands)."""
        assert self.sim is not None, "the server is not running"
        return ControlClient(self.sim.control_port)

    # -- following the steps --------------------------------------------------------------------------------

    def follow(self, text: str) -> None:
        """Run every step of the quick start that applies to this flavour."""
        for step in steps(text):
            if step.applies(self.flavour, self.version):
                getattr(self, "_" + step.kind.replace(".", "_"))(step)

    def _shell(self, step: Step) -> None:
        for line in step.lines:
            self.transcript.append("$ " + line)
            words = shlex.split(line.replace(DOC_SERVER_DIR, str(self.server_dir)))
            if words[:4] == ["python3", "-m", "pip", "install"]:
                # There is no release on a package index: the documented install is this checkout.
                assert words[4:] == ["."], line
                self._check_installed_from_checkout()
                continue
            assert words[0] == "dfg-bridge", f"unexpected command in the quick start: {line}"
            program = str(Path(sys.executable).with_name("dfg-bridge"))
            if words[1] == "run":
                log = (self.workdir / "daemon.log").open("wb")
                self.daemon = subprocess.Popen(
                    [program, *words[1:]], cwd=self.workdir, stdout=log, stderr=log
                )
                self._wait_daemon_ready()
                continue
            out = subprocess.run(
                [program, *words[1:]],
                cwd=self.workdir,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            self.transcript.append(out.stdout + out.stderr)
            assert out.returncode == 0, f"{line} failed ({out.returncode}):\n{out.stdout}{out.stderr}"
            if words[1] == "init":
                self.printed = {
                    k.strip(): v.strip()
                    for k, v in (
                        ln.split("=", 1) for ln in out.stdout.splitlines() if re.match(r"\s+[\w.-]+=", ln)
                    )
                }

    def _check_installed_from_checkout(self) -> None:
        """``pip install .`` in the checkout: the installed ``dfg-bridge`` must be this checkout."""
        import dfg_bridge  # installed (editable) in this venv by make

        where = Path(dfg_bridge.__file__).resolve().parent
        assert where == ROOT / "dfg_bridge", f"dfg-bridge runs from {where}, not from this checkout {ROOT}"
        assert (ROOT / "pyproject.toml").is_file() and Path(sys.executable).with_name("dfg-bridge").exists()
        version = importlib.metadata.version("dfg-bridge")
        self.transcript.append(f"(dfg-bridge {version} is installed from {ROOT})")

    def _properties(self, step: Step) -> None:
        documented = [line.split("=", 1)[0] for line in step.lines]
        assert list(self.printed) == documented, (
            f"init printed {list(self.printed)}, the docs show {documented}"
        )
        path = self.server_dir / "server.properties"
        props = _properties(path)
        props.update(self.printed)  # "replace the lines with the same keys"
        path.write_text("".join(f"{k}={v}\n" for k, v in props.items()), encoding="utf-8")

    def _commands_yml(self, step: Step) -> None:
        path = self.server_dir / "commands.yml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data["aliases"].update(yaml.safe_load(step.body)["aliases"])
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")

    def _console(self, step: Step) -> None:
        self.restart_server()
        assert self.sim is not None
        for line in step.lines:
            reply = self.sim.run_command(line)
            self.transcript.append(f"> {line}\n{reply}")
            assert reply.startswith(("Game rule", "Gamerule")), (line, reply)

    def _game(self, step: Step) -> None:
        control = self.control
        if not self.joined:
            control.join(self.player)  # "In game": the player is online
            self.joined = True
            time.sleep(1.0)  # people take a moment before they type
        for line in step.lines:
            if self.flavour == "paper":
                out = control.command(self.player, line)
                self.feedback += out["feedback"]
            else:
                control.chat(self.player, line)
            time.sleep(1.0)

    # -- the server and the daemon -----------------------------------------------------------------------

    def restart_server(self) -> None:
        """(Re)start the sim with what ``server.properties`` says now."""
        if self.sim is not None:
            self.sim.stop()
        props = _properties(self.server_dir / "server.properties")
        assert props.get("enable-rcon") == "true"
        options = SimOptions(
            flavor=self.flavour,  # type: ignore[arg-type]
            version=self.version,
            directory=self.server_dir,
            rcon_port=int(props["rcon.port"]),
            rcon_password=props["rcon.password"],
            broadcast_rcon_to_ops=props.get("broadcast-rcon-to-ops", "true") == "true",
            service_ms=0.2,
        )
        self.sim = SimServer(options)
        self.sim.start()

    def _wait_daemon_ready(self, timeout: float = 30.0) -> None:
        """Until the daemon has placed the table and created its trigger objective."""
        end = time.monotonic() + timeout
        since = 0
        while time.monotonic() < end:
            assert self.daemon is not None and self.daemon.poll() is None, self.daemon_log()
            records = self.control.commands(since)["received"]
            since = max([since, *(int(r["seq"]) for r in records)])
            if any(str(r["command"]).startswith("scoreboard objectives add dfg trigger") for r in records):
                time.sleep(0.5)
                return
            time.sleep(0.1)
        raise AssertionError("the daemon did not get ready:\n" + self.daemon_log())

    def daemon_log(self) -> str:
        """What the daemon printed so far."""
        path = self.workdir / "daemon.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def stop_daemon(self) -> int | None:
        """Ctrl+C for the daemon (SIGINT, as the quick start says); its exit status."""
        if self.daemon is None:
            return None
        if self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGINT)
            try:
                return self.daemon.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
                self.daemon.wait(timeout=10)
                return None
        return self.daemon.returncode

    def stop(self) -> int | None:
        """Stop the daemon, then the server; the daemon's exit status."""
        status = self.stop_daemon()
        if self.sim is not None:
            self.sim.stop()
        return status

    def chat_texts(self) -> list[str]:
        """Every chat line the player received."""
        chat: list[dict[str, Any]] = self.control.player(self.player)["chat"]
        return [m["text"] for m in chat]
