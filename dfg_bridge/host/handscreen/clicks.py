"""Reading clicks off the screen (クリックの読み取り): what the container holds vs what we drew.

Vanilla tells us nothing about clicks in a container, so the screen is read back (``data get block …
Items`` or ``data get entity <p> EnderItems``) and compared with what was drawn. Every way a player
can click — taking a stack (left or right), shift-click, a number-key swap, a drag, a double-click
collect, Q / Ctrl+Q — ends with a drawn slot that no longer holds exactly what we put there: that
slot was clicked. Something appearing in a slot we left empty is only a stray (put back by a drag or
a swap); it is removed, not acted on.

>>> drawn = {18: Drawn("minecraft:red_dye", 12, "h18"), 45: Drawn("minecraft:lime_concrete", 1, "h45")}
>>> seen = {45: SlotSeen("minecraft:lime_concrete", 1, "h45"), 30: SlotSeen("minecraft:red_dye", 12, "h18")}
>>> d = diff(drawn, seen, key_tag="key_t1_0")
>>> d.clicked, d.stray, d.taken
((18,), (30,), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dfg_bridge.replies.items import SlotSeen


@dataclass(frozen=True, slots=True)
class Drawn:
    """What we put into a slot: the item id (namespaced), the count and our tag."""

    item: str
    count: int
    tag: str


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


def diff(drawn: Mapping[int, Drawn], seen: Mapping[int, SlotSeen], *, key_tag: str) -> Diff:
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
