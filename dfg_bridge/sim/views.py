"""JSON views of the world for the control API (表示用の JSON): what a player sees, and the world."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions import book_view, dialog_buttons
from dfg_bridge.sim.commands.nbtio import sign_messages
from dfg_bridge.sim.grammar.nbt import Byte, ByteArray, Double, Float, Int, IntArray, Long, LongArray, Short
from dfg_bridge.sim.grammar.snbt import format_snbt
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.blocks import is_sign
from dfg_bridge.sim.world.entities import Entity, Player
from dfg_bridge.sim.world.items import ItemStack
from dfg_bridge.sim.world.scoreboard import Objective

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["jsonable", "player_view", "world_view"]

SIDEBAR_LINES = 15


def jsonable(value: Any) -> Any:
    """NBT and text values → plain JSON values (typed numbers lose their type)."""
    if isinstance(value, (Byte, Short, Int, Long)):
        return int(value.value)
    if isinstance(value, (Float, Double)):
        return float(value.value)
    if isinstance(value, (ByteArray, IntArray, LongArray)):
        return list(value.values)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def item_view(ex: Executor, stack: ItemStack | None) -> dict[str, Any] | None:
    """One stack: id, count, shown name, custom data, components (JSON) and the exact SNBT."""
    if stack is None:
        return None
    return {
        "id": stack.id,
        "count": stack.count,
        "name": stack.hover_name(ex.texts),
        "custom_name": stack.custom_name is not None,
        "custom_data": jsonable(stack.components.get("minecraft:custom_data")),
        "glint": jsonable(stack.components.get("minecraft:enchantment_glint_override")),
        "components": jsonable(dict(stack.components)),
        "snbt": format_snbt(stack.to_nbt(json_text=ex.world.json_text), order="insertion"),
    }


def _slots(ex: Executor, store: list[ItemStack | None]) -> dict[str, Any]:
    return {str(i): item_view(ex, s) for i, s in enumerate(store) if s is not None}


def _message_view(ex: Executor, index: int, component: dict[str, Any], kind: str) -> dict[str, Any]:
    parts = textmod.click_parts(component)
    return {
        "index": index,
        "kind": kind,
        "text": textmod.plain_text(component),
        "parts": [
            {"part": j, "text": p["text"], "click_event": jsonable(p.get("click_event"))}
            for j, p in enumerate(parts)
        ],
        "clickable": [j for j, p in enumerate(parts) if p.get("click_event") is not None],
        "component": jsonable(component),
    }


def _number_text(objective: Objective, holder: str, value: int) -> str:
    score = objective.scores[holder]
    fmt = score.number_format if score.number_format is not None else objective.number_format
    if fmt is None or fmt[0] == "styled":
        return str(value)
    if fmt[0] == "blank":
        return ""
    return textmod.plain_text(fmt[1])


def sidebar_view(ex: Executor, player: Player) -> dict[str, Any] | None:
    """The sidebar as this player sees it (a ``sidebar.team.<color>`` slot wins for team members)."""
    world = ex.world
    team = world.team_of(player.name)
    slot_name = None
    if team is not None and f"sidebar.team.{team.color}" in world.display_slots:
        slot_name = world.display_slots[f"sidebar.team.{team.color}"]
    elif "sidebar" in world.display_slots:
        slot_name = world.display_slots["sidebar"]
    objective = world.objectives.get(slot_name) if slot_name else None
    if objective is None:
        return None
    entries = [(h, s.value) for h, s in objective.scores.items() if not h.startswith("#")]
    entries.sort(key=lambda e: (-e[1], e[0].lower()))
    lines = []
    for holder, value in entries[:SIDEBAR_LINES]:
        score = objective.scores[holder]
        if score.display_name is not None:
            shown = textmod.plain_text(score.display_name)
        else:
            holder_team = world.team_of(holder)
            shown = (
                holder
                if holder_team is None
                else (
                    textmod.plain_text(holder_team.prefix) + holder + textmod.plain_text(holder_team.suffix)
                )
            )
        lines.append(
            {
                "holder": holder,
                "text": shown,
                "score": value,
                "number": _number_text(objective, holder, value),
            }
        )
    return {"objective": objective.name, "title": textmod.plain_text(objective.display_name), "lines": lines}


def _vehicle(ex: Executor, entity: Entity) -> dict[str, Any] | None:
    if entity.vehicle is None:
        return None
    vehicle = ex.world.entity_by_uuid(entity.vehicle)
    if vehicle is None:
        return None
    return {"uuid": vehicle.uuid, "type": vehicle.type, "tags": list(vehicle.tags), "pos": list(vehicle.pos)}


def player_view(ex: Executor, player: Player) -> dict[str, Any]:
    """Everything a player sees or holds (``GET /players/{name}``)."""
    world = ex.world
    team = world.team_of(player.name)
    menu = player.menu
    open_view = None
    if menu is not None:
        open_view = {
            "kind": menu.kind.value,
            "title": menu.title,
            "pos": list(menu.pos) if menu.pos is not None else None,
            "size": menu.container_slots,
            "slots": {
                str(i): item_view(ex, s.item)
                for i, s in enumerate(menu.slots[: menu.container_slots])
                if s.item
            },
        }
    bars = [
        {
            "id": b.id,
            "name": textmod.plain_text(b.name),
            "value": b.value,
            "max": b.max,
            "color": b.color,
            "style": b.style,
        }
        for b in world.bossbars.values()
        if b.visible and player.uuid in b.players
    ]
    return {
        "name": player.name,
        "uuid": player.uuid,
        "online": player.online,
        "op": player.permission >= 2,
        "game_mode": player.game_mode.value,
        "display_name": world.display_name(player),
        "team": team.name if team is not None else None,
        "team_prefix": textmod.plain_text(team.prefix) if team is not None else "",
        "position": list(player.pos),
        "rotation": list(player.rot),
        "vehicle": _vehicle(ex, player),
        "selected_slot": player.selected,
        "inventory": _slots(ex, player.inventory),
        "ender_chest": _slots(ex, player.ender),
        "cursor": item_view(ex, player.cursor),
        "crafting": _slots(ex, player.crafting),
        "open": open_view,
        "chat": [_message_view(ex, i, m.component, m.kind) for i, m in enumerate(player.messages)],
        "title": textmod.plain_text(player.title) if player.title else None,
        "subtitle": textmod.plain_text(player.subtitle) if player.subtitle else None,
        "actionbar": textmod.plain_text(player.actionbar) if player.actionbar else None,
        "bossbars": bars,
        "sidebar": sidebar_view(ex, player),
        "dialog": jsonable(player.dialog),
        "dialog_buttons": [
            {"part": j, "label": b["label"], "action": jsonable(b["action"])}
            for j, b in enumerate(dialog_buttons(player.dialog))
        ],
        "book": book_view(player.book),
        "dropped": [item_view(ex, s) for s in player.dropped],
        "scores": {
            o.name: o.scores[player.name].value for o in world.objectives.values() if player.name in o.scores
        },
    }


def _entity_view(ex: Executor, entity: Entity) -> dict[str, Any]:
    text = entity.nbt.get("text")
    shown = None
    if text is not None:
        shown = textmod.plain_text(textmod.from_nbt(text, json_strings=ex.world.json_text))
    return {
        "uuid": entity.uuid,
        "type": entity.type,
        "pos": list(entity.pos),
        "rotation": list(entity.rot),
        "tags": list(entity.tags),
        "name": entity.name,
        "text": shown,
        "vehicle": entity.vehicle,
        "passengers": list(entity.passengers),
        "nbt": jsonable(entity.nbt),
    }


def world_view(ex: Executor) -> dict[str, Any]:
    """Containers, signs, entities with their texts, objectives, teams, boss bars (``GET /world``)."""
    world = ex.world
    containers = []
    signs = []
    for pos, block in sorted(world.blocks.items()):
        if block.container_size:
            be = block.entity
            containers.append(
                {
                    "pos": list(pos),
                    "id": block.id,
                    "properties": dict(block.properties),
                    "size": block.container_size,
                    "lock": jsonable(be.lock) if be is not None else None,
                    "custom_name": textmod.plain_text(be.custom_name)
                    if be is not None and be.custom_name
                    else None,
                    "items": _slots(ex, be.items) if be is not None else {},
                }
            )
        elif is_sign(block.id):
            lines = sign_messages(ex, block)
            signs.append(
                {
                    "pos": list(pos),
                    "id": block.id,
                    "lines": [textmod.plain_text(line) for line in lines],
                    "click_events": [jsonable(line.get("click_event")) for line in lines],
                }
            )
    objectives = {
        o.name: {
            "criterion": o.criterion,
            "display_name": textmod.plain_text(o.display_name),
            "number_format": jsonable(o.number_format),
            "scores": {
                h: {
                    "value": s.value,
                    "locked": s.locked,
                    "display_name": textmod.plain_text(s.display_name) if s.display_name else None,
                }
                for h, s in o.scores.items()
            },
        }
        for o in world.objectives.values()
    }
    teams = {
        t.name: {
            "display_name": textmod.plain_text(t.display_name),
            "prefix": textmod.plain_text(t.prefix),
            "suffix": textmod.plain_text(t.suffix),
            "color": t.color,
            "members": list(t.members),
        }
        for t in world.teams.values()
    }
    bars = {
        b.id: {
            "name": textmod.plain_text(b.name),
            "value": b.value,
            "max": b.max,
            "color": b.color,
            "visible": b.visible,
            "players": [p.name for p in world.online_players() if p.uuid in b.players],
        }
        for b in world.bossbars.values()
    }
    return {
        "version": world.version_text,
        "players": [p.name for p in world.online_players()],
        "containers": containers,
        "signs": signs,
        "entities": [_entity_view(ex, e) for e in world.entities.values() if e.alive],
        "objectives": objectives,
        "display_slots": dict(world.display_slots),
        "teams": teams,
        "bossbars": bars,
        "gamerules": dict(world.gamerules),
        "forced_chunks": sorted([list(c) for c in world.forced_chunks]),
        "dropped": len(world.dropped),
    }
