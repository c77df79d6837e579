"""Shared helpers for command handlers: argument conversion and common vanilla checks."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.values import Coordinates, ItemStackArg
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.items import ItemStack
from dfg_bridge.sim.world.scoreboard import Objective
from dfg_bridge.sim.world.text import TextDict, normalise

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor
    from dfg_bridge.sim.commands.source import Source

__all__ = [
    "block_pos",
    "chunk_text",
    "fmt_double",
    "get_objective",
    "item_from_arg",
    "text_arg",
    "vec3",
]

WORLD_MIN_Y, WORLD_MAX_Y = -64, 319
WORLD_LIMIT = 30_000_000


def item_from_arg(ex: Executor, arg: object, count: int = 1) -> ItemStack:
    """An ``item_stack`` argument → a stack of ``count`` (components kept, ``!removed`` recorded)."""
    if not isinstance(arg, ItemStackArg):
        raise CommandFailure(f"Malformed item: '{arg}'")
    components: dict[str, Any] = dict(arg.components)
    for name in arg.removed:
        components["!" + name] = {}
    return ItemStack(arg.id, count, components)


def block_pos(src: Source, arg: object) -> tuple[int, int, int]:
    """A ``block_pos`` argument resolved at the source (vanilla's ``getLoadedBlockPos`` bounds checks)."""
    if not isinstance(arg, Coordinates):
        raise CommandFailure("Expected a block position")
    x, y, z = arg.block(src.pos, src.rot)
    if not (WORLD_MIN_Y <= y <= WORLD_MAX_Y):
        raise CommandFailure("That position is out of this world!")
    if abs(x) > WORLD_LIMIT or abs(z) > WORLD_LIMIT:
        raise CommandFailure("That position is outside the allowed boundaries.")
    return (int(x), int(y), int(z))


def vec3(src: Source, arg: object) -> tuple[float, float, float]:
    """A ``vec3`` argument resolved at the source."""
    if not isinstance(arg, Coordinates):
        raise CommandFailure("Expected a coordinate")
    x, y, z = arg.resolve(src.pos, src.rot)
    return (float(x), float(y), float(z))


def fmt_double(value: float) -> str:
    """Java ``String.format(Locale.ROOT, "%f", v)`` (six decimals), as teleport feedback prints."""
    return f"{value:f}"


def java_double(value: float) -> str:
    """Java ``Double.toString`` for ordinary magnitudes (``64.0``, ``0.5``)."""
    if value == math.floor(value) and abs(value) < 1e7:
        return f"{value:.1f}"
    return repr(value)


def get_objective(ex: Executor, name: object) -> Objective:
    """``ObjectiveArgument.getObjective``: unknown → ``Unknown scoreboard objective '…'``."""
    objective = ex.world.objectives.get(str(name))
    if objective is None:
        raise CommandFailure(ex.tr("arguments.objective.notFound", name))
    return objective


def writable_objective(ex: Executor, name: object) -> Objective:
    """``ObjectiveArgument.getWritableObjective``: read-only criteria are refused."""
    objective = get_objective(ex, name)
    if objective.read_only:
        raise CommandFailure(ex.tr("arguments.objective.readonly", objective.name))
    return objective


def formatted(objective: Objective) -> str:
    """``Objective.getFormattedDisplayName()`` in plain text: the display name in brackets."""
    from dfg_bridge.sim.world.text import plain_text

    return f"[{plain_text(objective.display_name)}]"


def text_arg(value: object) -> TextDict:
    """A ``component`` argument as a normalised text dict (the grammar already normalises it)."""
    if isinstance(value, dict):
        return value
    return normalise(value)


def chunk_text(chunk: tuple[int, int]) -> str:
    """``ChunkPos.toString()``: ``[x, z]``."""
    return f"[{chunk[0]}, {chunk[1]}]"


def require_player(ex: Executor, src: Source) -> Player:
    """``getPlayerOrException``."""
    if isinstance(src.entity, Player):
        return src.entity
    raise CommandFailure(ex.tr("permissions.requires.player"))
