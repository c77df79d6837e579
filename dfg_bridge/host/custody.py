"""Custody (預かり): holding a player's items in locker containers while they play.

The protocol (DESIGN §3.5) is write-ahead: the ledger records each step *before* the server
commands it announces, so whatever instant the daemon dies at, the next daemon knows which
commands may have run and finishes or undoes them without losing or duplicating an item.

Taking custody::

    ledger INTENT ─▶ reset marker ─▶ read the player ─▶ empty the lockers ─▶ copy slots into them
    ─▶ read the lockers back
    ─▶ ledger COPIED (+ verified snapshot) ─▶ ``execute store result score <p> dfg_cust run clear <p>``
    ─▶ read marker ─▶ ledger HELD

Giving back::

    read the player (offline: stay HELD) ─▶ ledger RESTORING ─▶ clear our own items ─▶ copy into free slots
    ─▶ read the player back ─▶ ledger RESTORED ─▶ wipe lockers ─▶ reset marker ─▶ close record

Recovery after a crash, per state: INTENT → wipe the lockers and close (the player still has
everything). COPIED → the marker score says whether the one atomic ``clear`` ran (score ≥ 1): if it
did the player is HELD, else roll back like INTENT. HELD → held (the caller decides when to give
back). RESTORING → give back again, skipping stacks the player already holds again (a copy
overwrites, so a repeat never adds). RESTORED → wipe the lockers and close.

The one assumption: while the daemon is down, a player in custody does not move items in or
out of their inventory (they are seated at a table or waiting in the lobby with nothing to hold).
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass

from dfg_bridge.host.errors import CustodyError
from dfg_bridge.host.inventory import (
    ENDER_SLOTS,
    EQUIPMENT_SLOTS,
    MAIN_SLOTS,
    ReadError,
    block_items,
    ender_items,
    equipment_items,
    inventory_items,
    is_ours,
    stack_count,
)
from dfg_bridge.host.ledger import CustodyLedger, CustodyRecord, CustodyState
from dfg_bridge.host.ports import BlockPos, CommandRenderer, CommandSink

LOCKER_SLOTS = 27
"""Slots per locker container (a barrel or single chest)."""

MARKER_OBJECTIVE = "dfg_cust"
"""Dummy objective whose score records that the custody ``clear`` really ran."""

_SCORE = re.compile(r"\bhas (-?\d+) \[")


class Restore(enum.Enum):
    """What :meth:`Custody.give_back` achieved."""

    DONE = "done"
    """The player has their items back (or we held nothing)."""
    OFFLINE = "offline"
    """The player is not online; retried when they join."""
    NO_ROOM = "no_room"
    """The player's inventory has no free slot for some stack; retried later."""
    FAILED = "failed"
    """Reading the player back did not show every stack; retried later (copies overwrite)."""


@dataclass(frozen=True, slots=True)
class LockerLayout:
    """Where locker containers are: a box from ``origin`` of ``size`` (dx, dy, dz) blocks.

    Locker *i* is the *i*-th block in x, then z, then y order.

    >>> LockerLayout((0, 5, 0), (2, 1, 2)).position(3)
    (1, 5, 1)
    """

    origin: BlockPos
    size: tuple[int, int, int]

    @property
    def capacity(self) -> int:
        """How many lockers fit."""
        return self.size[0] * self.size[1] * self.size[2]

    def position(self, index: int) -> BlockPos:
        """Block position of locker ``index``."""
        dx, _dy, dz = self.size
        if not 0 <= index < self.capacity:
            raise IndexError(index)
        layer, rest = divmod(index, dx * dz)
        row, col = divmod(rest, dx)
        return (self.origin[0] + col, self.origin[1] + layer, self.origin[2] + row)

    def corners(self) -> tuple[BlockPos, BlockPos]:
        """The two opposite corners of the box (for ``fill`` and ``forceload``)."""
        x, y, z = self.origin
        dx, dy, dz = self.size
        return (x, y, z), (x + dx - 1, y + dy - 1, z + dz - 1)


class Custody:
    """Takes and gives back players' items through ``sink``; every step is in ``ledger``."""

    def __init__(
        self,
        sink: CommandSink,
        renderer: CommandRenderer,
        ledger: CustodyLedger,
        layout: LockerLayout,
        *,
        ender_chest: bool = False,
    ) -> None:
        self._sink = sink
        self._r = renderer
        self.ledger = ledger
        self.layout = layout
        self.slots: tuple[str, ...] = MAIN_SLOTS + EQUIPMENT_SLOTS + (ENDER_SLOTS if ender_chest else ())

    # ---- queries --------------------------------------------------------------------------------
    def state(self, player: str) -> CustodyState | None:
        """The player's custody state, ``None`` when we hold nothing of theirs."""
        record = self.ledger.get(player)
        return record.state if record else None

    def prepare(self) -> None:
        """Create the marker objective (idempotent; "already exists" is fine)."""
        self._sink.run(self._r.objective_add(MARKER_OBJECTIVE))

    # ---- take -------------------------------------------------------------------------------------
    def take(self, player: str) -> None:
        """Copy, verify and clear the player's items. Raises :class:`CustodyError`; nothing is lost."""
        existing = self.ledger.get(player)
        if existing is not None:
            if existing.state is CustodyState.HELD:
                return
            self.settle(player)
            existing = self.ledger.get(player)
            if existing is not None and existing.state is CustodyState.HELD:
                return
            if existing is not None:
                raise CustodyError("custody_pending")
        lockers = self._allocate()
        record = self.ledger.begin(player, lockers, self.slots)
        self._sink.run(self._r.score_reset(player, MARKER_OBJECTIVE))
        try:
            snapshot = self._read_player(player)
        except ReadError:
            self._roll_back(record)
            raise CustodyError("player_offline", player=player) from None
        self._wipe_lockers(record)
        for slot, _stack in sorted(snapshot.items(), key=lambda kv: self.slots.index(kv[0])):
            pos, cslot = self._locker_of(record, slot)
            self._sink.run(self._r.copy_player_to_block(player, slot, pos, cslot))
        copied = self._read_lockers(record)
        expected = {self._locker_key(record, slot): stack for slot, stack in snapshot.items()}
        if copied != expected:
            self._roll_back(record)
            raise CustodyError("verify_failed", player=player)
        count = sum(stack_count(s) for s in snapshot.values())
        self.ledger.mark(player, CustodyState.COPIED, snapshot=snapshot, item_count=count)
        if count == 0:
            self.ledger.mark(player, CustodyState.HELD, detail="empty")
            return
        self._sink.run(self._r.store_result_score(player, MARKER_OBJECTIVE, self._r.clear(player, "*")))
        for slot in snapshot:
            if slot.startswith("enderchest."):
                self._sink.run(self._r.empty_player_slot(player, slot))
        cleared = self._marker(player)
        if cleared is None or cleared < 1:
            # The clear did not run (the player left between the copy and the clear): undo.
            self._roll_back(record)
            raise CustodyError("player_offline", player=player)
        self.ledger.mark(player, CustodyState.HELD, detail=f"cleared {cleared}")

    # ---- give back ----------------------------------------------------------------------------
    def give_back(self, player: str) -> Restore:
        """Return the player's items; anything but DONE means "try again later"."""
        record = self.ledger.get(player)
        if record is None:
            return Restore.DONE
        record = self._resolve(record)
        if record is None:
            return Restore.DONE
        fresh = record.state is CustodyState.HELD
        if record.state in (CustodyState.HELD, CustodyState.RESTORING):
            try:
                # Read first: an offline player stays HELD (and gets a fresh restore later).
                current = self._read_player(player)
            except ReadError:
                return Restore.OFFLINE
            if fresh:
                self.ledger.mark(player, CustodyState.RESTORING)
            result = self._restore(record, current, fresh=fresh)
            if result is not Restore.DONE:
                return result
            self.ledger.mark(player, CustodyState.RESTORED)
        self._finish(record)
        return Restore.DONE

    def settle(self, player: str) -> CustodyState | None:
        """Finish any half-done step for ``player`` except giving back a HELD record; the new state."""
        record = self.ledger.get(player)
        if record is None:
            return None
        record = self._resolve(record)
        if record is None:
            return None
        if record.state is CustodyState.RESTORING:
            self.give_back(player)
        elif record.state is CustodyState.RESTORED:
            self._finish(record)
        return self.state(player)

    def recover(self) -> list[str]:
        """Settle every open record after a (re)start; returns players still HELD or pending."""
        for record in self.ledger.all():
            try:
                self.settle(record.player)
            except ReadError:
                continue
        return [r.player for r in self.ledger.all()]

    # ---- internals ----------------------------------------------------------------------------
    def _resolve(self, record: CustodyRecord) -> CustodyRecord | None:
        """Turn INTENT and COPIED into HELD or nothing, using the marker for COPIED."""
        if record.state is CustodyState.INTENT:
            self._roll_back(record)
            return None
        if record.state is CustodyState.COPIED:
            if record.item_count == 0:
                self.ledger.mark(record.player, CustodyState.HELD, detail="empty")
            else:
                cleared = self._marker(record.player)
                if cleared is None or cleared < 1:
                    self._roll_back(record)
                    return None
                self.ledger.mark(record.player, CustodyState.HELD, detail=f"recovered {cleared}")
            return self.ledger.get(record.player)
        return record

    def _restore(self, record: CustodyRecord, current: dict[str, str], *, fresh: bool) -> Restore:
        player = record.player
        if any(is_ours(stack) for stack in current.values()):
            self._sink.run(self._r.clear(player))
            current = {slot: stack for slot, stack in current.items() if not is_ours(stack)}
        pending = dict(record.snapshot)
        if not fresh:
            # A repeat after a crash: stacks the player already holds again were restored before.
            present = Counter(v for k, v in current.items() if not k.startswith("enderchest."))
            for slot, stack in sorted(pending.items()):
                if not slot.startswith("enderchest.") and present[stack] > 0:
                    present[stack] -= 1
                    del pending[slot]
        plan: dict[str, str] = {}
        occupied = set(current)
        for slot in sorted(pending, key=self.slots.index):
            # The ender chest is only ever cleared after the copy, so its slots hold either the
            # same stack or nothing: overwriting them is always right.
            dest = slot if slot not in occupied or slot.startswith("enderchest.") else self._free(occupied)
            if dest is None:
                return Restore.NO_ROOM
            plan[slot] = dest
            occupied.add(dest)
        for slot, dest in plan.items():
            pos, cslot = self._locker_of(record, slot)
            self._sink.run(self._r.copy_block_to_player(pos, cslot, player, dest))
        try:
            after = self._read_player(player)
        except ReadError:
            return Restore.OFFLINE
        if all(after.get(dest) == pending[slot] for slot, dest in plan.items()):
            return Restore.DONE
        return Restore.FAILED

    @staticmethod
    def _free(occupied: set[str]) -> str | None:
        return next((s for s in MAIN_SLOTS if s not in occupied), None)

    def _finish(self, record: CustodyRecord) -> None:
        self._wipe_lockers(record)
        self._sink.run(self._r.score_reset(record.player, MARKER_OBJECTIVE))
        self.ledger.close(record.player, "restored")

    def _roll_back(self, record: CustodyRecord) -> None:
        self._wipe_lockers(record)
        self.ledger.close(record.player, "rolled back")

    def _wipe_lockers(self, record: CustodyRecord) -> None:
        for index in record.lockers:
            pos = self.layout.position(index)
            for cslot in sorted(block_items(self._sink.run(self._r.read_container(pos)))):
                self._sink.run(self._r.empty_block_slot(pos, cslot))

    def _read_lockers(self, record: CustodyRecord) -> dict[tuple[int, str], str]:
        out: dict[tuple[int, str], str] = {}
        for index in record.lockers:
            reply = self._sink.run(self._r.read_container(self.layout.position(index)))
            for cslot, stack in block_items(reply).items():
                out[(index, cslot)] = stack
        return out

    def _read_player(self, player: str) -> dict[str, str]:
        items = inventory_items(self._sink.run(self._r.read_entity(player, "Inventory")))
        if not any(slot in items for slot in EQUIPMENT_SLOTS):
            items.update(equipment_items(self._sink.run(self._r.read_entity(player, "equipment"))))
        if any(slot.startswith("enderchest.") for slot in self.slots):
            items.update(ender_items(self._sink.run(self._r.read_entity(player, "EnderItems"))))
        return {slot: stack for slot, stack in items.items() if slot in self.slots}

    def _marker(self, player: str) -> int | None:
        match = _SCORE.search(self._sink.run(self._r.score_get(player, MARKER_OBJECTIVE)))
        return int(match.group(1)) if match else None

    def _locker_of(self, record: CustodyRecord, slot: str) -> tuple[BlockPos, str]:
        index, cslot = record.locker_slot(slot, LOCKER_SLOTS)
        return self.layout.position(index), f"container.{cslot}"

    def _locker_key(self, record: CustodyRecord, slot: str) -> tuple[int, str]:
        index, cslot = record.locker_slot(slot, LOCKER_SLOTS)
        return index, f"container.{cslot}"

    def _allocate(self) -> tuple[int, ...]:
        need = -(-len(self.slots) // LOCKER_SLOTS)
        used = self.ledger.used_lockers()
        free = [i for i in range(self.layout.capacity) if i not in used][:need]
        if len(free) < need:
            raise CustodyError("no_lockers")
        return tuple(free)
