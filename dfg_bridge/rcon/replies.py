"""Does a reply fit its command? (返答の照合) — and which replies are the server refusing a command.

Vanilla keeps **one** console output buffer for every RCON connection (ARCHITECTURE §9): when another RCON
client (an admin panel, a backup script) talks to the server at the same time, our reply can be
empty (our output went to the other connection), the other's output, or ours with the other's glued
on. Every answer the daemon reads names what it answers — ``x, y, z has the following block data``,
``Ann has the following entity data``, ``There are 3 of a max of 20 players online: …`` with three
names — so a reply that does not fit its command is recognisable.

:func:`judge` classifies one (command, reply) pair:

* ``FIT``: the reply is a possible answer to the command (including the server's refusals);
* ``MISFIT``: it cannot be the answer (a mix-up); :func:`is_read` says whether the command can be
  safely asked again (it only reads);
* and :func:`server_error` picks out the refusals that mean *our command* is wrong for this server
  (``Unknown item 'minecraft:chain'``, ``Incorrect argument for command``, anything ending with
  ``<--[HERE]``), reduced to a shape without the echoed command.

>>> judge("data get block 1 64 2 Items", "1, 64, 2 has the following block data: [{count: 1}]").value
'fit'
>>> judge("data get block 1 64 2 Items", "").value
'misfit'
>>> judge("data get block 1 64 2 Items", "1, 64, 2 has the following block data: []There are 0").value
'misfit'
>>> judge("list uuids", "There are 1 of a max of 20 players online: Ann (a-b)").value
'fit'
>>> server_error("give Ann chain 1", "Unknown item 'minecraft:chain'give Ann chain 1<--[HERE]")
"Unknown item 'minecraft:chain'"
"""

from __future__ import annotations

import enum
import re

__all__ = ["Fit", "command_shape", "is_read", "judge", "server_error"]


class Fit(enum.Enum):
    """Whether a reply can be the answer to its command."""

    FIT = "fit"
    """A possible answer (a refusal included)."""
    MISFIT = "misfit"
    """Not an answer to this command: another RCON client's output, or ours went to it."""


HERE = "<--[HERE]"
"""How vanilla ends a parse error: the command echoed up to the error position, then this marker."""

_EXCEPTION = "An unexpected error occurred trying to execute that command"
"""``command.failed``: the command threw inside the server."""

# Refusals any command may get (game state, not a mix-up): answers, so they fit.
_REFUSALS = (
    "No entity was found",
    "No player was found",
    "Only one entity is allowed",
    "Only one player is allowed",
    "Unknown scoreboard objective",
    "The target block is not a block entity",
    "That position is not loaded",
    "Unable to modify player data",
    _EXCEPTION,
)

# Signatures of the answers of reads: a write's reply that carries one is another client's output.
_READ_SIGNATURE = re.compile(
    r" has the following (?:entity|block) data: |There are \d+ of a max of \d+ players online:"
    r"|^\S+ has -?\d+ \[|Storage \S+ has the following contents: |^Test (?:passed|failed)"
)

_SILENT = frozenset({"tellraw"})
"""Verbs that answer nothing when they work (a non-refusal reply to them is someone else's)."""

_PRINTS = frozenset(
    {"item", "clear", "give", "team", "scoreboard", "bossbar", "ride", "tp", "teleport", "setblock",
     "fill", "forceload", "summon", "kill", "data", "gamerule", "title", "dialog", "effect"}
)  # fmt: skip
"""Verbs that always answer something (success or refusal): an empty reply means it went elsewhere."""

_NAME = r"[^\s,\[\]]+?"
_SCORE_LINE = rf"{_NAME} has -?\d+ \[[^\]\n]*\]"
_LIST = re.compile(r"There are (\d+) of a max of (\d+) players online: (.*)", re.DOTALL)
_ENTITY = re.compile(r"(?P<who>.{1,96}?) has the following entity data: (?P<payload>.+)", re.DOTALL)
_BLOCK = re.compile(r"(-?\d+), (-?\d+), (-?\d+) has the following block data: (?P<payload>.+)", re.DOTALL)
_SCORE = re.compile(r"(?P<who>.{1,96}?) has -?\d+ \[[^\]\n]*\]")
_SCORES = re.compile(rf"(?:{_SCORE_LINE})*")
_CLEAR_TEST = re.compile(
    r"Found \d+ matching item\(s\) on (?:player .+|\d+ players)"
    r"|No items were found on (?:player .+|\d+ players)"
)
_CONDITION = re.compile(r"Test (?:passed|failed)(?:[.,] [Cc]ount: \d+)?")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SNBT_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|\'[^\'\\]*(?:\\.[^\'\\]*)*\'')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.+-]{1,20}")


def is_read(command: str) -> bool:
    """Whether ``command`` only reads (asking it again changes nothing): ``data get``, ``list``,
    ``scoreboard players get``, ``clear … 0``, ``execute if|unless …`` and ``execute … run`` a read.

    >>> is_read("data get entity Ann Inventory"), is_read("clear Ann * 0"), is_read("clear Ann *")
    (True, True, False)
    >>> is_read("execute as @a[scores={dfg=1..}] run scoreboard players get @s dfg")
    True
    """
    return _read_kind(command.split()) is not None


def _read_kind(words: list[str]) -> str | None:
    if not words:
        return None
    verb = words[0]
    if verb == "execute":
        if "store" in words:
            return None  # it writes the result somewhere
        if "run" in words:
            inner = _read_kind(words[words.index("run") + 1 :])
            return "execute_run" if inner is not None else None
        return "condition" if any(w in ("if", "unless") for w in words) else None
    if verb == "data" and words[1:2] == ["get"] and len(words) >= 3:
        return {"entity": "entity", "block": "block"}.get(words[2])
    if verb == "list":
        return "list"
    if words[:3] == ["scoreboard", "players", "get"]:
        return "score"
    if verb == "clear" and len(words) == 4 and words[3] == "0":
        return "clear_test"
    return None


def judge(command: str, reply: str) -> Fit:
    """Whether ``reply`` can be the server's answer to ``command``."""
    if reply.endswith(HERE):
        # A parse error echoes the command it refused: another client's error echoes another command.
        return Fit.FIT if _parse_error_message(command, reply) is not None else Fit.MISFIT
    if reply.startswith(_REFUSALS):
        return Fit.FIT
    words = command.split()
    kind = _read_kind(words)
    if kind is not None:
        return Fit.FIT if _read_fits(kind, words, reply) else Fit.MISFIT
    verb = words[0] if words else ""
    if verb in _SILENT:
        return Fit.FIT if reply == "" else Fit.MISFIT
    if reply == "":
        return Fit.MISFIT if verb in _PRINTS else Fit.FIT
    return Fit.MISFIT if _READ_SIGNATURE.search(reply) else Fit.FIT


def _read_fits(kind: str, words: list[str], reply: str) -> bool:
    if kind == "entity":
        match = _data_answer(reply, words[4] if len(words) > 4 else None, _ENTITY)
        if isinstance(match, bool):
            return match
        # A plain name must be the one shown (after any team prefix); a selector may show anything.
        return _names(words[3] if len(words) > 3 else "", match["who"])
    if kind == "block":
        match = _data_answer(reply, words[6] if len(words) > 6 else None, _BLOCK)
        if isinstance(match, bool):
            return match
        coords = words[3:6]
        exact = all(_NUMBER.fullmatch(c) for c in coords)
        return not exact or [int(float(c)) for c in coords] == [int(g) for g in match.groups()[:3]]
    if kind == "list":
        return _list_fits(words, reply)
    if kind == "score":
        holder, objective = (words[3], words[4]) if len(words) > 4 else ("", "")
        if reply.startswith(f"Can't get value of {objective} for "):
            return True
        score = _SCORE.fullmatch(reply)
        return score is not None and _names(holder, score["who"])
    if kind == "execute_run":
        # ``execute as <many> run <read>`` answers once per entity, concatenated, or not at all.
        inner = words[words.index("run") + 1 :]
        if inner[:3] == ["scoreboard", "players", "get"]:
            return _SCORES.fullmatch(reply) is not None
        return reply == "" or _read_fits(_read_kind(inner) or "", inner, reply)
    if kind == "clear_test":
        return _CLEAR_TEST.fullmatch(reply) is not None
    if kind == "condition":
        # A chain of several tests stops at the first that fails without a word: only the last test
        # reports (the hand-screen watch's questions rely on this; see dfg_bridge.render.watch).
        tests = sum(1 for w in words if w in ("if", "unless"))
        return _CONDITION.fullmatch(reply) is not None or (reply == "" and tests > 1)
    return True


def _data_answer(reply: str, path: str | None, shape: re.Pattern[str]) -> re.Match[str] | bool:
    """A ``data get`` answer: ``True`` for "no such path", ``False`` if it is none, else the match."""
    if path is not None and reply == f"Found no elements matching {path}":
        return True
    match = shape.fullmatch(reply)
    if match is None or not complete_value(match["payload"]):
        return False
    return match


def _names(target: str, shown: str) -> bool:
    """Whether an answer showing ``shown`` can be about ``target`` (a display name may carry a prefix)."""
    if not _PLAIN_NAME.fullmatch(target):
        return True
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(target)}$", shown) is not None


def _list_fits(words: list[str], reply: str) -> bool:
    match = _LIST.fullmatch(reply)
    if match is None:
        return False
    online, names = int(match[1]), match[3]
    if online == 0:
        return names == ""
    parts = names.split(", ")
    if len(parts) != online:
        return False
    with_ids = words[1:2] == ["uuids"]
    shape = re.compile(r"\S+ \([0-9a-f-]{1,36}\)" if with_ids else r"\S+")
    return all(shape.fullmatch(p) for p in parts)


def complete_value(text: str) -> bool:
    """Whether ``text`` is exactly one SNBT value as ``data get`` prints it (nothing glued after it).

    >>> complete_value('[{id: "minecraft:stone", count: 1}]'), complete_value('{a: "}"}x')
    (True, False)
    >>> complete_value("3"), complete_value("3There are 0")
    (True, False)
    """
    if not text:
        return False
    if text[0] not in "{[\"'":
        return re.fullmatch(r"[-+A-Za-z0-9._]+", text) is not None
    # Strings are blanked first (a bracket or quote inside one means nothing); then the brackets alone
    # must form one group that closes at the very end. Regexes do the scanning: a hand chest's
    # reply is ~10 KB and is read many times a second.
    skeleton = _SNBT_STRING.sub('""', text)
    if skeleton.count('"') % 2 or skeleton.count("'") % 2:
        return False  # an unterminated string
    if skeleton[0] in "\"'":
        return skeleton == '""'
    if skeleton[-1] not in "]}":
        return False
    brackets = _NOT_BRACKET.sub("", skeleton)
    if brackets[0] + brackets[-1] not in ("[]", "{}"):
        return False
    inner = brackets[1:-1]
    while inner:
        reduced = _PAIR.sub("", inner)
        if reduced == inner:
            return False  # unbalanced, or the outer group closed before the end
        inner = reduced
    return True


def server_error(command: str, reply: str) -> str | None:
    """The shape of a refusal that means the command itself is wrong for this server, else ``None``.

    A parse error is vanilla's message followed by the command echoed up to the error and
    ``<--[HERE]``; the echo is removed so that every such error of one kind has one shape.

    >>> server_error("item replace block 1 2 3 container.0 with chain", "Unknown item 'minecraft:chain'"
    ...              "...ner.0 with chain<--[HERE]")
    "Unknown item 'minecraft:chain'"
    >>> server_error("tellraw @a x", "No player was found") is None
    True
    """
    if reply.startswith(_EXCEPTION):
        return _EXCEPTION
    message = _parse_error_message(command, reply)
    if message is None:
        return None
    return message.strip()[:160] or "parse error"


def _parse_error_message(command: str, reply: str) -> str | None:
    """The message of a parse error echoing ``command`` (``…<--[HERE]``); ``None`` if it echoes another."""
    if not reply.endswith(HERE):
        return None
    body = reply[: -len(HERE)]
    if body.endswith(command):
        return body[: -len(command)]
    # Past 10 characters vanilla echoes "..." and the command from 10 characters before the error.
    for start in range(1, len(command)):
        echo = "..." + command[start:]
        if body.endswith(echo):
            return body[: -len(echo)]
    return None


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')
_VALUE_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def command_shape(command: str, limit: int = 120) -> str:
    """The command with its values blanked (texts, components, numbers), for logs.

    >>> command_shape('item replace block 3 64 -1 container.15 with chain[custom_name={text:"a"}]')
    'item replace block N N N container.15 with chain[…]'
    """
    text = _QUOTED.sub("…", command)
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch in "{[":
            if depth == 0:
                out.append(ch + "…" + ("}" if ch == "{" else "]"))
            depth += 1
        elif ch in "}]" and depth > 0:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    shape = _VALUE_NUMBER.sub("N", "".join(out))
    return shape if len(shape) <= limit else shape[: limit - 1] + "…"
