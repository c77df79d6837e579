"""Reading clicks off the screen (クリックの読み取り): what the container holds vs what we drew.

Vanilla tells us nothing about clicks in a container, so the screen is read back (``data get block …
Items`` or ``data get entity <p> EnderItems``) and compared with what was drawn. Every way a player
can click — taking a stack (left or right), shift-click, a number-key swap, a drag, a double-click
collect, Q / Ctrl+Q — ends with a drawn slot that no longer holds exactly what we put there: that
slot was clicked. Something appearing in a slot we left empty is only a stray (put back by a drag or
a swap); it is removed, not acted on.

>>> drawn = {18: Drawn("minecraft:red_dye", 12, "h18"), 45: Drawn("minecraft:lime_concrete", 1, "h45")}
>>> seen = {45: Seen("minecraft:lime_concrete", 1, "h45"), 30: Seen("minecraft:red_dye", 12, "h18")}
>>> d = diff(drawn, seen, key_tag="key_t1_0")
>>> d.clicked, d.stray, d.taken
((18,), (30,), 0)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from dfg_bridge.host.snbt import Num, SnbtError, parse_snbt


@dataclass(frozen=True, slots=True)
class Drawn:
    """What we put into a slot: the item id (namespaced), the count and our tag."""

    item: str
    count: int
    tag: str


@dataclass(frozen=True, slots=True)
class Seen:
    """What a slot holds now, as read back: item id, count and our tag (``None`` if not ours)."""

    item: str
    count: int
    tag: str | None


class ScreenReadError(ValueError):
    """A read-back reply that is not a container's item list (the block is gone, the player offline …)."""

    code = "unreadable_screen"


_DATA_REPLY = re.compile(r"^.*? has the following (?:entity|block) data: (.*)$", re.DOTALL)
_NO_ELEMENTS = "Found no elements matching"


def namespaced(item: str) -> str:
    """``red_dye`` → ``minecraft:red_dye``."""
    return item if ":" in item else "minecraft:" + item


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|[{}\[\],:]|[^\s{}\[\],:"\']+')
_DFG_PATH = ("components", "minecraft:custom_data", "dfg", "id")


def _unquote(token: str) -> str:
    if token[:1] in "\"'":
        body = token[1:-1]
        return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body
    return token


def _scan_items(body: str) -> dict[int, Seen] | None:
    """A fast reader for the item list of a ``data get`` reply; ``None`` if it looks unusual.

    It walks the tokens once and keeps only what a click changes (``Slot``, ``id``, ``count`` and
    ``custom_data.dfg.id``), instead of building the whole value; :func:`parse_items` falls back to the
    full SNBT reader whenever this one is unsure.
    """
    tokens = _TOKEN.findall(body)
    if not tokens or tokens[0] != "[":
        return None
    out: dict[int, Seen] = {}
    keys: list[str | None] = []  # the key being read at each compound depth (index 0 = the entry)
    entry: dict[str, str] = {}
    expect_key = False
    pending: str | None = None
    depth = 0  # 1 inside the list, 2 inside an entry, 3+ inside its components
    i = 0
    n = len(tokens)
    while i < n:
        token = tokens[i]
        if token == "[":
            depth += 1
            expect_key = False
        elif token == "{":
            depth += 1
            keys.append(pending)
            if depth == 2:
                entry = {}
            expect_key = True
            pending = None
        elif token == "}":
            if depth == 2:
                if "Slot" not in entry or "id" not in entry:
                    return None
                slot = int(entry["Slot"].rstrip("bB"))
                count = int(entry.get("count", "1"))
                if entry["id"] != "minecraft:air":
                    out[slot] = Seen(entry["id"], count, entry.get("tag"))
            depth -= 1
            keys.pop()
            expect_key = False
        elif token == "]":
            depth -= 1
        elif token == ",":
            expect_key = depth >= 2 and bool(keys)
        elif token == ":":
            pass
        elif expect_key and i + 1 < n and tokens[i + 1] == ":":
            pending = _unquote(token)
            expect_key = False
            i += 1
        else:
            value = _unquote(token)
            if depth == 2 and pending in ("Slot", "id", "count"):
                entry[pending] = value
            elif depth == 5 and pending == "id" and tuple(keys[1:4]) == _DFG_PATH[:3]:
                entry["tag"] = value
            pending = None
        i += 1
    return out if depth == 0 else None


def parse_items(reply: str) -> dict[int, Seen]:
    """``data get block <pos> Items`` / ``data get entity <p> EnderItems`` → ``{slot: Seen}``.

    >>> parse_items('1, 2, 3 has the following block data: [{count: 12, Slot: 4b, id: "minecraft:red_dye", '
    ...             'components: {"minecraft:custom_data": {dfg: {id: "h4"}}}}]')
    {4: Seen(item='minecraft:red_dye', count=12, tag='h4')}
    >>> parse_items("Found no elements matching Items")
    {}
    """
    if reply.startswith(_NO_ELEMENTS):
        return {}
    match = _DATA_REPLY.match(reply.strip())
    if match is None:
        raise ScreenReadError(reply[:200])
    try:
        fast = _scan_items(match.group(1))
    except (ValueError, IndexError):
        fast = None
    if fast is not None:
        return fast
    return _full_parse(reply, match.group(1))


def _full_parse(reply: str, body: str) -> dict[int, Seen]:
    try:
        value = parse_snbt(body)
    except (SnbtError, IndexError):  # host.snbt may raise IndexError on a truncated reply
        raise ScreenReadError(reply[:200]) from None
    if not isinstance(value, list):
        raise ScreenReadError(reply[:200])
    out: dict[int, Seen] = {}
    for entry in value:
        if not isinstance(entry, dict):
            continue
        slot, item = entry.get("Slot"), entry.get("id")
        if not isinstance(slot, Num) or not isinstance(item, str) or item == "minecraft:air":
            continue
        count = entry.get("count")
        out[int(slot.value())] = Seen(item, int(count.value()) if isinstance(count, Num) else 1, _tag(entry))
    return out


def _tag(entry: dict[str, object]) -> str | None:
    components = entry.get("components")
    if not isinstance(components, dict):
        return None
    data = components.get("minecraft:custom_data")
    ours = data.get("dfg") if isinstance(data, dict) else None
    if not isinstance(ours, dict):
        return None
    tag = ours.get("id")
    return tag if isinstance(tag, str) else ""


@dataclass(frozen=True, slots=True)
class Diff:
    """How the screen differs from what was drawn.

    ``clicked``: drawn slots that changed (each is a click on that slot); ``stray``: slots drawn empty
    that now hold one of our items (emptied, not acted on); ``foreign``: slots holding an item that is
    not ours — the player's own, put there by them: it is never overwritten, and goes back to them
    when the seat is vacated; ``taken``: how many of our items left the screen (to the player's
    cursor, inventory or the ground); ``key_slots``: slots holding a key book (a number-key swap put
    it there).
    """

    clicked: tuple[int, ...] = ()
    stray: tuple[int, ...] = ()
    taken: int = 0
    key_slots: tuple[int, ...] = ()
    foreign: tuple[int, ...] = ()

    @property
    def key_seen(self) -> bool:
        """Whether a key book landed in the screen."""
        return bool(self.key_slots)

    @property
    def changed(self) -> bool:
        """Whether anything differs."""
        return bool(self.clicked or self.stray or self.foreign)

    @property
    def touched(self) -> tuple[int, ...]:
        """Every slot to redraw (foreign slots are left alone)."""
        return tuple(sorted({*self.clicked, *self.stray} - set(self.foreign)))


def diff(drawn: Mapping[int, Drawn], seen: Mapping[int, Seen], *, key_tag: str) -> Diff:
    """Compare the read-back screen with what was drawn.

    A slot holding a key (ours, any seat's: its tag starts with ``key_``) counts as a stray of ours;
    ``key_tag`` is this seat's key, which does not count as taken screen items.
    """
    clicked: list[int] = []
    stray: list[int] = []
    foreign: list[int] = []
    for slot in sorted({*drawn, *seen}):
        want, got = drawn.get(slot), seen.get(slot)
        if got is not None and got.tag is None:
            foreign.append(slot)
        if want is None:
            if got is not None and got.tag is not None:
                stray.append(slot)
            continue
        if got is None or (got.item, got.count, got.tag) != (want.item, want.count, want.tag):
            clicked.append(slot)
    ours_drawn = sum(d.count for d in drawn.values())
    ours_left = sum(s.count for s in seen.values() if s.tag is not None and not _is_key(s.tag, key_tag))
    keys = tuple(slot for slot, s in sorted(seen.items()) if s.tag is not None and _is_key(s.tag, key_tag))
    return Diff(tuple(clicked), tuple(stray), max(0, ours_drawn - ours_left), keys, tuple(foreign))


def _is_key(tag: str, key_tag: str) -> bool:
    return tag == key_tag or tag.startswith("key_")
