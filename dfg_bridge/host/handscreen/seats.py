"""Keys given, items taken back (鍵と回収): what the hand screen puts on players and removes again.

Nothing here may destroy a player's own item:

* the key goes into a slot that is free *in the same command* that fills it
  (``execute unless items entity <p> container.N * run item replace …``), never over hotbar 0;
* :func:`reclaim` removes only items carrying our ``custom_data`` — from the inventory, the cursor
  and the crafting grid (one ``clear``), the ender chest (slot by slot, each removal conditional on
  the slot still holding ours) and the ground (our item entities);
* a player's own item found in their hand chest is copied back into a free slot of theirs before
  its chest slot is emptied (:func:`return_foreign`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen.keys import Key
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.replies.answers import execute_passed, item_count, replaced
from dfg_bridge.replies.items import ReadError, ender_items, inventory_items, is_ours, parse_items

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import Screens

log = logging.getLogger(__name__)

PURPOSE = "keys"
"""The purpose these commands are counted under (keys, reclaiming)."""


def counted(reply: str) -> int:
    """The item count in a ``clear`` reply (0 if it is not one)."""
    return item_count(reply)


def free_slots(hs: Screens, player: str) -> list[str] | None:
    """The player's empty main slots, hotbar first (``None`` when they cannot be read: offline)."""
    try:
        held = inventory_items(hs.run(PURPOSE, hs.r.read_entity(player, "Inventory")))
    except ReadError:
        return None
    return [f"container.{i}" for i in range(36) if f"container.{i}" not in held]


def ensure_key(hs: Screens, screen: HandScreen, key: Key) -> bool:
    """Make sure the seated player holds ``key``; ``True`` when they do (see :func:`give_key`)."""
    r, player = hs.r, screen.player
    if counted(hs.run(PURPOSE, r.count_items(player, r.our_keys(key.tag)))) >= 1:
        return True
    hs.run(PURPOSE, r.clear(player, r.our_keys()))  # any other key of ours (an old match's, a stolen one)
    return give_key(hs, screen, key)


def give_key(hs: Screens, screen: HandScreen, key: Key) -> bool:
    """Put ``key`` into a free slot of the player's (hotbar first); ``True`` when it is there.

    The slot is tested empty in the same command that fills it. With no free slot the player is
    told to make room, and the watch tries again later.
    """
    r, player = hs.r, screen.player
    hs.book.count_uses()
    for slot in free_slots(hs, player) or ():
        item = key.item(hs.book.cover())
        reply = hs.run(PURPOSE, r.unless_items(player, slot, r.item_to_player(player, slot, item)))
        if replaced(reply):
            screen.key_missing = False
            hs.book.placed(player, slot)
            return True
        break  # the slot was filled meanwhile: try again at the next look
    else:
        if not screen.key_missing:  # told once; the watch retries quietly
            hs.table.ctx.tell(player, "hand.key_no_room", "red")
    screen.key_missing = True
    return False


def reclaim(hs: Screens, player: str, *, keys: bool, ender: bool = True) -> int:
    """Take our items back from an online player (keys too when ``keys``) and from the ground.

    Returns how many were found on the player (inventory, cursor, grid) and, with ``ender``, in their
    ender chest (not while the ender chest is their hand screen).
    """
    r = hs.r
    predicate = r.our_items() if keys else r.our_non_keys()
    removed = counted(hs.run(PURPOSE, r.clear(player, predicate)))
    test = r.all_clear([r.items_check(True, player, "enderchest.*", predicate)])
    if ender and execute_passed(hs.run(PURPOSE, test)):
        removed += empty_ender_chest(hs, player, keys=keys)
    hs.run(PURPOSE, r.kill(r.our_dropped_items()))
    return removed


def empty_ender_chest(hs: Screens, player: str, *, keys: bool) -> int:
    """Remove our items from the player's ender chest, each slot only while it still holds ours."""
    r = hs.r
    try:
        stacks = ender_items(hs.run(PURPOSE, r.read_entity(player, "EnderItems")))
    except ReadError:
        return 0
    predicate = r.our_items() if keys else r.our_non_keys()
    removed = 0
    for slot, stack in sorted(stacks.items()):
        if is_ours(stack):
            reply = hs.run(PURPOSE, r.if_items_on(player, slot, predicate, r.empty_player_slot(player, slot)))
            removed += replaced(reply)
    return removed


def return_foreign(hs: Screens, screen: HandScreen) -> list[int]:
    """Give the player back their own items found in their hand chest; returns the slots still held.

    Each item is copied into a slot that is free in the same command, and its chest slot is emptied
    only once the copy is there. A player with no free slot keeps the item in the chest (never
    overwritten) until there is room.
    """
    surface = screen.surface
    if (
        not isinstance(surface, ChestSurface)
        or not screen.foreign
        or screen.player not in hs.table.ctx.online
    ):
        return sorted(screen.foreign)
    r, player = hs.r, screen.player
    free = free_slots(hs, player) or []
    for slot in sorted(screen.foreign):
        if not free:
            break
        target = free.pop(0)
        pos, index = surface.spot(slot)
        copy = r.unless_items(
            player, target, r.copy_block_to_player(pos, f"container.{index}", player, target)
        )
        if replaced(hs.run(PURPOSE, copy)):
            hs.run(PURPOSE, r.empty_block_slot(pos, f"container.{index}"))
            screen.foreign.discard(slot)
            screen.stray.discard(slot)
    if screen.foreign:
        hs.table.ctx.tell(player, "hand.own_item_in_chest", "yellow")
    return sorted(screen.foreign)


def chest_foreign(hs: Screens, screen: HandScreen) -> set[int] | None:
    """Read the seat's chest: the slots holding items that are not ours (``None``: unreadable)."""
    surface = screen.surface
    if not isinstance(surface, ChestSurface):
        return set()
    found: set[int] = set()
    for part, command in enumerate(surface.reads(hs.r)):
        reply = hs.run("poll", command)
        try:
            seen = parse_items(reply)
        except ReadError:
            log.warning(
                "table %s: cannot read the hand chest of seat %d: %.120s", hs.table.id, screen.seat + 1, reply
            )
            return None
        found.update(slot + part * 27 for slot, s in seen.items() if s.tag is None and slot < 27)
    return found


__all__ = [
    "chest_foreign", "counted", "empty_ender_chest", "ensure_key", "free_slots", "give_key", "reclaim",
    "return_foreign",
]  # fmt: skip
