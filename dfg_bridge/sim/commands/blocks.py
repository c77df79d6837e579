"""``setblock``, ``fill``, ``forceload``, ``data`` and ``gamerule`` (ブロック・データ操作)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.nbtio import (
    apply_block_nbt,
    apply_entity_nbt,
    block_entity_to_nbt,
    entity_to_nbt,
    merge_compound,
)
from dfg_bridge.sim.commands.selectors import one_entity
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import block_pos, chunk_text
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.nbt import Byte, ByteArray, Double, Float, Int, IntArray, Long, LongArray, Short
from dfg_bridge.sim.grammar.snbt import format_snbt
from dfg_bridge.sim.grammar.values import BlockPredicateArg, BlockStateArg, Coordinates, NbtPath
from dfg_bridge.sim.world.blocks import Block, BlockEntity, is_sign, sign_item, sign_support, sturdy
from dfg_bridge.sim.world.entities import Entity, Player
from dfg_bridge.sim.world.items import ItemStack

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["cmd_data", "cmd_fill", "cmd_forceload", "cmd_gamerule", "cmd_setblock", "place_block"]

DIMENSION = "minecraft:overworld"
FORCELOAD_LIMIT = 256


def _namespaced(value: str) -> str:
    return value if ":" in value else f"minecraft:{value}"


def place_block(ex: Executor, pos: tuple[int, int, int], state: BlockStateArg) -> bool:
    """Set a block; returns False when the state is unchanged, like ``BlockInput.place``.

    Vanilla's ``Level.setBlock`` reports no change for an identical state, and ``BlockInput.place``
    then returns false *before* loading the NBT: an identical block with new NBT is "Could not set
    the block" and the NBT is not applied (set air first to rewrite a block's data).
    """
    block_id = _namespaced(state.id)
    props = dict(state.properties)
    current = ex.world.block(pos)
    if block_id == "minecraft:air":
        if current is None:
            return False
        del ex.world.blocks[pos]
        _shape_update(ex, pos)
        return True
    if current is not None and current.id == block_id and current.properties == props:
        return False
    block = Block(block_id, props)
    if block.container_size or is_sign(block_id):
        block.entity = BlockEntity(items=[None] * block.container_size)
    if state.nbt:
        apply_block_nbt(ex, block, state.nbt)
    ex.world.blocks[pos] = block
    _shape_update(ex, pos)
    return True


_SIDES = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def _shape_update(ex: Executor, pos: tuple[int, int, int]) -> None:
    """The block at ``pos`` changed: a sign resting on it that can no longer stay breaks and drops.

    ``Level.setBlock`` sends shape updates to the neighbours (unless flag 16): a wall or standing sign
    whose support changes re-checks ``canSurvive`` and turns into a dropped sign item.
    """
    for dx, dy, dz in _SIDES:
        near = (pos[0] + dx, pos[1] + dy, pos[2] + dz)
        sign = ex.world.block(near)
        if sign is None or not is_sign(sign.id) or sign_support(sign, near) != pos:
            continue
        if sturdy(ex.world.block_id(pos)):
            continue
        del ex.world.blocks[near]
        _drop_at(ex, near, sign_item(sign.id))


def _drop_at(ex: Executor, pos: tuple[int, int, int], item_id: str) -> None:
    world = ex.world
    stack = ItemStack(item_id, 1)
    centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    world.dropped.append((centre, stack))
    world.add_entity(
        Entity(
            type="minecraft:item",
            uuid=world.new_uuid(),
            id=world.next_entity_id(),
            pos=centre,
            type_name=ex.texts.entity_name("minecraft:item"),
            nbt={"Item": stack.to_nbt(json_text=world.json_text), "PickupDelay": Short(10), "Age": Short(0)},
        )
    )


def _try_clear(ex: Executor, pos: tuple[int, int, int]) -> None:
    """``Clearable.tryClear``: empty the container at ``pos`` (setblock/fill do this before placing)."""
    block = ex.world.block(pos)
    if block is not None and block.entity is not None and block.entity.items:
        block.entity.items = [None] * len(block.entity.items)


def cmd_setblock(ex: Executor, src: Source, call: Call) -> int:
    """``setblock <pos> <block> [destroy|keep|replace|strict]``."""
    pos = block_pos(src, call.arg("pos"))
    state = call.arg("block")
    assert isinstance(state, BlockStateArg)
    if call.has("keep") and ex.world.block(pos) is not None:
        raise CommandFailure(ex.tr("commands.setblock.failed"))
    if not call.has("destroy"):
        _try_clear(ex, pos)  # vanilla empties a container first, even when the placement then fails
    if not place_block(ex, pos, state):
        raise CommandFailure(ex.tr("commands.setblock.failed"))
    ex.success(src, ex.tr("commands.setblock.success", *pos), broadcast=True)
    return 1


def _block_matches(ex: Executor, pos: tuple[int, int, int], pred: BlockPredicateArg) -> bool:
    block_id = ex.world.block_id(pos)
    if pred.is_tag:
        return False  # block tags are not modelled
    if block_id != _namespaced(pred.id):
        return False
    block = ex.world.block(pos)
    props = block.properties if block is not None else {}
    return all(props.get(k) == v for k, v in pred.properties)


def cmd_fill(ex: Executor, src: Source, call: Call) -> int:
    """``fill <from> <to> <block> [destroy|hollow|keep|outline|replace [filter]]``."""
    a = block_pos(src, call.arg("from"))
    b = block_pos(src, call.arg("to"))
    state = call.arg("block")
    assert isinstance(state, BlockStateArg)
    lo = tuple(min(p, q) for p, q in zip(a, b, strict=True))
    hi = tuple(max(p, q) for p, q in zip(a, b, strict=True))
    volume = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1)
    limit = int(ex.world.gamerules.get("commandModificationBlockLimit", 32768))
    if volume > limit:
        raise CommandFailure(ex.tr("commands.fill.toobig", limit, volume))
    air = BlockStateArg("minecraft:air")
    changed = 0
    filt = call.arg("filter", None)
    for x in range(lo[0], hi[0] + 1):
        for y in range(lo[1], hi[1] + 1):
            for z in range(lo[2], hi[2] + 1):
                pos = (x, y, z)
                edge = x in (lo[0], hi[0]) or y in (lo[1], hi[1]) or z in (lo[2], hi[2])
                chosen = state
                if call.has("keep") and ex.world.block(pos) is not None:
                    continue
                if call.has("outline") and not edge:
                    continue
                if call.has("hollow") and not edge:
                    chosen = air
                if isinstance(filt, BlockPredicateArg) and not _block_matches(ex, pos, filt):
                    continue
                _try_clear(ex, pos)  # as setblock: emptied even when the same block stays
                if place_block(ex, pos, chosen):
                    changed += 1
    if changed == 0:
        raise CommandFailure(ex.tr("commands.fill.failed"))
    ex.success(src, ex.tr("commands.fill.success", changed), broadcast=True)
    return changed


def _column_chunk(src: Source, arg: object) -> tuple[int, int]:
    assert isinstance(arg, Coordinates)
    x, z = arg.block((src.pos[0], src.pos[2]), src.rot)[:2]
    return (int(x) >> 4, int(z) >> 4)


def cmd_forceload(ex: Executor, src: Source, call: Call) -> int:
    """``forceload add|remove <from> [to]``, ``remove all``, ``query [pos]``."""
    chunks = ex.world.forced_chunks
    sub = call.lit(1)
    if sub == "query":
        if "pos" not in call.args:
            listed = sorted(chunks)
            if not listed:
                ex.success(src, ex.tr("commands.forceload.added.none", DIMENSION), broadcast=False)
            elif len(listed) == 1:
                ex.success(
                    src,
                    ex.tr("commands.forceload.list.single", DIMENSION, chunk_text(listed[0])),
                    broadcast=False,
                )
            else:
                shown = ", ".join(chunk_text(c) for c in listed)
                ex.success(
                    src,
                    ex.tr("commands.forceload.list.multiple", len(listed), DIMENSION, shown),
                    broadcast=False,
                )
            return len(listed)
        chunk = _column_chunk(src, call.arg("pos"))
        if chunk not in chunks:
            raise CommandFailure(ex.tr("commands.forceload.query.failure", chunk_text(chunk), DIMENSION))
        ex.success(
            src, ex.tr("commands.forceload.query.success", chunk_text(chunk), DIMENSION), broadcast=False
        )
        return 1
    if sub == "remove" and call.has("all"):
        chunks.clear()
        ex.success(src, ex.tr("commands.forceload.removed.all", DIMENSION), broadcast=True)
        return 0
    first = _column_chunk(src, call.arg("from"))
    last = _column_chunk(src, call.arg("to")) if "to" in call.args else first
    lo = (min(first[0], last[0]), min(first[1], last[1]))
    hi = (max(first[0], last[0]), max(first[1], last[1]))
    area = [(x, z) for x in range(lo[0], hi[0] + 1) for z in range(lo[1], hi[1] + 1)]
    if len(area) > FORCELOAD_LIMIT:
        raise CommandFailure(ex.tr("commands.forceload.toobig", FORCELOAD_LIMIT, len(area)))
    adding = sub == "add"
    changed = [c for c in area if (c not in chunks) == adding]
    for c in changed:
        if adding:
            chunks.add(c)
        else:
            chunks.discard(c)
    kind = "added" if adding else "removed"
    if not changed:
        raise CommandFailure(ex.tr(f"commands.forceload.{kind}.failure"))
    if len(changed) == 1:
        ex.success(
            src, ex.tr(f"commands.forceload.{kind}.single", chunk_text(changed[0]), DIMENSION), broadcast=True
        )
    else:
        ex.success(
            src,
            ex.tr(
                f"commands.forceload.{kind}.multiple", len(changed), DIMENSION, chunk_text(lo), chunk_text(hi)
            ),
            broadcast=True,
        )
    return len(changed)


# -- data ------------------------------------------------------------------------------------------------


def _numeric(tag: Any) -> float | None:
    if isinstance(tag, (Byte, Short, Int, Long, Float, Double)):
        return float(tag.value)
    return None


def _tag_size(ex: Executor, tag: Any, path: NbtPath) -> int:
    number = _numeric(tag)
    if number is not None:
        return math.floor(number)
    if isinstance(tag, (list, dict)):
        return len(tag)
    if isinstance(tag, (ByteArray, IntArray, LongArray)):
        return len(tag.values)
    if isinstance(tag, str):
        return len(tag)
    raise CommandFailure(ex.tr("commands.data.get.unknown", path.text))


def cmd_data(ex: Executor, src: Source, call: Call) -> int:
    """``data get|merge block|entity …`` (``modify``/``remove``/``storage`` are not modelled)."""
    sub = call.lit(1)
    kind = call.lit(2)
    if sub not in ("get", "merge") or kind not in ("block", "entity"):
        ex.unmodelled[f"data {sub} {kind}"] += 1
        return 0
    if kind == "block":
        pos = block_pos(src, call.arg("targetPos"))
        block = ex.world.block(pos)
        if block is None or block.entity is None:
            raise CommandFailure(ex.tr("commands.data.block.invalid"))
        nbt = block_entity_to_nbt(ex, pos, block)
        if sub == "merge":
            patch = call.arg("nbt")
            assert isinstance(patch, dict)
            merged = merge_compound(nbt, patch)
            if merged == nbt:
                raise CommandFailure(ex.tr("commands.data.merge.failed"))
            apply_block_nbt(ex, block, {k: v for k, v in merged.items() if k in patch})
            ex.success(src, ex.tr("commands.data.block.modified", *pos), broadcast=True)
            return 1
        return _get(
            ex,
            src,
            call,
            nbt,
            query=lambda shown: ex.tr("commands.data.block.query", *pos, shown),
            scaled=lambda path, scale, value: ex.tr("commands.data.block.get", path, *pos, scale, value),
        )
    entity = one_entity(ex, src, call.arg("target"))  # type: ignore[arg-type]
    nbt = entity_to_nbt(ex, entity)
    if sub == "merge":
        if isinstance(entity, Player):
            raise CommandFailure(ex.tr("commands.data.entity.invalid"))
        patch = call.arg("nbt")
        assert isinstance(patch, dict)
        merged = merge_compound(nbt, patch)
        if merged == nbt:
            raise CommandFailure(ex.tr("commands.data.merge.failed"))
        apply_entity_nbt(ex, entity, {k: v for k, v in merged.items() if k in patch and k != "UUID"})
        ex.success(src, ex.tr("commands.data.entity.modified", ex.display_name(entity)), broadcast=True)
        return 1
    shown_entity = ex.display_name(entity)
    return _get(
        ex,
        src,
        call,
        nbt,
        query=lambda shown: ex.tr("commands.data.entity.query", shown_entity, shown),
        scaled=lambda path, scale, value: ex.tr("commands.data.entity.get", path, shown_entity, scale, value),
    )


def _get(ex: Executor, src: Source, call: Call, nbt: dict[str, Any], *, query: Any, scaled: Any) -> int:
    path = call.arg("path", None)
    if path is None:
        ex.success(src, query(format_snbt(nbt)), broadcast=False)
        return 1
    assert isinstance(path, NbtPath)
    found = path.get(nbt)
    if not found:
        raise CommandFailure(ex.tr("arguments.nbtpath.nothing_found", path.text))
    if len(found) > 1:
        raise CommandFailure(ex.tr("commands.data.get.multiple"))
    tag = found[0]
    if "scale" in call.args:
        number = _numeric(tag)
        if number is None:
            raise CommandFailure(ex.tr("commands.data.get.invalid", path.text))
        scale = float(call.arg("scale"))  # type: ignore[arg-type]
        value = math.floor(number * scale)
        ex.success(src, scaled(path.text, f"{scale:.2f}", value), broadcast=False)
        return value
    size = _tag_size(ex, tag, path)
    ex.success(src, query(format_snbt(tag)), broadcast=False)
    return size


def cmd_gamerule(ex: Executor, src: Source, call: Call) -> int:
    """``gamerule <rule> [value]``."""
    rule = call.literals[1] if len(call.literals) > 1 else ""
    rules = ex.world.gamerules
    if "value" not in call.args:
        value = rules.get(camel_rule(rule), rules.get(rule, False))
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        ex.success(src, ex.tr("commands.gamerule.query", rule, shown), broadcast=False)
        return int(value)
    new_value = call.arg("value")
    assert isinstance(new_value, (bool, int))
    rules[rule] = new_value
    rules[camel_rule(rule)] = new_value
    shown = str(new_value).lower() if isinstance(new_value, bool) else str(new_value)
    ex.success(src, ex.tr("commands.gamerule.set", rule, shown), broadcast=True)
    return int(new_value)


def camel_rule(name: str) -> str:
    """1.21.11 renamed game rules to ``snake_case`` ids; the sim keys them by the old camelCase name.

    >>> camel_rule("minecraft:log_admin_commands"), camel_rule("keepInventory")
    ('logAdminCommands', 'keepInventory')
    """
    path = name.split(":", 1)[-1]
    if "_" not in path:
        return path
    first, *rest = path.split("_")
    return first + "".join(word.capitalize() for word in rest)
