"""One seat's screen on the server (画面の入出力): where its slots are, drawing and reading them back.

:class:`ChestSurface` addresses the seat's double chest (the ``type=right`` half holds rows 1–3, as
vanilla's ``ChestBlock`` combines them); :class:`EnderSurface` the player's ender chest. A
:class:`HandScreen` remembers what it drew, writes only the slots whose content changed, and turns a
read-back into a :class:`~dfg_bridge.host.handscreen.clicks.Diff`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from dfg_bridge.engine.cards import Card
from dfg_bridge.host.handscreen.clicks import Diff, Drawn, diff
from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.state import SortOrder
from dfg_bridge.host.handscreen.view import Cell, tag_of
from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.replies.items import SlotSeen, namespaced, parse_items

_FACINGS = ("north", "east", "south", "west")
_STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
CHEST_HALF = 27
"""Slots per chest block."""


class SlotWriter(Protocol):
    """The render builders a surface needs (``render.Dialect`` has them all)."""

    def item_to_block(self, pos: BlockPos, slot: str, spec: ItemSpec) -> str:
        """``item replace block <pos> <slot> with <item> <count>``."""
        ...

    def empty_block_slot(self, pos: BlockPos, slot: str) -> str:
        """``item replace block <pos> <slot> with air``."""
        ...

    def clear_container(self, pos: BlockPos) -> str:
        """``data merge block <pos> {Items:[]}``."""
        ...

    def read_container(self, pos: BlockPos) -> str:
        """``data get block <pos> Items``."""
        ...

    def item_to_player(self, target: str, slot: str, spec: ItemSpec) -> str:
        """``item replace entity <target> <slot> with <item> <count>``."""
        ...

    def empty_player_slot(self, target: str, slot: str) -> str:
        """``item replace entity <target> <slot> with air``."""
        ...

    def read_entity(self, target: str, path: str | None = None) -> str:
        """``data get entity <target> [<path>]``."""
        ...

    def unless_foreign_in_block(
        self, pos: BlockPos, slot: str, command: str, *, own: str | None = None
    ) -> str:
        """``command`` only if the container slot holds nothing or an item of ours (``own``: only our
        item of that tag)."""
        ...

    def unless_foreign_on(self, target: str, slot: str, command: str, *, own: str | None = None) -> str:
        """``command`` only if the player's slot holds nothing or an item of ours (``own``: only our
        item of that tag)."""
        ...

    def item_id(self, item: str) -> str:
        """The namespaced id the server's read-backs show for ``item`` (renamed ids differ by version)."""
        ...


class IntegrityWriter(Protocol):
    """The render builders that test a screen's content in one command."""

    def container_holds(self, pos: BlockPos, block: str, slots: Sequence[tuple[int, int]]) -> str:
        """The check that a container's stacks are exactly these ``(slot, count)`` pairs."""
        ...

    def ender_holds(self, target: str, slots: Sequence[tuple[int, int]]) -> str:
        """The same for a player's ender chest."""
        ...


def chest_halves(a: BlockPos, b: BlockPos, facing: str) -> tuple[BlockPos, BlockPos]:
    """``(top, bottom)``: the block holding rows 1–3 (``type=right``) and the one holding rows 4–6.

    The ``type=left`` half's partner lies clockwise of ``facing`` (as ``render.Dialect.double_chest``
    places them).

    >>> chest_halves((0, 64, 0), (1, 64, 0), "north")
    ((1, 64, 0), (0, 64, 0))
    >>> chest_halves((0, 64, 0), (1, 64, 0), "south")
    ((0, 64, 0), (1, 64, 0))
    """
    side = _FACINGS[(_FACINGS.index(facing) + 1) % 4]
    dx, dz = _STEP[side]
    if (a[0] + dx, a[1], a[2] + dz) == b:
        return b, a  # a is the left half, b (clockwise of it) the right one
    if (b[0] + dx, b[1], b[2] + dz) == a:
        return a, b
    raise ValueError(f"{a} and {b} are not side by side across {facing}")


@dataclass(frozen=True, slots=True)
class ChestSurface:
    """The seat's double chest: ``top`` holds slots 0–26, ``bottom`` 27–53."""

    top: BlockPos
    bottom: BlockPos
    kind: Surface = Surface.CHEST
    size: int = 54

    def write(self, r: SlotWriter, slot: int, spec: ItemSpec | None, *, own: str | None = None) -> str:
        """The command that puts ``spec`` (or nothing) into screen slot ``slot``.

        It never replaces a player's own item: the write is conditional on the slot holding nothing
        or an item of ours (``own``: only our item of that tag), checked in the same command (its reply
        is empty when it did not happen).
        """
        pos, index = self.spot(slot)
        name = f"container.{index}"
        write = r.empty_block_slot(pos, name) if spec is None else r.item_to_block(pos, name, spec)
        return r.unless_foreign_in_block(pos, name, write, own=own)

    def spot(self, slot: int) -> tuple[BlockPos, int]:
        """The chest half and its container index that hold screen slot ``slot``."""
        return (self.top, slot) if slot < CHEST_HALF else (self.bottom, slot - CHEST_HALF)

    def reads(self, r: SlotWriter) -> list[str]:
        """The commands that read the screen back, one per part (top half, bottom half)."""
        return [r.read_container(self.top), r.read_container(self.bottom)]

    @staticmethod
    def part_slots(part: int) -> range:
        """The screen slots part ``part`` of :meth:`reads` covers."""
        return range(part * CHEST_HALF, (part + 1) * CHEST_HALF)

    def seen(self, part: int, reply: str) -> dict[int, SlotSeen]:
        """Reply ``part`` of :meth:`reads` (0: top, 1: bottom) as ``{screen slot: SlotSeen}``."""
        offset = part * CHEST_HALF
        return {s + offset: v for s, v in parse_items(reply).items() if s < CHEST_HALF}

    def wipe(self, r: SlotWriter) -> list[str]:
        """Commands that empty the whole screen."""
        return [r.clear_container(self.top), r.clear_container(self.bottom)]

    def holds(self, r: IntegrityWriter, drawn: Mapping[int, Cell]) -> list[str]:
        """Checks that hold exactly when both halves show what was drawn (slot and count)."""
        halves: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        for slot, cell in sorted(drawn.items()):
            halves[slot >= CHEST_HALF].append((slot % CHEST_HALF, cell.spec.count))
        return [r.container_holds(self.top, "minecraft:chest", halves[0]),
                r.container_holds(self.bottom, "minecraft:chest", halves[1])]  # fmt: skip


@dataclass(frozen=True, slots=True)
class EnderSurface:
    """The player's own ender chest (27 slots)."""

    player: str
    kind: Surface = Surface.ENDER_CHEST
    size: int = 27

    def write(self, r: SlotWriter, slot: int, spec: ItemSpec | None, *, own: str | None = None) -> str:
        """The command that puts ``spec`` (or nothing) into ender-chest slot ``slot`` (never over the
        player's own item; ``own``: only over our item of that tag)."""
        name = f"enderchest.{slot}"
        write = (
            r.empty_player_slot(self.player, name)
            if spec is None
            else r.item_to_player(self.player, name, spec)
        )
        return r.unless_foreign_on(self.player, name, write, own=own)

    def reads(self, r: SlotWriter) -> list[str]:
        """The command that reads the ender chest back."""
        return [r.read_entity(self.player, "EnderItems")]

    def part_slots(self, part: int) -> range:
        """Every slot: the ender chest is read in one part."""
        return range(self.size)

    def seen(self, part: int, reply: str) -> dict[int, SlotSeen]:
        """The reply of :meth:`reads` as ``{slot: SlotSeen}``."""
        return {s: v for s, v in parse_items(reply).items() if 0 <= s < self.size}

    def wipe(self, r: SlotWriter) -> list[str]:
        """Commands that empty every ender-chest slot holding nothing or an item of ours."""
        return [self.write(r, i, None) for i in range(self.size)]

    def holds(self, r: IntegrityWriter, drawn: Mapping[int, Cell]) -> list[str]:
        """A check that holds exactly when the ender chest shows what was drawn (slot and count)."""
        return [r.ender_holds(self.player, [(slot, cell.spec.count) for slot, cell in sorted(drawn.items())])]


SurfaceSpot = ChestSurface | EnderSurface
"""Where a screen lives."""


@dataclass
class HandScreen:
    """One seated player's screen: what it shows, its sort order and page, and its read-back cache."""

    player: str
    seat: int
    surface: SurfaceSpot
    drawn: dict[int, Cell] | None = None
    """What the screen shows; ``None`` when unknown (it is wiped and drawn in full next time)."""
    sort: SortOrder = SortOrder.STRENGTH
    page: int = 0
    placed: tuple[Card | None, ...] | None = None
    """Where the hand was last drawn, gaps included (:func:`~.state.placed_hand`)."""
    fresh: bool = True
    """Changes found by the next read were made while the player could not act: they are undone
    (redrawn, the items taken back) but never acted on — not even as a selection."""
    stray: set[int] = field(default_factory=set)
    """Slots holding something of ours we did not draw there: emptied by the next draw."""
    foreign: set[int] = field(default_factory=set)
    """Slots holding the player's own item: never written; given back when the seat is vacated."""
    lock: str | None = None
    """The key tag the seat's chest is locked to (``None``: unknown, re-key at the next seating)."""
    acting: bool = False
    """The player could act at the last look (a change to ``True`` starts a turn)."""
    key_missing: bool = False
    """The key could not be given (no free slot): the watch tries again."""
    last_part: int = 0
    """The part of :meth:`SurfaceSpot.reads` (chest half) where the last click was found."""
    reads: int = 0
    """Read-backs so far."""
    clicks: int = 0
    """Read-backs that found a change (each handled as clicks)."""
    _parts: dict[int, tuple[str, dict[int, SlotSeen]]] = field(default_factory=dict)

    def commands_for(self, desired: Mapping[int, Cell], r: SlotWriter) -> list[tuple[int, str, bool]]:
        """``(slot, command, own)`` for every slot whose content must change (after a wipe if unknown).

        ``own``: the slot still shows what was drawn there, so it is written only over that (our item
        of the slot's tag). If a player moved another card into it since, such as the card on their
        cursor when they pressed a button, the write does not happen and the next read sees the click
        (issue 19); without ``own``, a write that does not happen met a player's own item.
        """
        shown = self.drawn if self.drawn is not None else {}
        out: list[tuple[int, str, bool]] = []
        for slot in sorted({*shown, *desired, *self.stray} - self.foreign):
            want, have = desired.get(slot), shown.get(slot)
            own = tag_of(slot) if have is not None else None
            if want is None:
                if have is not None or slot in self.stray:
                    out.append((slot, self.surface.write(r, slot, None, own=own), own is not None))
            elif have is None or have.spec != want.spec:
                out.append((slot, self.surface.write(r, slot, want.spec, own=own), own is not None))
        return out

    def mark(self, slot: int, cell: Cell | None) -> None:
        """Record that ``slot`` now shows ``cell``."""
        if self.drawn is None:
            self.drawn = {}
        self.stray.discard(slot)
        if cell is None:
            self.drawn.pop(slot, None)
        else:
            self.drawn[slot] = cell

    def forget_slots(self, slots: Sequence[int]) -> None:
        """The player disturbed ``slots``: each is rewritten (or emptied) by the next draw."""
        if self.drawn is not None:
            for slot in slots:
                self.drawn.pop(slot, None)
        self.stray.update(slots)

    def read(
        self, replies: Mapping[int, str], *, key_tag: str, item_id: Callable[[str], str] = namespaced
    ) -> Diff:
        """Compare the parts read back (``{part: reply}``) with what was drawn there.

        Only the slots of those parts are compared, so a poll may stop after the part where it found
        a click. A reply equal to the last one of its part is not parsed again. ``item_id`` turns a
        drawn item into the id the server shows (``SlotWriter.item_id``: ``chain`` reads back as
        ``minecraft:iron_chain`` from 1.21.9).
        """
        seen: dict[int, SlotSeen] = {}
        slots: set[int] = set()
        for part, reply in replies.items():
            cached = self._parts.get(part)
            if cached is None or cached[0] != reply:
                cached = (reply, self.surface.seen(part, reply))
                self._parts[part] = cached
            seen.update(cached[1])
            slots.update(self.surface.part_slots(part))
        drawn = {
            slot: Drawn(item_id(cell.spec.item), cell.spec.count, cell.spec.tag)
            for slot, cell in (self.drawn or {}).items()
            if slot in slots
        }
        return diff(drawn, seen, key_tag=key_tag)
