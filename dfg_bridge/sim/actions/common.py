"""Shared pieces of the fake-player actions: the error type and player lookup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.grammar.nbt import Short
from dfg_bridge.sim.world.entities import Entity, Player
from dfg_bridge.sim.world.items import ItemStack

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["NAME_CHARS", "ActionError", "drop_for", "online", "valid_name"]

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


class ActionError(SimError):
    """A fake-player request the world refuses (unknown player, out of reach, no container…)."""

    def __init__(self, message: str, *, code: str, status: int = 409) -> None:
        super().__init__(message, code=code)
        self.status = status


def online(ex: Executor, name: str) -> Player:
    """The online player ``name`` or a 404 ``ActionError``."""
    player = ex.world.online_player(name)
    if player is None:
        raise ActionError(f"player {name!r} is not online", code="not_online", status=404)
    return player


def valid_name(name: str) -> bool:
    """Account names: 3–16 of ``[A-Za-z0-9_]`` (a Floodgate ``.`` prefix allowed for Bedrock players)."""
    core = name[1:] if name.startswith(".") else name
    return 3 <= len(core) <= 16 and all(ch in NAME_CHARS for ch in core)


def drop_for(ex: Executor, player: Player) -> Callable[[ItemStack], None]:
    """What receives items the player throws or that do not fit: dropped at their feet."""

    def drop(stack: ItemStack) -> None:
        ex.world.dropped.append((player.pos, stack))
        player.dropped.append(stack)
        # Vanilla spawns an item entity (``Player.drop``: pickup delay 40 ticks); commands such as
        # ``kill @e[type=item,nbt={Item:{…}}]`` must be able to find and remove it.
        world = ex.world
        item = Entity(
            type="minecraft:item",
            uuid=world.new_uuid(),
            id=world.next_entity_id(),
            pos=player.pos,
            type_name=ex.texts.entity_name("minecraft:item"),
            nbt={"Item": stack.to_nbt(json_text=world.json_text), "PickupDelay": Short(40), "Age": Short(0)},
        )
        world.add_entity(item)

    return drop
