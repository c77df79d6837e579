"""``execute`` (実行): forks over ``as``/``at``/``positioned``/…, ``if``/``unless`` tests, ``store``, ``run``.

The grammar hands the chain over flat (redirects followed), so this walks the node list: each modifier
maps every current source to zero or more new sources, and ``run`` executes the rest once per source.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.nbtio import block_entity_to_nbt, entity_to_nbt
from dfg_bridge.sim.commands.selectors import find_entities, score_holders
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import block_pos, vec3
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.nbt import compare_nbt
from dfg_bridge.sim.grammar.values import (
    BlockPredicateArg,
    Coordinates,
    EntitySelector,
    IntRange,
    ItemPredicate,
    ItemSlots,
    NbtPath,
)
from dfg_bridge.sim.world.blocks import Block
from dfg_bridge.sim.world.entities import Entity

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.context import CommandContext

__all__ = ["run_execute"]

Nodes = Sequence[tuple[str, object | None]]
Store = Callable[[Source, int, bool], None]


@dataclasses.dataclass
class _Branch:
    src: Source
    stores: list[Store]


class _Cursor:
    def __init__(self, nodes: Nodes) -> None:
        self.nodes = nodes
        self.i = 0

    def done(self) -> bool:
        return self.i >= len(self.nodes)

    def peek(self) -> tuple[str, object | None]:
        return self.nodes[self.i]

    def take(self) -> tuple[str, object | None]:
        node = self.nodes[self.i]
        self.i += 1
        return node

    def lit(self) -> str:
        name, value = self.take()
        if value is not None:
            raise CommandFailure(f"unexpected argument {name}")
        return name

    def val(self) -> object:
        return self.take()[1]


def run_execute(ex: CommandContext, src: Source, nodes: Nodes) -> int:
    """Run an ``execute`` chain; returns the summed result like vanilla's fork handling."""
    cur = _Cursor(nodes)
    cur.take()  # "execute"
    branches = [_Branch(src, [])]
    while not cur.done():
        sub = cur.lit()
        if sub == "run":
            rest = tuple(cur.nodes[cur.i :])
            total = 0
            for branch in branches:
                result = ex.execute_nodes(branch.src, rest)
                for store in branch.stores:
                    store(branch.src, result, result > 0)
                total += result
            return total
        if sub in ("if", "unless"):
            outcome = _conditional(ex, cur, branches, sub == "if")
            if outcome is not None:
                return outcome
            continue
        if sub == "store":
            kind = cur.lit()
            branches = [
                _Branch(b.src, [*b.stores, _store(ex, cur, b.src, kind == "success")]) for b in branches
            ]
            continue
        branches = _modify(ex, cur, sub, branches)
    return 0


def _modify(ex: CommandContext, cur: _Cursor, sub: str, branches: list[_Branch]) -> list[_Branch]:
    out: list[_Branch] = []
    if sub == "as":
        sel = _selector(cur.val())
        for b in branches:
            for e in find_entities(ex, b.src, sel):
                out.append(_Branch(b.src.with_entity(e, ex.display_name(e)), b.stores))
        return out
    if sub == "at":
        sel = _selector(cur.val())
        for b in branches:
            for e in find_entities(ex, b.src, sel):
                out.append(_Branch(b.src.at(e.pos, e.rot), b.stores))
        return out
    if sub == "positioned":
        name, value = cur.take()
        if name == "as":
            sel = _selector(cur.val())
            for b in branches:
                out.extend(_Branch(b.src.at(e.pos), b.stores) for e in find_entities(ex, b.src, sel))
            return out
        if name == "over":
            cur.take()
            return branches
        return [_Branch(b.src.at(vec3(b.src, value)), b.stores) for b in branches]
    if sub == "rotated":
        name, value = cur.take()
        if name == "as":
            sel = _selector(cur.val())
            for b in branches:
                out.extend(
                    _Branch(b.src.at(b.src.pos, e.rot), b.stores) for e in find_entities(ex, b.src, sel)
                )
            return out
        assert isinstance(value, Coordinates)
        return [
            _Branch(b.src.at(b.src.pos, (value.parts[0].value, value.parts[1].value)), b.stores)
            for b in branches
        ]
    if sub in ("facing", "align", "anchored", "in", "on", "summon"):
        # Consumed but without effect on what the sim models (rotation details, dimensions, relations).
        name, _ = cur.take()
        if sub == "facing" and name == "entity":
            cur.take()
            cur.take()
        return branches
    raise CommandFailure(f"execute {sub} is not modelled")


def _selector(value: object) -> EntitySelector:
    if not isinstance(value, EntitySelector):
        raise CommandFailure("expected an entity selector")
    return value


def _conditional(ex: CommandContext, cur: _Cursor, branches: list[_Branch], want: bool) -> int | None:
    kind = cur.lit()
    tester = _tester(ex, cur, kind)
    terminal = cur.done()
    if terminal:
        # `execute if …` without run: report the test outcome of the (single) source like vanilla.
        passed = 0
        count_total = 0
        for b in branches:
            count = tester(b.src)
            ok = (count > 0) == want
            if ok:
                passed += 1
                count_total += count if want else 1
            for store in b.stores:
                store(b.src, (count if want else 1) if ok else 0, ok)
        src = branches[0].src if branches else None
        if src is not None:
            if passed:
                if kind in ("entity", "items", "blocks") and want:
                    ex.success(
                        src, ex.tr("commands.execute.conditional.pass_count", count_total), broadcast=False
                    )
                else:
                    ex.success(src, ex.tr("commands.execute.conditional.pass"), broadcast=False)
            else:
                raise CommandFailure(ex.tr("commands.execute.conditional.fail"))
        return count_total if passed else 0
    branches[:] = [b for b in branches if (tester(b.src) > 0) == want]
    return None


def _tester(ex: CommandContext, cur: _Cursor, kind: str) -> Callable[[Source], int]:
    if kind == "entity":
        sel = _selector(cur.val())
        return lambda s: len(find_entities(ex, s, sel))
    if kind == "score":
        target = cur.val()
        objective = str(cur.val())
        name, _ = cur.take()
        if name == "matches":
            bounds = cur.val()
            assert isinstance(bounds, IntRange)

            def matches(s: Source) -> int:
                score = _score_value(ex, s, target, objective)
                return int(score is not None and bounds.contains(score))

            return matches
        op = name
        other = cur.val()
        other_obj = str(cur.val())

        def compare(s: Source) -> int:
            a = _score_value(ex, s, target, objective)
            b = _score_value(ex, s, other, other_obj)
            if a is None or b is None:
                return 0
            return int({"<": a < b, "<=": a <= b, "=": a == b, ">": a > b, ">=": a >= b}[op])

        return compare
    if kind == "block":
        pos_arg = cur.val()
        block_pred = cur.val()
        assert isinstance(block_pred, BlockPredicateArg)
        pred: BlockPredicateArg = block_pred

        def block_test(s: Source) -> int:
            # BlockPredicateArgument.BlockPredicate.test: the block, each given property, and the given
            # NBT as a partial match of the block entity's full data (NbtUtils.compareNbt(…, true)).
            pos = block_pos(s, pos_arg)
            block_id = ex.world.block_id(pos)
            want_id = pred.id if ":" in pred.id else f"minecraft:{pred.id}"
            if pred.is_tag or block_id != want_id:
                return 0
            block = ex.world.block(pos)
            props = block.properties if block is not None else {}
            if any(props.get(key) != value for key, value in pred.properties):
                return 0
            if pred.nbt is not None:
                if block is None or block.entity is None:
                    return 0
                return int(compare_nbt(pred.nbt, block_entity_to_nbt(ex, pos, block), partial_lists=True))
            return 1

        return block_test
    if kind == "data":
        source_kind = cur.lit()
        where = cur.val()
        path = cur.val()
        assert isinstance(path, NbtPath)

        def data_test(s: Source) -> int:
            nbt = _data_root(ex, s, source_kind, where)
            return len(path.get(nbt)) if nbt is not None else 0

        return data_test
    if kind == "items":
        source_kind = cur.lit()
        where = cur.val()
        slots = cur.val()
        item_pred = cur.val()
        assert isinstance(slots, ItemSlots) and isinstance(item_pred, ItemPredicate)

        def items_test(s: Source) -> int:
            return _count_items(ex, s, source_kind, where, slots=slots, pred=item_pred)

        return items_test
    if kind == "loaded":
        cur.take()
        return lambda s: 1
    if kind == "blocks":
        start, end, destination = cur.val(), cur.val(), cur.val()
        masked = cur.lit() == "masked"
        return lambda s: _same_blocks(ex, s, (start, end, destination), masked=masked)
    # predicate, function, dimension, biome: consume what remains of this test and pass.
    ex.unmodelled[f"execute if {kind}"] += 1
    while not cur.done() and cur.peek()[0] != "run" and cur.peek()[0] not in ("if", "unless", "store"):
        cur.take()
    return lambda s: 1


BLOCKS_LIMIT = 32768
"""``ExecuteCommand``: at most this many blocks in an ``if blocks`` region."""


def _same_blocks(
    ex: CommandContext, src: Source, where: tuple[object, object, object], *, masked: bool
) -> int:
    """``execute if blocks``: how many blocks of the region equal those at ``destination`` (0 if any differs).

    As ``ExecuteCommand.checkRegions``: the block state and the block entity's data (without its
    position) must match; with ``masked`` air in the source region is skipped and not counted.
    """
    a, b, dest = (block_pos(src, w) for w in where)
    lo = tuple(min(p, q) for p, q in zip(a, b, strict=True))
    hi = tuple(max(p, q) for p, q in zip(a, b, strict=True))
    size = [h - low + 1 for low, h in zip(lo, hi, strict=True)]
    volume = size[0] * size[1] * size[2]
    if volume > BLOCKS_LIMIT:
        raise CommandFailure(ex.tr("commands.execute.blocks.toobig", BLOCKS_LIMIT, volume))
    count = 0
    for dx in range(size[0]):
        for dy in range(size[1]):
            for dz in range(size[2]):
                here = (lo[0] + dx, lo[1] + dy, lo[2] + dz)
                there = (dest[0] + dx, dest[1] + dy, dest[2] + dz)
                block, other = ex.world.block(here), ex.world.block(there)
                if masked and block is None:
                    continue
                if _block_data(ex, here, block) != _block_data(ex, there, other):
                    return 0
                count += 1
    return count


def _block_data(ex: CommandContext, pos: tuple[int, int, int], block: Block | None) -> object:
    if block is None:
        return None
    data = block_entity_to_nbt(ex, pos, block) if block.entity is not None else {}
    return (block.id, sorted(block.properties.items()), {k: v for k, v in data.items() if k not in "xyz"})


def _score_value(ex: CommandContext, src: Source, target: object, objective: str) -> int | None:
    obj = ex.world.objectives.get(objective)
    if obj is None:
        raise CommandFailure(ex.tr("arguments.objective.notFound", objective))
    holders = score_holders(ex, src, target, required=False)
    if len(holders) != 1:
        return None
    score = obj.scores.get(holders[0])
    return score.value if score is not None else None


def _data_root(ex: CommandContext, src: Source, kind: str, where: object) -> dict[str, Any] | None:
    if kind == "block":
        pos = block_pos(src, where)
        block = ex.world.block(pos)
        return block_entity_to_nbt(ex, pos, block) if block is not None and block.entity is not None else None
    if kind == "entity":
        found = find_entities(ex, src, _selector(where))
        return entity_to_nbt(ex, found[0]) if found else None
    return None


def _count_items(
    ex: CommandContext, src: Source, kind: str, where: object, *, slots: ItemSlots, pred: ItemPredicate
) -> int:
    from dfg_bridge.sim.commands.items import entity_slot

    total = 0
    if kind == "block":
        block = ex.world.block(block_pos(src, where))
        items = block.entity.items if block is not None and block.entity is not None else []
        for i in slots.indices:
            stack = items[i] if 0 <= i < len(items) else None
            if stack is not None and pred.matches(stack.id, stack.components, stack.count):
                total += stack.count
        return total
    entities: list[Entity] = find_entities(ex, src, where) if isinstance(where, EntitySelector) else []
    for entity in entities:
        for i in slots.indices:
            ref = entity_slot(entity, i)
            stack = ref.get() if ref is not None else None
            if stack is not None and pred.matches(stack.id, stack.components, stack.count):
                total += stack.count
    return total


def _store(ex: CommandContext, cur: _Cursor, src: Source, success: bool) -> Store:
    target_kind = cur.lit()
    if target_kind == "score":
        targets = cur.val()
        objective = str(cur.val())

        def to_score(s: Source, result: int, ok: bool) -> None:
            from dfg_bridge.sim.world.scoreboard import Score

            obj = ex.world.objectives.get(objective)
            if obj is None:
                return
            for holder in score_holders(ex, s, targets, required=False):
                score = obj.scores.setdefault(holder, Score())
                score.value = int(ok) if success else result

        return to_score
    if target_kind == "bossbar":
        ident = str(cur.val())
        field = cur.lit()

        def to_bar(s: Source, result: int, ok: bool) -> None:
            bar = ex.world.bossbars.get(ident if ":" in ident else f"minecraft:{ident}")
            if bar is not None:
                setattr(bar, field, int(ok) if success else result)

        return to_bar
    # block/entity/storage <path> <type> <scale>: evaluated but not written back (not modelled).
    cur.take()
    cur.take()
    cur.lit()
    cur.take()
    ex.unmodelled[f"execute store {target_kind}"] += 1
    return lambda s, result, ok: None
