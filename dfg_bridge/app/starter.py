"""The starter config ``dfg-bridge init`` writes (初期設定ファイル): the packaged example, filled in.

The packaged, commented example (``dfg_bridge/data/dfg.example.yml``) is edited as text, so every
comment stays: :func:`set_value` replaces one scalar, :func:`shift_tables` moves the first table and
:func:`shift_lockers` moves the locker box under it. :mod:`dfg_bridge.app.init` asks the questions and
writes the files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

from dfg_bridge.config import Flavour, Language

CONFIG_NAME = "dfg.yml"
PASSWORD_NAME = "rcon_password"
MESSAGES_DIR = "messages"
EXAMPLE_ORIGIN = (0, 64, 0)
"""The packaged example's table centre; ``--table-at`` shifts the whole table by the difference."""
DOCKER_SERVER_DIR = Path("/data")
"""Where ``itzg/minecraft-server`` keeps the server (mounted read-only into dfg-bridge's container)."""
DOCKER_DATA_DIR = "/var/lib/dfg-bridge"
"""The image's state volume (the custody ledger and saved matches)."""
DOCKER_RCON_HOST = "mc"
"""The server's service name in ``deploy/docker-compose.yml``."""

_TRIPLE = re.compile(r"\[(-?\d+), (-?\d+), (-?\d+)\]")


class InitError(Exception):
    """``init`` cannot go on; ``code`` is machine-readable (``exists``, ``no_example``, ``bad_answer``)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Answers:
    """Everything ``init`` needs to know; ``init.defaults_for`` fills it without asking."""

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


def shift_lockers(text: str, offset: tuple[int, int, int]) -> str:
    """Move the ``custody.locker`` corners by ``offset`` across (x and z) but not up or down.

    The default box lies at the bottom of the world, so it follows the table sideways and stays there.

    >>> shift_lockers("custody:\\n  locker:\\n    corner1: [-8, -63, -8]\\n", (100, 6, -20))
    'custody:\\n  locker:\\n    corner1: [92, -63, -28]\\n'
    """

    def move(match: re.Match[str]) -> str:
        x, y, z = (int(match.group(k)) for k in (1, 2, 3))
        return f"[{x + offset[0]}, {y}, {z + offset[2]}]"

    lines = text.split("\n")
    inside = False
    for i, line in enumerate(lines):
        if line and not line[0].isspace() and not line.startswith("#"):
            inside = line.startswith("custody:")
            continue
        code, sep, comment = line.partition(" #")
        if inside and re.match(r"\s+corner[12]:", code):
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
    dx, dy, dz = (a - b for a, b in zip(answers.table_at, EXAMPLE_ORIGIN, strict=True))
    return shift_lockers(shift_tables(text, (dx, dy, dz)), (dx, dy, dz))


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


__all__ = [
    "CONFIG_NAME",
    "EXAMPLE_ORIGIN",
    "MESSAGES_DIR",
    "PASSWORD_NAME",
    "Answers",
    "InitError",
    "docker_config",
    "example_text",
    "messages_text",
    "set_value",
    "shift_lockers",
    "shift_tables",
    "starter_config",
]
