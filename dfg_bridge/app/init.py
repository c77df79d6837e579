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
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from dfg_bridge.app.probes import read_properties
from dfg_bridge.app.starter import (
    CONFIG_NAME,
    DOCKER_DATA_DIR,
    DOCKER_RCON_HOST,
    DOCKER_SERVER_DIR,
    EXAMPLE_ORIGIN,
    MESSAGES_DIR,
    PASSWORD_NAME,
    Answers,
    InitError,
    docker_config,
    example_text,
    messages_text,
    set_value,
    shift_lockers,
    shift_tables,
    starter_config,
)
from dfg_bridge.config import Flavour, Language

FLAVOURS = tuple(f.value for f in Flavour)
LANGUAGES = tuple(lang.value for lang in Language)


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


def _rcon_settings(props: Mapping[str, str] | None) -> tuple[str | None, int | None]:
    """(password, port) from ``server.properties`` when RCON is enabled there with a password."""
    if props is None:
        return None, None
    port_text = props.get("rcon.port", "25575")
    port = int(port_text) if port_text.isdigit() else None
    enabled = props.get("enable-rcon", "false").lower() == "true"
    password = props.get("rcon.password", "")
    return (password if enabled and password else None), port


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
    "CONFIG_NAME",
    "DOCKER_DATA_DIR",
    "DOCKER_RCON_HOST",
    "DOCKER_SERVER_DIR",
    "EXAMPLE_ORIGIN",
    "Answers",
    "InitError",
    "InitResult",
    "ask_answers",
    "defaults_for",
    "detect_flavour",
    "docker_config",
    "example_text",
    "main",
    "set_value",
    "shift_lockers",
    "shift_tables",
    "starter_config",
    "write_docker",
    "write_starter",
]
