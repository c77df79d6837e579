"""What a command's helpers may ask of the executor (実行器の窓口), as a Protocol.

``execute`` chains (:mod:`~dfg_bridge.sim.commands.execute`), the entity NBT reader and writer
(:mod:`~dfg_bridge.sim.commands.nbtio`) and the selectors (:mod:`~dfg_bridge.sim.commands.selectors`)
run on behalf of :class:`~dfg_bridge.sim.commands.core.Executor`, which imports them; they name what
they use of it here instead of importing it back.
"""

from __future__ import annotations

import collections
from typing import Any, Protocol

from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.log import ServerLog
from dfg_bridge.sim.world import World
from dfg_bridge.sim.world.entities import Entity


class CommandContext(Protocol):
    """The executor as its helpers see it."""

    world: World
    log: ServerLog
    unmodelled: collections.Counter[str]
    """Mechanics a command touched that the simulator does not model (counted, listed by ``/commands``)."""
    rcon_total: int

    def tr(self, key: str, *args: object) -> str:
        """Vanilla's en_us text for ``key``."""
        ...

    def success(self, src: Source, text: str, *, broadcast: bool) -> None:
        """``sendSuccess(text, allowLogging=broadcast)``."""
        ...

    def execute_nodes(self, src: Source, nodes: tuple[tuple[str, object | None], ...]) -> int:
        """Run a parsed command for ``src``."""
        ...

    def display_name(self, entity: Entity) -> str:
        """``entity.getDisplayName()`` as plain text."""
        ...

    def entity_tag(self, tag: str) -> frozenset[str]:
        """Members of an entity type tag."""
        ...

    def entity_nbt(self, entity: Entity) -> dict[str, Any]:
        """The entity's full NBT as ``data get entity`` shows it."""
        ...


__all__ = ["CommandContext"]
