"""``summon``, ``kill``, ``tp``/``teleport``, ``ride`` and ``gamemode`` (エンティティ操作)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.nbtio import apply_entity_nbt, ints_to_uuid
from dfg_bridge.sim.commands.selectors import find_players, find_required, one_entity
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import fmt_double, vec3
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.nbt import Byte, Int, IntArray
from dfg_bridge.sim.grammar.values import Coordinates
from dfg_bridge.sim.world.entities import Entity, GameMode, Player

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["cmd_gamemode", "cmd_kill", "cmd_ride", "cmd_summon", "cmd_teleport", "spawn_entity"]

SUMMONABLE_LIMIT = 30_000_000


def spawn_entity(
    ex: Executor, entity_type: str, pos: tuple[float, float, float], nbt: dict[str, Any]
) -> Entity:
    """Create an entity (and its ``Passengers``) from summon data."""
    world = ex.world
    uuid = world.new_uuid()
    given = nbt.get("UUID")
    if isinstance(given, IntArray) and len(given.values) == 4:
        uuid = ints_to_uuid(given)
        if world.entity_by_uuid(uuid) is not None:
            raise CommandFailure(ex.tr("commands.summon.failed.uuid"))
    entity = Entity(
        type=entity_type,
        uuid=uuid,
        id=world.next_entity_id(),
        pos=pos,
        type_name=ex.texts.entity_name(entity_type),
    )
    apply_entity_nbt(ex, entity, {k: v for k, v in nbt.items() if k != "Pos"})
    world.add_entity(entity)
    for rider_nbt in nbt.get("Passengers", []) or []:
        if isinstance(rider_nbt, dict) and isinstance(rider_nbt.get("id"), str):
            rider_type = str(rider_nbt["id"])
            rider_type = rider_type if ":" in rider_type else f"minecraft:{rider_type}"
            rider = spawn_entity(ex, rider_type, pos, rider_nbt)
            rider.vehicle = entity.uuid
            entity.passengers.append(rider.uuid)
    return entity


def cmd_summon(ex: Executor, src: Source, call: Call) -> int:
    """``summon <entity> [pos] [nbt]``."""
    entity_type = str(call.arg("entity"))
    entity_type = entity_type if ":" in entity_type else f"minecraft:{entity_type}"
    pos = vec3(src, call.arg("pos")) if "pos" in call.args else src.pos
    if (
        abs(pos[0]) > SUMMONABLE_LIMIT
        or abs(pos[2]) > SUMMONABLE_LIMIT
        or not -20_000_000 <= pos[1] <= 20_000_000
    ):
        raise CommandFailure(ex.tr("commands.summon.invalidPosition"))
    if entity_type == "minecraft:player":
        raise CommandFailure(ex.tr("commands.summon.failed"))
    nbt = call.arg("nbt", {})
    assert isinstance(nbt, dict)
    entity = spawn_entity(ex, entity_type, pos, nbt)
    ex.success(src, ex.tr("commands.summon.success", ex.display_name(entity)), broadcast=True)
    return 1


def cmd_kill(ex: Executor, src: Source, call: Call) -> int:
    """``kill [targets]``: entities vanish; players die (and drop their items unless keepInventory)."""
    if "targets" in call.args:
        targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    elif src.entity is not None:
        targets = [src.entity]
    else:
        raise CommandFailure(ex.tr("permissions.requires.entity"))
    shown = ex.display_name(targets[0])
    for entity in targets:
        if isinstance(entity, Player):
            _kill_player(ex, entity)
        else:
            ex.world.remove_entity(entity)
    if len(targets) == 1:
        ex.success(src, ex.tr("commands.kill.success.single", shown), broadcast=True)
    else:
        ex.success(src, ex.tr("commands.kill.success.multiple", len(targets)), broadcast=True)
    return len(targets)


def _kill_player(ex: Executor, player: Player) -> None:
    message = ex.tr("death.attack.genericKill", ex.display_name(player))
    if ex.world.gamerules.get("showDeathMessages", True):
        ex.log.info(message)
        for other in ex.world.online_players():
            ex.tell(other, {"text": message}, "system")
    if not ex.world.gamerules.get("keepInventory", False):
        for i, stack in enumerate(player.inventory):
            if stack is not None:
                ex.world.dropped.append((player.pos, stack))
                player.inventory[i] = None
    ex.world.dismount(player)
    player.pos = ex.world.spawn


def _teleport(
    ex: Executor, entity: Entity, pos: tuple[float, float, float], rot: tuple[float, float] | None
) -> None:
    ex.world.dismount(entity)
    entity.pos = pos
    if rot is not None:
        entity.rot = rot
    if isinstance(entity, Player) and entity.menu is not None and entity.menu.pos is not None:
        from dfg_bridge.sim.actions.containers import close_menu, still_valid

        # ServerPlayer.tick: a menu whose container is out of range (stillValid) closes at once.
        if not still_valid(entity, entity.menu.pos):
            close_menu(ex, entity)


def cmd_teleport(ex: Executor, src: Source, call: Call) -> int:
    """``tp|teleport [targets] <location|destination> [rotation|facing …]``."""
    if "targets" in call.args:
        targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    elif src.entity is not None:
        targets = [src.entity]
    else:
        raise CommandFailure(ex.tr("permissions.requires.entity"))
    if "destination" in call.args:
        dest = one_entity(ex, src, call.arg("destination"))  # type: ignore[arg-type]
        for entity in targets:
            _teleport(ex, entity, dest.pos, dest.rot)
        shown_dest = ex.display_name(dest)
        if len(targets) == 1:
            ex.success(
                src,
                ex.tr("commands.teleport.success.entity.single", ex.display_name(targets[0]), shown_dest),
                broadcast=True,
            )
        else:
            ex.success(
                src,
                ex.tr("commands.teleport.success.entity.multiple", len(targets), shown_dest),
                broadcast=True,
            )
        return len(targets)
    pos = vec3(src, call.arg("location"))
    rot: tuple[float, float] | None = None
    rotation = call.arg("rotation", None)
    if isinstance(rotation, Coordinates):
        yaw, pitch = rotation.parts[0], rotation.parts[1]
        rot = (
            yaw.value + (src.rot[0] if yaw.relative else 0.0),
            pitch.value + (src.rot[1] if pitch.relative else 0.0),
        )
    elif "facingLocation" in call.args:
        fx, fy, fz = vec3(src, call.arg("facingLocation"))
        dx, dy, dz = fx - pos[0], fy - pos[1], fz - pos[2]
        rot = (math.degrees(math.atan2(-dx, dz)), math.degrees(-math.atan2(dy, math.hypot(dx, dz))))
    for entity in targets:
        _teleport(ex, entity, pos, rot)
    coords = [fmt_double(v) for v in pos]
    if len(targets) == 1:
        ex.success(
            src,
            ex.tr("commands.teleport.success.location.single", ex.display_name(targets[0]), *coords),
            broadcast=True,
        )
    else:
        ex.success(
            src, ex.tr("commands.teleport.success.location.multiple", len(targets), *coords), broadcast=True
        )
    return len(targets)


def _root_and_chain(ex: Executor, entity: Entity) -> list[str]:
    chain = []
    current: Entity | None = entity
    while current is not None:
        chain.append(current.uuid)
        current = ex.world.entity_by_uuid(current.vehicle) if current.vehicle else None
    return chain


def cmd_ride(ex: Executor, src: Source, call: Call) -> int:
    """``ride <target> mount <vehicle>`` / ``ride <target> dismount``."""
    rider = one_entity(ex, src, call.arg("target"))  # type: ignore[arg-type]
    if call.has("dismount"):
        if rider.vehicle is None:
            raise CommandFailure(ex.tr("commands.ride.not_riding", ex.display_name(rider)))
        vehicle = ex.world.entity_by_uuid(rider.vehicle)
        ex.world.dismount(rider)
        shown = ex.display_name(vehicle) if vehicle is not None else "?"
        ex.success(
            src, ex.tr("commands.ride.dismount.success", ex.display_name(rider), shown), broadcast=True
        )
        return 1
    vehicle = one_entity(ex, src, call.arg("vehicle"))  # type: ignore[arg-type]
    if rider.vehicle is not None:
        current = ex.world.entity_by_uuid(rider.vehicle)
        shown = ex.display_name(current) if current is not None else "?"
        raise CommandFailure(ex.tr("commands.ride.already_riding", ex.display_name(rider), shown))
    if isinstance(vehicle, Player):
        raise CommandFailure(ex.tr("commands.ride.mount.failure.cant_ride_players"))
    if rider.uuid in _root_and_chain(ex, vehicle) or vehicle.uuid in _passenger_tree(ex, rider):
        raise CommandFailure(ex.tr("commands.ride.mount.failure.loop"))
    rider.vehicle = vehicle.uuid
    vehicle.passengers.append(rider.uuid)
    rider.pos = vehicle.pos
    ex.success(
        src,
        ex.tr("commands.ride.mount.success", ex.display_name(rider), ex.display_name(vehicle)),
        broadcast=True,
    )
    return 1


def _passenger_tree(ex: Executor, entity: Entity) -> set[str]:
    found: set[str] = set()
    stack = list(entity.passengers)
    while stack:
        uuid = stack.pop()
        if uuid in found:
            continue
        found.add(uuid)
        other = ex.world.entity_by_uuid(uuid)
        if other is not None:
            stack.extend(other.passengers)
    return found


def cmd_gamemode(ex: Executor, src: Source, call: Call) -> int:
    """``gamemode <mode> [target]``."""
    mode = GameMode(str(call.arg("gamemode")))
    if "target" in call.args:
        targets = find_players(ex, src, call.arg("target"))  # type: ignore[arg-type]
    elif isinstance(src.entity, Player):
        targets = [src.entity]
    else:
        raise CommandFailure(ex.tr("permissions.requires.player"))
    changed = 0
    shown_mode = ex.tr(f"gameMode.{mode.value}")
    for player in targets:
        if player.game_mode is mode:
            continue
        player.game_mode = mode
        changed += 1
        if mode is GameMode.SPECTATOR:
            # ServerPlayer.setGameMode: a new spectator stops riding (and drops shoulder parrots).
            ex.world.dismount(player)
        if player is src.entity:
            ex.success(src, ex.tr("commands.gamemode.success.self", shown_mode), broadcast=True)
        else:
            ex.tell(player, {"text": ex.tr("gameMode.changed", shown_mode)})
            ex.success(
                src,
                ex.tr("commands.gamemode.success.other", ex.display_name(player), shown_mode),
                broadcast=True,
            )
    return changed


def cmd_tag(ex: Executor, src: Source, call: Call) -> int:
    """``tag <targets> add|remove <name>`` and ``tag <targets> list``."""
    targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    sub = call.lit(1)
    if sub == "list":
        tags = sorted({t for e in targets for t in e.tags})
        shown = ", ".join(tags)
        if len(targets) == 1:
            key = "commands.tag.list.single." + ("success" if tags else "empty")
            args: tuple[object, ...] = (
                (ex.display_name(targets[0]), len(tags), shown) if tags else (ex.display_name(targets[0]),)
            )
        else:
            key = "commands.tag.list.multiple." + ("success" if tags else "empty")
            args = (len(targets), len(tags), shown) if tags else (len(targets),)
        ex.success(src, ex.tr(key, *args), broadcast=False)
        return len(tags)
    name = str(call.arg("name"))
    changed = 0
    for entity in targets:
        if sub == "add" and name not in entity.tags and len(entity.tags) < 1024:
            entity.tags.append(name)
            changed += 1
        elif sub == "remove" and name in entity.tags:
            entity.tags.remove(name)
            changed += 1
    if changed == 0:
        raise CommandFailure(ex.tr(f"commands.tag.{sub}.failed"))
    if len(targets) == 1:
        ex.success(
            src,
            ex.tr(f"commands.tag.{sub}.success.single", name, ex.display_name(targets[0])),
            broadcast=True,
        )
    else:
        ex.success(src, ex.tr(f"commands.tag.{sub}.success.multiple", name, len(targets)), broadcast=True)
    return changed


def cmd_effect(ex: Executor, src: Source, call: Call) -> int:
    """``effect give|clear``: effects are recorded per entity (``active_effects``) but have no game effect."""
    targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    effect = call.arg("effect", None)
    effect_id = None if effect is None else (str(effect) if ":" in str(effect) else f"minecraft:{effect}")
    shown = "" if effect_id is None else ex.tr("effect." + effect_id.replace(":", "."))
    if call.lit(1) == "give":
        assert effect_id is not None
        for entity in targets:
            effects = entity.nbt.setdefault("active_effects", [])
            effects[:] = [e for e in effects if not (isinstance(e, dict) and e.get("id") == effect_id)]
            effects.append(
                {
                    "id": effect_id,
                    "amplifier": Byte(int(call.arg("amplifier", 0))),  # type: ignore[call-overload]
                    "duration": Int(-1 if call.has("infinite") else int(call.arg("seconds", 30)) * 20),  # type: ignore[call-overload]
                    "show_particles": Byte(0 if call.arg("hideParticles", False) else 1),
                }
            )
        if len(targets) == 1:
            ex.success(
                src,
                ex.tr("commands.effect.give.success.single", shown, ex.display_name(targets[0])),
                broadcast=True,
            )
        else:
            ex.success(
                src, ex.tr("commands.effect.give.success.multiple", shown, len(targets)), broadcast=True
            )
        return len(targets)
    removed = 0
    for entity in targets:
        effects = entity.nbt.get("active_effects", [])
        keep = [
            e for e in effects if effect_id is not None and isinstance(e, dict) and e.get("id") != effect_id
        ]
        if len(keep) != len(effects):
            removed += 1
        if keep:
            entity.nbt["active_effects"] = keep
        else:
            entity.nbt.pop("active_effects", None)
    kind = "everything" if effect_id is None else "specific"
    if removed == 0:
        raise CommandFailure(ex.tr(f"commands.effect.clear.{kind}.failed"))
    args = (ex.display_name(targets[0]),) if len(targets) == 1 else (len(targets),)
    if effect_id is not None:
        args = (shown, *args)
    ex.success(
        src,
        ex.tr(f"commands.effect.clear.{kind}.success.{'single' if len(targets) == 1 else 'multiple'}", *args),
        broadcast=True,
    )
    return removed
