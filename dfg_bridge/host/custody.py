"""Custody (預かり): holding a player's items in locker containers while they play.

Two mechanisms together make it atomic against the player (issue 12), each covering what the other
cannot:

1. **Freeze.** While items move, the player is a spectator above the build height
   (:mod:`dfg_bridge.host.freeze`): the server itself then ignores throws (Q, Ctrl+Q), clicks,
   shift-clicks, number keys, drags, off-hand swaps and pick-ups, the player cannot die, and no
   container (a locked hand chest, a locker) is in reach. Nothing the daemon could check afterwards
   would undo a throw — the stack is on the ground and also in the locker — so it must not happen.
   Reconciling alone (and hunting thrown item entities by ``Thrower``) was rejected: an entity can be
   picked up, merged or despawned before the daemon looks, and what a disconnect or closing a full
   inventory drops carries no thrower at all (``AbstractContainerMenu.removed``: ``drop(stack, false)``).
2. **Exact reconciliation.** A frozen player can still close a screen (the cursor and the 2×2
   crafting grid fall back into the inventory, which ``data get`` never lists) or disconnect, so
   every step is verified item by item, never "≥ 1":

   - after freezing, ``clear <p> * 0`` must count exactly the items read from ``Inventory``: if not,
     the cursor or the crafting grid holds something, and the join is refused (nothing moved; the
     player is told to close their inventory). Frozen, nothing can get *into* them afterwards;
   - the lockers must read back slot for slot equal to what was read from the player;
   - the one atomic ``execute store result score <p> dfg_cust run clear <p>`` must report exactly the
     snapshot's item count; any other count is judged (:meth:`Custody._judge`).

   Giving back copies each stack only into an empty slot (``execute unless items … run item
   replace``), reads the player back, and records which stacks verifiably arrived (``delivered``):
   a retry copies only what did not, so a stack the player moved or threw after its delivery is
   never copied twice, and a player holding an identical stack never makes a custody stack be
   skipped. A delivered stack leaves its locker slot at once, so no item ever exists twice at rest.

The protocol is write-ahead: the ledger records each step (and the frozen mode and place) *before* the
server commands it announces, so whatever instant the daemon dies at, the next daemon knows which
commands may have run and finishes or undoes them.

Taking custody::

    read mode and place ─▶ ledger INTENT + frozen ─▶ reset marker ─▶ up out of reach ─▶ spectator
    ─▶ read the player ─▶ count (must match) ─▶ empty the lockers ─▶ copy slots ─▶ read lockers back
    ─▶ ledger COPIED (+ verified snapshot) ─▶ atomic clear into the marker ─▶ read marker
    ─▶ ledger HELD ─▶ old mode ─▶ back down ─▶ (mode verified) forget the frozen record

Giving back (:mod:`dfg_bridge.host.giveback`)::

    clear our own items ─▶ read + count (offline: stay HELD; no room or busy: retry, not frozen)
    ─▶ freeze ─▶ read + count again
    ─▶ ledger plan (RESTORING) ─▶ copy into empty slots ─▶ read back ─▶ ledger delivered
    ─▶ empty their locker slots ─▶ thaw ─▶ all delivered: ledger RESTORED ─▶ wipe lockers
    ─▶ reset marker ─▶ close record

Recovery after a crash, per state: INTENT → wipe the lockers and close (the player still has
everything). COPIED → the marker says whether the atomic ``clear`` ran and what it took. HELD →
held (the caller decides when to give back). RESTORING → a recorded plan is settled against what the
still-frozen player holds, then giving back goes on. RESTORED → wipe the lockers and close. Every
frozen player gets their game mode back once no step of theirs is half done.
"""

from __future__ import annotations

import logging

from dfg_bridge.host.errors import CustodyError
from dfg_bridge.host.freeze import Freezer
from dfg_bridge.host.giveback import Restore, give, main_count
from dfg_bridge.host.ledger import CustodyLedger, CustodyRecord, CustodyState
from dfg_bridge.host.lockers import LOCKER_SLOTS, LockerLayout, Lockers
from dfg_bridge.host.ports import CommandRenderer, CommandSink
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.replies.answers import score
from dfg_bridge.replies.items import (
    ENDER_SLOTS,
    EQUIPMENT_SLOTS,
    MAIN_SLOTS,
    ReadError,
    ender_items,
    equipment_items,
    inventory_items,
    stack_count,
)

__all__ = ["LOCKER_SLOTS", "MARKER_OBJECTIVE", "Custody", "LockerLayout", "Restore", "main_count"]

log = logging.getLogger(__name__)

MARKER_OBJECTIVE = "dfg_cust"
"""Dummy objective: the player's score records what the custody ``clear`` took."""
COUNT_HOLDER = "#dfg_count"
"""Fake score holder for the ``clear <p> * 0`` count (never the marker, which recovery trusts)."""


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
        self.sink = sink
        """Where custody's commands go."""
        self.r = renderer
        """The command builders."""
        self.ledger = ledger
        self.layout = layout
        self.lockers = Lockers(sink, renderer, layout)
        self.freezer = Freezer(sink, renderer, ledger)
        self.slots: tuple[str, ...] = MAIN_SLOTS + EQUIPMENT_SLOTS + (ENDER_SLOTS if ender_chest else ())

    # ---- queries --------------------------------------------------------------------------------
    def state(self, player: str) -> CustodyState | None:
        """The player's custody state, ``None`` when we hold nothing of theirs."""
        record = self.ledger.get(player)
        return record.state if record else None

    def prepare(self) -> None:
        """Create the marker objective (idempotent; "already exists" is fine)."""
        self.sink.run(self.r.objective_add(MARKER_OBJECTIVE))

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
        try:
            frozen = self.freezer.observe(player)
        except ReadError:
            raise CustodyError("player_offline") from None
        record = self.ledger.begin(player, self._allocate(), self.slots, frozen=frozen)
        self.sink.run(self.r.score_reset(player, MARKER_OBJECTIVE))
        self.freezer.apply(player, self.ledger.frozen_entry(player) or frozen)
        try:
            snapshot = self.read_player(player)
            held = self.count(player)
        except ReadError:
            self._abort(record)
            raise CustodyError("player_offline") from None
        if held != main_count(snapshot):
            # The cursor or the 2x2 crafting grid holds items (or an item moved): take nothing.
            self._abort(record)
            raise CustodyError("hands_busy")
        self.lockers.wipe(record.lockers)
        for slot in sorted(snapshot, key=self.slots.index):
            pos, cslot = self.locker_of(record, slot)
            self.sink.run(self.r.copy_player_to_block(player, slot, pos, cslot))
        expected = {self._locker_key(record, slot): stack for slot, stack in snapshot.items()}
        if self.lockers.read(record.lockers) != expected:
            self._abort(record)
            raise CustodyError("verify_failed")
        count = sum(stack_count(s) for s in snapshot.values())
        self.ledger.mark(player, CustodyState.COPIED, snapshot=snapshot, item_count=count)
        if count == 0:
            self.ledger.mark(player, CustodyState.HELD, detail="empty")
            self.freezer.thaw(player)
            return
        self.sink.run(self.r.store_result_score(player, MARKER_OBJECTIVE, self.r.clear(player, "*")))
        for slot in snapshot:
            if slot.startswith("enderchest."):
                self.sink.run(self.r.empty_player_slot(player, slot))
        held_now = self._judge(self.ledger.get(player) or record, self._marker(player))
        self.freezer.thaw(player)
        if not held_now:
            raise CustodyError("player_offline")

    def _judge(self, record: CustodyRecord, cleared: int | None) -> bool:
        """COPIED → HELD or rolled back, from what the atomic ``clear`` reported; ``True`` if HELD.

        Frozen, a player can only lose items between the read and the clear by dying (spectators
        cannot) or by something outside the game's rules (an operator, a plugin): the count then
        differs. ``None`` (the clear never ran: the player left) or 0 (it found nothing: their
        items went elsewhere, e.g. a death's drops) roll back — the player has whatever they had.
        Any other difference is held as copied and reported loudly, since the clear cannot be undone.
        """
        expected = main_count(record.snapshot)
        if cleared == expected:
            self.ledger.mark(record.player, CustodyState.HELD, detail=f"cleared {cleared}")
            return True
        if cleared is None or cleared == 0:
            self._roll_back(record)
            return False
        log.error(
            "custody of %s: the clear took %d items but %d were copied; holding the copy",
            record.player,
            cleared,
            expected,
        )
        self.ledger.mark(record.player, CustodyState.HELD, detail=f"cleared {cleared} of {expected}")
        return True

    # ---- give back ----------------------------------------------------------------------------
    def give_back(self, player: str) -> Restore:
        """Return the player's items; anything but DONE means "try again later"."""

        record = self.ledger.get(player)
        if record is None:
            self.freezer.thaw(player)
            return Restore.DONE
        resolved = self._resolve(record)
        if resolved is None:
            return Restore.DONE
        if resolved.state in (CustodyState.HELD, CustodyState.RESTORING):
            result = give(self, resolved)
            if result is not Restore.DONE:
                return result
            self.ledger.mark(player, CustodyState.RESTORED)
        self._finish(resolved)
        return Restore.DONE

    def settle(self, player: str) -> CustodyState | None:
        """Finish any half-done step for ``player`` except giving back a HELD record; the new state.

        A frozen player whose steps are all done gets their game mode back.
        """
        record = self.ledger.get(player)
        if record is not None:
            resolved = self._resolve(record)
            if resolved is not None and resolved.state is CustodyState.RESTORING:
                self.give_back(player)
            elif resolved is not None and resolved.state is CustodyState.RESTORED:
                self._finish(resolved)
        record = self.ledger.get(player)
        if record is None or (record.state is CustodyState.HELD and not record.plan):
            self.freezer.thaw(player)
        return record.state if record is not None else None

    def recover(self) -> list[str]:
        """Settle every open record and frozen player after a (re)start; returns players still held."""
        for name in sorted({r.player for r in self.ledger.all()} | set(self.ledger.frozen())):
            try:
                self.settle(name)
            except ReadError:
                continue
        return [r.player for r in self.ledger.all()]

    # ---- server reads (also used by giveback) ---------------------------------------------------
    def read_player(self, player: str) -> dict[str, str]:
        """The player's stacks in our slots (``data get``: the cursor and crafting grid are not listed)."""
        items = inventory_items(self.sink.run(self.r.read_entity(player, "Inventory")))
        if not any(slot in items for slot in EQUIPMENT_SLOTS):
            items.update(equipment_items(self.sink.run(self.r.read_entity(player, "equipment"))))
        if any(slot.startswith("enderchest.") for slot in self.slots):
            items.update(ender_items(self.sink.run(self.r.read_entity(player, "EnderItems"))))
        return {slot: stack for slot, stack in items.items() if slot in self.slots}

    def count(self, player: str) -> int:
        """Items ``clear`` would take now: inventory, armour, off hand, crafting grid and cursor."""
        self.sink.run(self.r.store_result_score(COUNT_HOLDER, MARKER_OBJECTIVE, self.r.clear(player, "*", 0)))
        counted = score(self.sink.run(self.r.score_get(COUNT_HOLDER, MARKER_OBJECTIVE)))
        if counted is None:
            raise ReadError("no count")
        return counted

    def locker_of(self, record: CustodyRecord, slot: str) -> tuple[BlockPos, str]:
        """The locker position and container slot that hold the player's ``slot``."""
        index, cslot = record.locker_slot(slot, LOCKER_SLOTS)
        return self.layout.position(index), f"container.{cslot}"

    # ---- internals ----------------------------------------------------------------------------
    def _resolve(self, record: CustodyRecord) -> CustodyRecord | None:
        """Turn INTENT and COPIED into HELD or nothing, using the marker for COPIED."""
        if record.state is CustodyState.INTENT:
            self._abort(record)
            return None
        if record.state is CustodyState.COPIED:
            if record.item_count == 0:
                self.ledger.mark(record.player, CustodyState.HELD, detail="empty")
            elif not self._judge(record, self._marker(record.player)):
                self.freezer.thaw(record.player)
                return None
        return self.ledger.get(record.player)

    def _finish(self, record: CustodyRecord) -> None:
        self.lockers.wipe(record.lockers)
        self.sink.run(self.r.score_reset(record.player, MARKER_OBJECTIVE))
        self.ledger.close(record.player, "restored")
        self.freezer.thaw(record.player)

    def _roll_back(self, record: CustodyRecord) -> None:
        self.lockers.wipe(record.lockers)
        self.ledger.close(record.player, "rolled back")

    def _abort(self, record: CustodyRecord) -> None:
        """Undo a take that cleared nothing: wipe the lockers, close, unfreeze."""
        self._roll_back(record)
        self.freezer.thaw(record.player)

    def _marker(self, player: str) -> int | None:
        return score(self.sink.run(self.r.score_get(player, MARKER_OBJECTIVE)))

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
