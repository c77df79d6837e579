"""``dfg-bridge init [--defaults] FOLDER``: write a commented starter config and messages (初期設定).

It writes, into ``FOLDER``:

* ``dfg.yml`` — the packaged, commented example config, with the values it could learn filled in:
  the server's log and ``server.properties`` paths, the RCON port, the server software, the message
  language and where the first table stands;
* ``messages/<language>.yml`` — the full message catalogue to edit (a key deleted from it falls back
  to the built-in text);
* ``rcon_password`` (mode 0600) — the RCON password, referenced by ``rcon.password_file``, so the
  config itself holds no secret. It is copied from ``server.properties`` when RCON is enabled
  there; otherwise a fresh one is generated and the lines to add to ``server.properties`` are printed.

Without ``--defaults`` it asks a few questions (each with its default in brackets; an empty answer
or end of input takes the default). With ``--defaults`` it asks nothing. It never overwrites a file
unless ``--force`` is given, and it never touches the server's own files.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import TextIO

from dfg_bridge.app.check import read_properties
from dfg_bridge.config import Flavour, Language

CONFIG_NAME = "dfg.yml"
PASSWORD_NAME = "rcon_password"
MESSAGES_DIR = "messages"
EXAMPLE_ORIGIN = (0, 64, 0)
"""The packaged example's table centre; ``--table-at`` shifts the whole table by the difference."""
FLAVOURS = tuple(f.value for f in Flavour)
DOCKER_SERVER_DIR = Path("/data")
"""Where ``itzg/minecraft-server`` keeps the server (mounted read-only into dfg-bridge's container)."""
DOCKER_DATA_DIR = "/var/lib/dfg-bridge"
"""The image's state volume (the custody ledger and saved matches)."""
DOCKER_RCON_HOST = "mc"
"""The server's service name in ``deploy/docker-compose.yml``."""
LANGUAGES = tuple(lang.value for lang in Language)

_TRIPLE = re.compile(r"\[(-?\d+), (-?\d+), (-?\d+)\]")


class InitError(Exception):
    """``init`` cannot go on; ``code`` is machine-readable (``exists``, ``no_example``, ``bad_answer``)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Answers:
    """Everything ``init`` needs to know; :func:`defaults_for` fills it without asking."""

    server_dir: Path | None
    """The server's folder (holds ``server.properties`` and ``logs/``), if known."""
    flavour: Flavour = Flavour.AUTO
    """The server software (``auto``: decided from the log at run time)."""
    language: Language = Language.JA
    """The message language."""
    rcon_host: str = "127.0.0.1"
    """Where the server's RCON listens."""
    table_at: tuple[int, int, int] = EXAMPLE_ORIGIN
    """The block at the first table's centre."""


@dataclass(frozen=True, slots=True)
class InitResult:
    """What :func:`write_starter` did."""

    written: tuple[Path, ...]
    """Files written, in order."""
    properties_lines: tuple[str, ...]
    """``server.properties`` lines the operator still has to set (empty when RCON is ready)."""
    flavour: Flavour
    """The flavour written into the config (detected when ``auto`` was asked for)."""


def detect_flavour(server_dir: Path) -> Flavour:
    """Guess the server software from the files in its folder; ``auto`` when unsure.

    Paper, Spigot and Purpur all keep ``bukkit.yml``/``spigot.yml`` (Paper also ``config/paper-global.yml``);
    Fabric keeps ``.fabric/`` or ``fabric-server-launcher.properties``.
    """
    paper_files = ("bukkit.yml", "spigot.yml", "paper.yml", "config/paper-global.yml")
    if any((server_dir / name).exists() for name in paper_files):
        return Flavour.PAPER
    if (server_dir / ".fabric").is_dir() or (server_dir / "fabric-server-launcher.properties").exists():
        return Flavour.FABRIC
    return Flavour.AUTO


def defaults_for(server_dir: Path | None, **overrides: object) -> Answers:
    """The answers ``--defaults`` uses; the current folder is the server's if it has ``server.properties``."""
    if server_dir is None and Path("server.properties").is_file():
        server_dir = Path.cwd()
    answers = Answers(server_dir=server_dir.resolve() if server_dir is not None else None)
    values = {k: v for k, v in overrides.items() if v is not None}
    return replace(answers, **values)  # type: ignore[arg-type]


# --- editing the example text ----------------------------------------------------------------------


def _yaml_text(value: str) -> str:
    """A YAML scalar for a path or word: bare when safe, double-quoted otherwise."""
    if re.fullmatch(r"[A-Za-z0-9_./\-]+", value) and value not in ("null", "true", "false"):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def set_value(text: str, path: str, value: str) -> str:
    """``text`` with the scalar at dotted ``path`` (block-style mappings only) replaced by ``value``.

    The line's indentation and trailing comment are kept; raises :class:`InitError` if the key is
    not found.

    >>> set_value("a:\\n  b: 1  # note\\nc: 2\\n", "a.b", "5")
    'a:\\n  b: 5  # note\\nc: 2\\n'
    """
    lines = text.split("\n")
    parts = path.split(".")
    start, indent = 0, -1
    for depth, key in enumerate(parts):
        pattern = re.compile(rf"^(\s*){re.escape(key)}:(\s*)(.*)$")
        for i in range(start, len(lines)):
            line = lines[i]
            stripped = line.lstrip()
            if not stripped or stripped.startswith("#"):
                continue
            level = len(line) - len(stripped)
            if level <= indent:
                break  # left the parent mapping
            match = pattern.match(line)
            if match and ((depth == 0 and level == 0) or depth > 0):
                if depth == len(parts) - 1:
                    rest = match.group(3)
                    comment = re.search(r"\s+#.*$", rest) if not rest.startswith(('"', "'")) else None
                    tail = comment.group(0) if comment else ""
                    lines[i] = f"{match.group(1)}{key}: {value}{tail}"
                    return "\n".join(lines)
                start, indent = i + 1, level
                break
        else:
            break
    raise InitError(f"the example config has no key {path!r}", code="no_example")


def shift_tables(text: str, offset: tuple[int, int, int]) -> str:
    """Move every ``[x, y, z]`` in the ``tables:`` section (not in comments) by ``offset``.

    >>> shift_tables("tables:\\n  - centre: [0, 64, 0]  # [1, 2, 3]\\n", (10, 1, -5))
    'tables:\\n  - centre: [10, 65, -5]  # [1, 2, 3]\\n'
    """
    if offset == (0, 0, 0):
        return text
    lines = text.split("\n")
    try:
        first = lines.index("tables:")
    except ValueError as exc:
        raise InitError("the example config has no tables: section", code="no_example") from exc

    def move(match: re.Match[str]) -> str:
        x, y, z = (int(match.group(i)) + offset[i - 1] for i in (1, 2, 3))
        return f"[{x}, {y}, {z}]"

    for i in range(first + 1, len(lines)):
        line = lines[i]
        if line and not line[0].isspace() and not line.startswith("#"):
            break  # the next top-level key
        code, sep, comment = line.partition(" #")
        if code.lstrip().startswith("#"):
            continue
        lines[i] = _TRIPLE.sub(move, code) + sep + comment
    return "\n".join(lines)


def example_text() -> str:
    """The packaged, commented example config."""
    return resources.files("dfg_bridge.data").joinpath("dfg.example.yml").read_text(encoding="utf-8")


def messages_text(language: Language) -> str:
    """The packaged message catalogue for ``language``, with a note on how overrides work."""
    catalogue = resources.files("dfg_bridge.data.messages").joinpath(f"{language.value}.yml")
    body = catalogue.read_text(encoding="utf-8")
    note = (
        "# Written by `dfg-bridge init`: a full copy of the built-in catalogue to edit.\n"
        "# Delete a key to get the built-in text back (it may improve in later versions).\n"
    )
    return note + body


def starter_config(
    answers: Answers,
    *,
    rcon_port: int | None = None,
    password_file: str | None = PASSWORD_NAME,
    messages_dir: str | None = MESSAGES_DIR,
    data_dir: str | None = None,
) -> str:
    """The example config with the answers filled in.

    ``password_file=None`` leaves both ``rcon.password`` and ``rcon.password_file`` empty, for setups
    that hand the password over in ``$RCON_PASSWORD_FILE`` (Docker secrets, systemd credentials).
    """
    text = example_text()
    if answers.server_dir is not None:
        log_path = answers.server_dir / "logs" / "latest.log"
        text = set_value(text, "source.log_path", _yaml_text(log_path.as_posix()))
        properties = answers.server_dir / "server.properties"
        text = set_value(text, "server.properties_path", _yaml_text(properties.as_posix()))
    if rcon_port is not None:
        text = set_value(text, "rcon.port", str(rcon_port))
    text = set_value(text, "rcon.password", '""')
    if password_file is not None:
        text = set_value(text, "rcon.password_file", _yaml_text(password_file))
    text = set_value(text, "rcon.host", _yaml_text(answers.rcon_host))
    text = set_value(text, "server.flavour", answers.flavour.value)
    text = set_value(text, "language", answers.language.value)
    if messages_dir is not None:
        text = set_value(text, "messages_dir", _yaml_text(messages_dir))
    if data_dir is not None:
        text = set_value(text, "data_dir", _yaml_text(data_dir))
    offset = tuple(a - b for a, b in zip(answers.table_at, EXAMPLE_ORIGIN, strict=True))
    return shift_tables(text, (offset[0], offset[1], offset[2]))


def _rcon_settings(props: Mapping[str, str] | None) -> tuple[str | None, int | None]:
    """(password, port) from ``server.properties`` when RCON is enabled there with a password."""
    if props is None:
        return None, None
    port_text = props.get("rcon.port", "25575")
    port = int(port_text) if port_text.isdigit() else None
    enabled = props.get("enable-rcon", "false").lower() == "true"
    password = props.get("rcon.password", "")
    return (password if enabled and password else None), port


def docker_config(answers: Answers) -> str:
    """The config for ``deploy/docker-compose.yml``: container paths, password from the compose secret.

    The server's folder is the container's ``/data`` (so it is not read now), RCON is reached by
    service name, and the item ledger lives in the image's ``/var/lib/dfg-bridge`` volume.
    """
    return starter_config(
        replace(answers, server_dir=DOCKER_SERVER_DIR),
        password_file=None,
        messages_dir=None,
        data_dir=DOCKER_DATA_DIR,
    )


def _check_free(paths: Sequence[Path], force: bool) -> None:
    existing = [path for path in paths if path.exists()]
    if existing and not force:
        names = ", ".join(str(p) for p in existing)
        raise InitError(f"{names} already exists (use --force to overwrite)", code="exists")


def write_docker(folder: Path, answers: Answers, *, force: bool = False) -> InitResult:
    """Write only ``dfg.yml`` for the Docker recipe (see :func:`docker_config`)."""
    path = folder / CONFIG_NAME
    _check_free([path], force)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(docker_config(answers), encoding="utf-8")
    return InitResult((path,), (), answers.flavour)


def write_starter(
    folder: Path, answers: Answers, *, force: bool = False, data_dir: str | None = None
) -> InitResult:
    """Write the config, the messages and the password file into ``folder``."""
    props = read_properties(answers.server_dir / "server.properties") if answers.server_dir else None
    password, port = _rcon_settings(props)
    lines: tuple[str, ...] = ()
    if password is None:
        password = secrets.token_urlsafe(18)
        lines = ("enable-rcon=true", f"rcon.port={port or 25575}", f"rcon.password={password}")
    if props is None or props.get("broadcast-rcon-to-ops", "true").lower() != "false":
        lines += ("broadcast-rcon-to-ops=false",)
    flavour = answers.flavour
    if flavour is Flavour.AUTO and answers.server_dir is not None:
        flavour = detect_flavour(answers.server_dir)
    answers = replace(answers, flavour=flavour)
    files = {
        folder / CONFIG_NAME: starter_config(answers, rcon_port=port, data_dir=data_dir),
        folder / MESSAGES_DIR / f"{answers.language.value}.yml": messages_text(answers.language),
        folder / PASSWORD_NAME: password + "\n",
    }
    _check_free(list(files), force)
    for path, content in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.name == PASSWORD_NAME:
            # Created with 0600 from the start, so the secret is never readable by others.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(content)
            path.chmod(0o600)
        else:
            path.write_text(content, encoding="utf-8")
    return InitResult(tuple(files), lines, flavour)


# --- asking ----------------------------------------------------------------------------------------


def _parse_triple(text: str) -> tuple[int, int, int]:
    parts = text.replace(",", " ").split()
    if len(parts) != 3:
        raise InitError(f"need three whole numbers x y z (got {text!r})", code="bad_answer")
    try:
        x, y, z = (int(p) for p in parts)
    except ValueError as exc:
        raise InitError(f"need three whole numbers x y z (got {text!r})", code="bad_answer") from exc
    return x, y, z


def ask_answers(base: Answers, ask: Callable[[str], str | None], out: TextIO) -> Answers:
    """Ask for each answer with ``base`` as the default; ``ask`` returns None at end of input."""

    def question(prompt: str, default: str, check: Callable[[str], object] = str) -> str:
        while True:
            reply = ask(f"{prompt} [{default}]: ")
            if reply is None or not reply.strip():
                return default
            try:
                check(reply.strip())
            except (InitError, ValueError) as exc:
                print(f"  {exc}", file=out)
                continue
            return reply.strip()

    def one_of(choices: Sequence[str]) -> Callable[[str], object]:
        def check(value: str) -> None:
            if value not in choices:
                raise ValueError(f"answer one of: {', '.join(choices)}")

        return check

    server = question("Server folder (holds server.properties and logs/)", str(base.server_dir or "."))
    server_dir = Path(server).expanduser().resolve()
    guess = detect_flavour(server_dir) if base.flavour is Flavour.AUTO else base.flavour
    flavour = question("Server software: paper, vanilla, fabric or auto", guess.value, one_of(FLAVOURS))
    language = question("Message language: ja or en", base.language.value, one_of(LANGUAGES))
    host = question("RCON host", base.rcon_host)
    table = question(
        "Table centre block x y z (F3 shows it)", " ".join(map(str, base.table_at)), _parse_triple
    )
    return Answers(server_dir, Flavour(flavour), Language(language), host, _parse_triple(table))


def _stdin_ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def next_steps(folder: Path, result: InitResult) -> str:
    """What to do after ``init``: server.properties lines, then check, setup and run."""
    config = folder / CONFIG_NAME
    out = ["", "Wrote:"] + [f"  {path}" for path in result.written]
    step = 1
    out.append("")
    out.append("Next:")
    if result.properties_lines:
        out.append(f"  {step}. Put these lines in server.properties, then restart the server:")
        out += [f"       {line}" for line in result.properties_lines]
        step += 1
    out.append(f"  {step}. Look over {config} (tables[0] is where the table stands).")
    out.append(f"  {step + 1}. dfg-bridge check --config {config}")
    out.append(f"  {step + 2}. dfg-bridge setup --config {config}")
    out.append(f"  {step + 3}. dfg-bridge run --config {config}")
    return "\n".join(out) + "\n"


def main(
    argv: Sequence[str],
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    ask: Callable[[str], str | None] = _stdin_ask,
) -> int:
    """``dfg-bridge init [--defaults] [options] FOLDER``; exit 0, 1 on a refused write, 2 on bad usage."""
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    parser = argparse.ArgumentParser(
        prog="dfg-bridge init", description="Write a commented starter config and messages into FOLDER."
    )
    parser.add_argument("folder", type=Path, help="where to write dfg.yml, messages/ and rcon_password")
    parser.add_argument("--defaults", action="store_true", help="ask nothing; take defaults and options")
    parser.add_argument("--server-dir", type=Path, help="the server's folder (default: here, if a server)")
    parser.add_argument("--flavour", choices=FLAVOURS, help="server software (default: detect)")
    parser.add_argument("--language", choices=LANGUAGES, help="message language (default: ja)")
    parser.add_argument("--rcon-host", help="RCON host (default: 127.0.0.1)")
    parser.add_argument("--table-at", nargs=3, type=int, metavar=("X", "Y", "Z"), help="table centre block")
    parser.add_argument("--data-dir", help="where the item ledger is kept (default: dfg-data beside dfg.yml)")
    parser.add_argument(
        "--docker",
        action="store_true",
        help="write only dfg.yml for deploy/docker-compose.yml (asks nothing)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite files that exist")
    args = parser.parse_args(list(argv))
    if args.docker:
        answers = Answers(
            DOCKER_SERVER_DIR,
            flavour=Flavour(args.flavour or "paper"),
            language=Language(args.language or "ja"),
            rcon_host=args.rcon_host or DOCKER_RCON_HOST,
            table_at=tuple(args.table_at) if args.table_at else EXAMPLE_ORIGIN,
        )
        try:
            result = write_docker(args.folder, answers, force=args.force)
        except InitError as exc:
            print(f"dfg-bridge init: {exc}", file=stderr)
            return 1
        where = f"/data, RCON at {answers.rcon_host}, password from the secret"
        print(f"Wrote {result.written[0]} (Docker: {where})", file=stdout)
        return 0
    answers = defaults_for(
        args.server_dir,
        flavour=Flavour(args.flavour) if args.flavour else None,
        language=Language(args.language) if args.language else None,
        rcon_host=args.rcon_host,
        table_at=tuple(args.table_at) if args.table_at else None,
    )
    try:
        if not args.defaults:
            answers = ask_answers(answers, ask, stdout)
        result = write_starter(args.folder, answers, force=args.force, data_dir=args.data_dir)
    except InitError as exc:
        print(f"dfg-bridge init: {exc}", file=stderr)
        return 1 if exc.code == "exists" else 2
    if answers.server_dir is None:
        print(
            "dfg-bridge init: no server folder given (--server-dir); set source.log_path and "
            "server.properties_path in the config yourself",
            file=stderr,
        )
    stdout.write(next_steps(args.folder, result))
    return 0


__all__ = [
    "Answers",
    "InitError",
    "InitResult",
    "ask_answers",
    "defaults_for",
    "detect_flavour",
    "docker_config",
    "main",
    "set_value",
    "shift_tables",
    "starter_config",
    "write_docker",
    "write_starter",
]
