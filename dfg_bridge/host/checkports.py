"""The host's port for checks and guards (検査): our items' predicates, the ``execute`` tests the
hand-screen watch and custody ask, and the guarded writes (split from :mod:`.ports` for size;
:class:`~dfg_bridge.host.ports.CommandRenderer` includes it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.model.text import Text


class CheckRenderer(Protocol):
    """Builds the item predicates, tests and guarded commands (``render.Dialect`` satisfies it)."""

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

    def dropped_near(self, pos: Vec3, radius: float) -> str:
        """Our item entities within ``radius`` of ``pos``."""
        ...

    def all_clear(self, checks: Sequence[str]) -> str:
        """``execute <check> …``: ``Test passed`` when every check holds."""
        ...

    def ride(self, question: str, command: str) -> str:
        """``<question> run <command>``: empty reply exactly when a check of ``question`` failed."""
        ...

    def container_holds(self, pos: BlockPos, block: str, slots: Sequence[tuple[int, int]]) -> str:
        """The check that a container's stacks are exactly these ``(slot, count)`` pairs."""
        ...

    def ender_holds(self, target: str, slots: Sequence[tuple[int, int]]) -> str:
        """The same for a player's ender chest."""
        ...

    def book_pages_modify(
        self,
        target: str,
        slot: str,
        pages: Sequence[Text],
        *,
        offset: int | None = None,
        size: int | None = None,
    ) -> str:
        """``item modify entity <target> <slot> {function:"minecraft:set_written_book_pages",…}``."""
        ...

    def if_entity_run(self, selector: str, command: str) -> str:
        """``execute if entity <selector> run <command>`` (empty reply when nobody is selected)."""
        ...

    def used_objective(self, name: str, item: str) -> str:
        """``scoreboard objectives add <name> minecraft.used:minecraft.<item>``."""
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

    def tag_list(self, target: str) -> str:
        """``tag <target> list`` (its reply starts with the target's display name)."""
        ...

    def if_items_on(self, target: str, slot: str, predicate: str, command: str) -> str:
        """``execute if items entity <target> <slot> <predicate> run <command>``."""
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
