"""Entity selectors evaluated against the world (セレクターの評価) like ``EntitySelector.findEntities``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.nbt import compare_nbt
from dfg_bridge.sim.grammar.values import EntitySelector, FloatRange, IntRange, SelectorFilter, SelectorKind
from dfg_bridge.sim.world.entities import Entity, Player

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.context import CommandContext
    from dfg_bridge.sim.commands.source import Source

__all__ = ["find_entities", "find_players", "one_entity", "one_player", "score_holders", "scoreboard_name"]

_PLAYER_KINDS = (SelectorKind.NEAREST_PLAYER, SelectorKind.ALL_PLAYERS, SelectorKind.RANDOM_PLAYER)


def scoreboard_name(entity: Entity) -> str:
    """How an entity holds scores: a player by name, anything else by UUID."""
    return entity.name if entity.is_player else entity.uuid


def _distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b, strict=False)))


def _type_matches(ex: CommandContext, entity: Entity, value: str) -> bool:
    if value.startswith("#"):
        return entity.type in ex.entity_tag(value[1:])
    return entity.type == (value if ":" in value else f"minecraft:{value}")


def _filter(
    ex: CommandContext, src: Source, entity: Entity, f: SelectorFilter, origin: tuple[float, float, float]
) -> bool:
    option, value = f.option, f.value
    ok: bool
    if option == "type":
        ok = _type_matches(ex, entity, str(value))
    elif option == "tag":
        tag = str(value)
        ok = (not entity.tags) if tag == "" else tag in entity.tags
    elif option == "name":
        ok = entity.name == str(value)
    elif option == "team":
        team = ex.world.team_of(scoreboard_name(entity))
        ok = team is None if value == "" else (team is not None and team.name == value)
    elif option == "gamemode":
        ok = isinstance(entity, Player) and entity.game_mode.value == value
    elif option == "scores":
        ok = _scores_match(ex, entity, value)
    elif option == "distance":
        ok = isinstance(value, FloatRange) and value.contains(_distance(entity.pos, origin))
    elif option == "level":
        ok = isinstance(entity, Player) and isinstance(value, IntRange) and value.contains(0)
    elif option == "x_rotation":
        ok = isinstance(value, FloatRange) and value.contains(entity.rot[1])
    elif option == "y_rotation":
        ok = isinstance(value, FloatRange) and value.contains(entity.rot[0])
    elif option == "nbt":
        ok = compare_nbt(value, ex.entity_nbt(entity), partial_lists=True)  # type: ignore[arg-type]
    else:
        # x/y/z/dx/dy/dz/limit/sort are handled around this; predicates and advancements are not modelled.
        return True
    return ok != f.negated


def _scores_match(ex: CommandContext, entity: Entity, value: object) -> bool:
    if not isinstance(value, dict):
        return True
    holder = scoreboard_name(entity)
    for objective_name, bounds in value.items():
        objective = ex.world.objectives.get(str(objective_name))
        if objective is None:
            return False
        score = objective.scores.get(holder)
        if score is None or not (isinstance(bounds, IntRange) and bounds.contains(score.value)):
            return False
    return True


def _in_volume(entity: Entity, sel: EntitySelector, origin: tuple[float, float, float]) -> bool:
    deltas = [sel.option(d) for d in ("dx", "dy", "dz")]
    if all(d is None for d in deltas):
        return True
    low = []
    high = []
    for i, d in enumerate(deltas):
        size = float(d.value) if d is not None else 0.0  # type: ignore[arg-type]
        low.append(min(origin[i], origin[i] + size))
        high.append(max(origin[i], origin[i] + size) + 1.0)
    # Entities are points here; vanilla tests their bounding box against [low, high].
    return all(low[i] <= entity.pos[i] <= high[i] for i in range(3))


def find_entities(ex: CommandContext, src: Source, sel: EntitySelector) -> list[Entity]:
    """Every entity the selector picks for ``src``, sorted and limited like vanilla."""
    world = ex.world
    if sel.kind is SelectorKind.PLAYER_NAME:
        player = world.online_player(sel.name or "")
        return [player] if player is not None else []
    if sel.kind is SelectorKind.UUID:
        entity = world.entity_by_uuid(sel.uuid or "")
        return [entity] if entity is not None else []
    origin = src.pos
    coords = [sel.option(axis) for axis in ("x", "y", "z")]
    if any(c is not None for c in coords):
        origin = tuple(  # type: ignore[assignment]
            float(c.value) if c is not None else origin[i]  # type: ignore[arg-type]
            for i, c in enumerate(coords)
        )
    candidates: list[Entity]
    if sel.kind is SelectorKind.SELF:
        candidates = [src.entity] if src.entity is not None and src.entity.alive else []
    elif sel.kind in _PLAYER_KINDS:
        candidates = list(world.online_players())
    else:
        candidates = list(world.all_entities())
    result = [
        e
        for e in candidates
        if _in_volume(e, sel, origin)
        and all(
            _filter(ex, src, e, f, origin)
            for f in sel.filters
            if f.option not in ("x", "y", "z", "dx", "dy", "dz", "limit", "sort")
        )
    ]
    sort = sel.sort
    key: Callable[[Entity], float]
    if sort == "nearest":
        key = lambda e: _distance(e.pos, origin)  # noqa: E731
        result.sort(key=key)
    elif sort == "furthest":
        key = lambda e: -_distance(e.pos, origin)  # noqa: E731
        result.sort(key=key)
    elif sort == "random":
        random.shuffle(result)
    limit = sel.limit
    if limit is not None:
        result = result[:limit]
    return result


def find_players(
    ex: CommandContext, src: Source, sel: EntitySelector, *, required: bool = True
) -> list[Player]:
    """Players only; ``required`` raises vanilla's ``No player was found`` when empty."""
    found = [e for e in find_entities(ex, src, sel) if isinstance(e, Player)]
    if required and not found:
        raise CommandFailure(ex.tr("argument.entity.notfound.player"))
    return found


def find_required(ex: CommandContext, src: Source, sel: EntitySelector) -> list[Entity]:
    """``EntityArgument.getEntities``: at least one, else ``No entity was found``."""
    found = find_entities(ex, src, sel)
    if not found:
        raise CommandFailure(ex.tr("argument.entity.notfound.entity"))
    return found


def one_entity(ex: CommandContext, src: Source, sel: EntitySelector) -> Entity:
    """``EntityArgument.getEntity``: exactly one."""
    found = find_required(ex, src, sel)
    if len(found) > 1:
        raise CommandFailure(ex.tr("argument.entity.toomany"))
    return found[0]


def one_player(ex: CommandContext, src: Source, sel: EntitySelector) -> Player:
    """``EntityArgument.getPlayer``: exactly one player."""
    found = find_players(ex, src, sel)
    if len(found) > 1:
        raise CommandFailure(ex.tr("argument.player.toomany"))
    return found[0]


def score_holders(ex: CommandContext, src: Source, sel: object, *, required: bool = True) -> list[str]:
    """``ScoreHolderArgument``: names as written, the online player of that name, entities, or ``*``."""
    if not isinstance(sel, EntitySelector):
        return [str(sel)]
    holders: list[str]
    if sel.kind is SelectorKind.ALL_SCORE_HOLDERS:
        seen: dict[str, None] = {}
        for objective in ex.world.objectives.values():
            for name in objective.scores:
                seen[name] = None
        holders = list(seen)
    elif sel.kind is SelectorKind.PLAYER_NAME:
        name = sel.name or ""
        player = ex.world.online_player(name)
        holders = [player.name if player is not None else name]
    elif sel.kind is SelectorKind.UUID:
        entity = ex.world.entity_by_uuid(sel.uuid or "")
        holders = [scoreboard_name(entity)] if entity is not None else [sel.uuid or ""]
    else:
        holders = [scoreboard_name(e) for e in find_entities(ex, src, sel)]
    if required and not holders:
        raise CommandFailure(ex.tr("argument.scoreHolder.empty"))
    return holders
