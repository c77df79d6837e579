"""Shared pieces of the hand screen (共通部品): the poll event and the render builders used.

Kept apart from :mod:`~dfg_bridge.host.handscreen.manager` so the host loop can import the event
without the whole manager.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from dfg_bridge.host.handscreen.screen import SlotWriter
from dfg_bridge.host.ports import BlockPos
from dfg_bridge.model.text import Text


@dataclass(frozen=True, slots=True)
class HandPoll:
    """Time for the next look at table ``table``'s screens (a stale ``token`` is ignored)."""

    table: str
    token: int


class ScreenRenderer(SlotWriter, Protocol):
    """The render builders the hand screen uses beyond :class:`SlotWriter`."""

    lock_predicate: bool
    """Whether container locks are item predicates (1.21.2+) rather than names."""

    def our_items(self, tag: str | None = None) -> str:
        """The item predicate for our items (``*[custom_data~{dfg:{}}]``)."""
        ...

    def our_keys(self, tag: str | None = None) -> str:
        """Key books, or the one tagged ``tag``."""
        ...

    def our_keys_except(self, tag: str) -> str:
        """Key books except the one tagged ``tag``."""
        ...

    def our_non_keys(self) -> str:
        """Every item of ours except key books."""
        ...

    def count_items(self, target: str, predicate: str | None = None) -> str:
        """``clear <target> <predicate> 0`` (counts)."""
        ...

    def items_check(self, holds: bool, target: str, slots: str, predicate: str) -> str:
        """``if|unless items entity <target> <slots> <predicate>``."""
        ...

    def entity_check(self, exists: bool, selector: str) -> str:
        """``if|unless entity <selector>``."""
        ...

    def dropped_near(self, pos: tuple[float, float, float], radius: float) -> str:
        """Our item entities within ``radius`` of ``pos``."""
        ...

    def all_clear(self, checks: Sequence[str]) -> str:
        """``execute <check> …``: ``Test passed`` when every check holds."""
        ...

    def container_holds(self, pos: BlockPos, block: str, slots: Sequence[tuple[int, int]]) -> str:
        """The check that a container's stacks are exactly these ``(slot, count)`` pairs."""
        ...

    def ender_holds(self, target: str, slots: Sequence[tuple[int, int]]) -> str:
        """The same for a player's ender chest."""
        ...

    def stat_objective(self, name: str, stat: str) -> str:
        """``scoreboard objectives add <name> minecraft.custom:minecraft.<stat>``."""
        ...

    def scores_reset(self, selector: str, objective: str) -> str:
        """``scoreboard players set <selector> <objective> 0``."""
        ...

    def tag_player(self, target: str, tag: str, *, add: bool = True) -> str:
        """``tag <target> add|remove <tag>``."""
        ...

    def unless_items(self, target: str, slot: str, command: str) -> str:
        """``execute unless items entity <target> <slot> * run <command>``: only into an empty slot."""
        ...

    def if_items_on(self, target: str, slot: str, predicate: str, command: str) -> str:
        """``execute if items entity <target> <slot> <predicate> run <command>``."""
        ...

    def copy_block_to_player(self, pos: BlockPos, slot: str, player: str, player_slot: str) -> str:
        """``item replace entity <player> <player_slot> from block <pos> <slot>``."""
        ...

    def set_lock(self, pos: BlockPos, name: str, tag: str) -> str:
        """``data merge block <pos> {Lock|lock:…}``: re-key a container in place."""
        ...

    def clear(self, target: str, predicate: str | None = None, max_count: int | None = None) -> str:
        """``clear <target> [<predicate> [<max>]]`` (our items by default)."""
        ...

    def our_items_except(self, tag: str) -> str:
        """The predicate for our items except those tagged ``tag``."""
        ...

    def our_dropped_items(self) -> str:
        """A selector for item entities carrying our tag."""
        ...

    def kill(self, entities: str) -> str:
        """``kill <entities>``."""
        ...

    def rekey_double_chest(
        self, a: BlockPos, b: BlockPos, facing: str, *, key_name: str, key_tag: str, title: Text | None = None
    ) -> tuple[str, str, str, str]:
        """Re-place a double chest (closing it for anyone viewing it), locked to a new key."""
        ...

    def container_title(self, pos: BlockPos, title: Text) -> str:
        """``data merge block <pos> {CustomName:…}``."""
        ...
