"""Giving custody back (返却): one attempt, exact per stack (see :mod:`dfg_bridge.host.custody`).

An attempt freezes the player, copies every pending stack into an *empty* slot only
(``execute unless items entity <p> <slot> * run item replace …``), reads the player back and records
each stack that verifiably arrived as delivered, then unfreezes. The plan is written before the
copies; while it is open the player stays frozen, so after a crash or a disconnect the next attempt
settles it against exactly what the copies did: a frozen player cannot throw or move the stacks
that arrived, and an empty-slot copy can never overwrite anything.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from dfg_bridge.host.freeze import Freezer
from dfg_bridge.host.ledger import CustodyLedger, CustodyRecord
from dfg_bridge.host.ports import CommandRenderer, CommandSink
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.replies.items import MAIN_SLOTS, ReadError, stack_count


class Restore(enum.Enum):
    """What :meth:`Custody.give_back` achieved."""

    DONE = "done"
    """The player has every item back (or we held nothing)."""
    OFFLINE = "offline"
    """The player is not online (or could not be read); retried when they join."""
    NO_ROOM = "no_room"
    """Some stacks found no free slot; what fitted was given back, the rest is retried."""
    FAILED = "failed"
    """A copy did not land (its slot filled up meanwhile); retried."""
    BUSY = "busy"
    """The cursor or the crafting grid holds an item, so free slots are not safe to count; retried."""


def main_count(stacks: dict[str, str]) -> int:
    """Items in the slots ``clear`` reaches (everything but the ender chest)."""
    return sum(stack_count(s) for slot, s in stacks.items() if not slot.startswith("enderchest."))


class Keeper(Protocol):
    """What a give-back needs of :class:`~dfg_bridge.host.custody.Custody`."""

    sink: CommandSink
    r: CommandRenderer
    ledger: CustodyLedger
    freezer: Freezer

    @property
    def slots(self) -> Sequence[str]: ...

    def read_player(self, player: str) -> dict[str, str]: ...
    def count(self, player: str) -> int: ...
    def locker_of(self, record: CustodyRecord, slot: str) -> tuple[BlockPos, str]: ...


def give(custody: Keeper, record: CustodyRecord) -> Restore:
    """One give-back attempt for a HELD or RESTORING record (the caller finishes on DONE)."""
    player = record.player
    if not record.pending and not record.plan:
        custody.freezer.thaw(player)
        return Restore.DONE
    sink, r = custody.sink, custody.r
    try:
        sink.run(r.clear(player))  # our own items (cards, key book) anywhere, cursor included
        current = custody.read_player(player)
        if not record.plan:
            # Probe first, unfrozen: a player who cannot take anything now is not frozen for nothing.
            if not _fits_any(custody, record, current):
                return Restore.NO_ROOM
            if custody.count(player) != main_count(current):
                return Restore.BUSY
        custody.freezer.freeze(player)
        current = custody.read_player(player)
        held = custody.count(player)
    except ReadError:
        return Restore.OFFLINE
    if record.plan:
        _settle_plan(custody, record, current)
        record = custody.ledger.get(player) or record
    if held != main_count(current):
        custody.freezer.thaw(player)
        return Restore.BUSY
    pending = record.pending
    already = {
        slot: slot
        for slot, stack in pending.items()
        if slot.startswith("enderchest.") and current.get(slot) == stack
    }
    if already:
        # The ender chest is emptied per slot after the clear; a slot still holding its stack was
        # never emptied (the player left in between), so the player has it: nothing to copy.
        _delivered(custody, record, already)
        record = custody.ledger.get(player) or record
        pending = record.pending
    plan = _plan(custody, pending, current)
    if plan:
        custody.ledger.plan(player, plan)
        for slot, dest in plan.items():
            pos, cslot = custody.locker_of(record, slot)
            sink.run(r.unless_items(player, dest, r.copy_block_to_player(pos, cslot, player, dest)))
        try:
            after = custody.read_player(player)
        except ReadError:
            return Restore.OFFLINE  # the plan stays open and the player frozen until we can read them
        arrived = {slot: dest for slot, dest in plan.items() if after.get(dest) == pending[slot]}
        _delivered(custody, record, arrived)
    custody.freezer.thaw(player)
    left = (custody.ledger.get(player) or record).pending
    if not left:
        return Restore.DONE
    return Restore.NO_ROOM if len(plan) < len(pending) else Restore.FAILED


def _settle_plan(custody: Keeper, record: CustodyRecord, current: dict[str, str]) -> None:
    """Account for copies a previous attempt sent but never read back (the player is still frozen)."""
    arrived = {slot: dest for slot, dest in record.plan.items() if current.get(dest) == record.snapshot[slot]}
    _delivered(custody, record, arrived)


def _delivered(custody: Keeper, record: CustodyRecord, arrived: dict[str, str]) -> None:
    """Record deliveries, then empty their locker slots: a delivered stack exists once, in the inventory.

    A crash between the two leaves copies in the lockers that are never given again (they are
    delivered) and are wiped when the custody closes.
    """
    custody.ledger.deliver(record.player, arrived)
    for slot in sorted(arrived):
        pos, cslot = custody.locker_of(record, slot)
        custody.sink.run(custody.r.empty_block_slot(pos, cslot))


def _plan(custody: Keeper, pending: dict[str, str], current: dict[str, str]) -> dict[str, str]:
    """Each pending stack's destination: its own slot if empty, else a free main slot (if any)."""
    plan: dict[str, str] = {}
    occupied = set(current)
    for slot in sorted(pending, key=custody.slots.index):
        dest = slot if slot not in occupied else next((s for s in MAIN_SLOTS if s not in occupied), None)
        if dest is None:
            continue
        plan[slot] = dest
        occupied.add(dest)
    return plan


def _fits_any(custody: Keeper, record: CustodyRecord, current: dict[str, str]) -> bool:
    occupied = set(current)
    return any(slot not in occupied for slot in record.pending) or any(s not in occupied for s in MAIN_SLOTS)
