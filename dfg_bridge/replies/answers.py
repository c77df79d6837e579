"""The server's short answers (返答の読み取り), each read from its raw text into a plain value.

One function per command the host asks something with: who is online (``list uuids``), where a
player stands (``data get entity <p> Pos``), a score (``scoreboard players get``), how many items
``clear`` found or removed, the display name ``tag <p> list`` shows, and the value of ``data get
entity``. Each returns ``None`` (or an empty value) when the reply is not that answer: an offline
player, another RCON client's output (ARCHITECTURE §9), an error.

>>> sorted(online_players("There are 2 of a max of 20 players online: Steve (853c…), 【大富豪】Alex (1a2b…)"))
['Alex', 'Steve']
>>> position("Steve has the following entity data: [0.5d, 64.0d, -3.5d]")
Position(x=0.5, y=64.0, z=-3.5)
>>> score("Steve has 12 [dfg_cust]"), item_count("Removed 3 item(s) from player Steve")
(12, 3)
>>> display_name("【大富豪】Steve has 1 tags: dfg_t1_p")
'【大富豪】Steve'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_LIST_NAMES = re.compile(r"online:\s*(.*)$", re.DOTALL)
_POS = re.compile(r"\[(-?[\d.]+)d?, (-?[\d.]+)d?, (-?[\d.]+)d?\]")
_SCORE = re.compile(r"\bhas (-?\d+) \[")
_COUNT = re.compile(r"^(?:Found|Removed) (\d+) ")
_TAGS = re.compile(r"^(?P<shown>.+) has (?:no tags|\d+ tags: [^ ]*(?:, [^ ]*)*)$", re.DOTALL)
_ENTITY_DATA = re.compile(r" has the following entity data: (.*)$", re.DOTALL)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?")


@dataclass(frozen=True, slots=True)
class Position:
    """Where an entity stands (block coordinates as doubles)."""

    x: float
    y: float
    z: float

    def distance(self, other: tuple[float, float, float]) -> float:
        """Straight-line distance to a point."""
        return math.dist((self.x, self.y, self.z), other)


def online_players(reply: str) -> frozenset[str]:
    """Who is online, from ``list uuids``: plain account names, team prefixes stripped."""
    match = _LIST_NAMES.search(reply)
    if not match:
        return frozenset()
    names = set()
    for part in match.group(1).split(","):
        name = part.strip().split(" (")[0].strip()
        if name:
            names.add(name.split("】")[-1])
    return frozenset(names)


def position(reply: str) -> Position | None:
    """``data get entity <p> Pos`` → the position (``None`` if the player is not there)."""
    match = _POS.search(reply)
    if match is None:
        return None
    x, y, z = (float(v) for v in match.groups())
    return Position(x, y, z)


def score(reply: str) -> int | None:
    """``scoreboard players get <holder> <objective>`` → the score (``None`` when it has none)."""
    match = _SCORE.search(reply)
    return int(match.group(1)) if match else None


def item_count(reply: str) -> int:
    """The item count of a ``clear`` reply (``Found 2 matching item(s) …``, ``Removed 2 …``), else 0."""
    match = _COUNT.match(reply)
    return int(match.group(1)) if match else 0


def display_name(reply: str) -> str | None:
    """The display name that starts a ``tag <p> list`` reply (``None`` if the player is offline)."""
    match = _TAGS.match(reply.strip())
    return match.group("shown") if match else None


def entity_data(reply: str) -> str | None:
    """The raw SNBT value of a ``data get entity <p> <path>`` reply (``None`` when it is not one)."""
    match = _ENTITY_DATA.search(reply.strip())
    return match.group(1) if match else None


def execute_passed(reply: str) -> bool:
    """Whether an ``execute if|unless …`` test (without ``run``) passed."""
    return reply.startswith("Test passed")


def write_ran(reply: str) -> bool:
    """Whether ``execute <checks> run <write>`` ran its write, for a write whose feedback is never empty
    (``bossbar set … name``, ``data merge entity``, ``scoreboard players set``): a failed check stops
    the chain without a word."""
    return reply != ""


def reset_nobody(reply: str) -> bool:
    """Whether a ``scoreboard players set <selector> …`` selected nobody (vanilla's
    ``argument.scoreHolder.empty``: ``No relevant score holders could be found``)."""
    return reply.startswith("No relevant score holders could be found")


def execute_failed(reply: str) -> bool:
    """Whether an ``execute if|unless …`` test reported failing (a chain cut short earlier says nothing)."""
    return reply == "Test failed"


def replaced(reply: str) -> bool:
    """Whether an ``item replace`` changed the slot (``Replaced a slot on …``)."""
    return reply.startswith("Replaced")


def numbers(value: str) -> tuple[float, ...]:
    """The numbers of an SNBT list such as ``[0.5d, 64.0d, -3.5d]`` (a position, a rotation)."""
    return tuple(float(v) for v in _NUMBER.findall(value))


__all__ = [
    "Position",
    "display_name",
    "entity_data",
    "execute_failed",
    "execute_passed",
    "item_count",
    "numbers",
    "online_players",
    "position",
    "replaced",
    "reset_nobody",
    "score",
    "write_ran",
]
