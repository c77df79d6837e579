"""Checks across fields: names, tables and their geometry, the locker area (整合性チェック).

Each check reads the built :class:`~dfg_bridge.config.schema.Config` and reports through the
:class:`~dfg_bridge.config.validate.Converter`, whose ``lines`` map paths back to file lines.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any

from dfg_bridge.config.schema import BlockPos, Config, Facing, SourceKind, TableConfig
from dfg_bridge.config.validate import Converter

_STEP = {Facing.NORTH: (0, -1), Facing.EAST: (1, 0), Facing.SOUTH: (0, 1), Facing.WEST: (-1, 0)}
MIN_SEATS, MAX_SEATS = 3, 6
SIDEBAR_COLOURS = 16


def check(config: Config, conv: Converter) -> None:
    """Run every cross-field check, recording problems on ``conv``."""
    if config.source.kind is SourceKind.PROCESS and not config.source.process_command:
        conv.at("source.kind", "kind process needs source.process_command")
    _check_rules(config.game.preset.value, config.game.rules, "game.rules", conv)
    if not config.tables:
        conv.at("tables", "needs at least one table (see config/dfg.example.yml)")
    _check_tables(config, conv)
    _check_ranked(config, conv)
    _check_folders(config, conv)


def _check_ranked(config: Config, conv: Converter) -> None:
    """The ladder's numbers and each rotation day's rules."""
    steps = config.ranked.dan_points
    if len(steps) != 12 or steps[0] != 0 or any(b <= a for a, b in itertools.pairwise(steps)):
        conv.at("ranked.dan_points", f"must be 12 rising numbers starting at 0 (got {list(steps)})")
    for i, day in enumerate(config.ranked.rotation):
        _check_rules(day.preset.value, day.rules, f"ranked.rotation[{i}].rules", conv)


def _check_folders(config: Config, conv: Converter) -> None:
    """The folders the daemon writes or reads must be folders (a file in the way is a typo)."""
    data = config.data_dir
    blocker = next((p for p in (data, *data.parents) if p.exists()), None)
    if blocker is not None and not blocker.is_dir():
        where = "is a file" if blocker == data else f"cannot be created: {blocker} is a file"
        conv.at("data_dir", f"{data} {where}; data_dir must be a folder (created if missing)")
    messages = config.messages_dir
    if messages is not None and not messages.is_dir():
        what = "is not a folder" if messages.exists() else "does not exist"
        hint = "create it, or remove messages_dir to use the packaged texts"
        conv.at("messages_dir", f"{messages} {what}; {hint}")


def _check_rules(preset: str, rules: Mapping[str, Any], path: str, conv: Converter) -> None:
    """Check rule names and values against the engine's ``Rules``, when the engine is installed."""
    if not rules:
        return
    try:
        engine = importlib.import_module("dfg_bridge.engine")
        rules_cls = engine.Rules
    except (ImportError, AttributeError):
        return  # the engine is optional for config tooling; the host validates again on use
    known = {f.name for f in fields(rules_cls)}
    for name in rules:
        if name not in known:
            conv.at(f"{path}.{name}", "unknown rule option")
    try:
        rules_cls.preset(preset).replace(**{k: v for k, v in rules.items() if k in known})
    except (TypeError, ValueError) as exc:
        conv.at(path, f"not accepted by preset {preset!r}: {exc}")


def table_blocks(table: TableConfig, index: int) -> Iterator[tuple[BlockPos, str]]:
    """Every block a table occupies, with the config path that put it there."""
    base = f"tables[{index}]"
    yield table.centre, f"{base}.centre"
    for s, seat in enumerate(table.seats):
        yield seat.at, f"{base}.seats[{s}].at"
        for b, block in enumerate(seat.hand_box.blocks):
            yield block, f"{base}.seats[{s}].hand_box.blocks[{b}]"
    for f in fields(table.signs):
        sign = getattr(table.signs, f.name)
        if sign is not None:
            yield sign.at, f"{base}.signs.{f.name}.at"


def _bbox(blocks: list[BlockPos]) -> tuple[BlockPos, BlockPos]:
    low = (min(b[0] for b in blocks), min(b[1] for b in blocks), min(b[2] for b in blocks))
    high = (max(b[0] for b in blocks), max(b[1] for b in blocks), max(b[2] for b in blocks))
    return low, high


def _check_tables(config: Config, conv: Converter) -> None:
    ids: dict[str, int] = {}
    owner: dict[BlockPos, tuple[int, str]] = {}
    boxes: list[tuple[BlockPos, BlockPos]] = []
    for t, table in enumerate(config.tables):
        base = f"tables[{t}]"
        if table.id in ids:
            first = conv.line_of(f"tables[{ids[table.id]}].id")
            conv.at(f"{base}.id", f"duplicate table id {table.id!r} (first at line {first})")
        ids.setdefault(table.id, t)
        if not MIN_SEATS <= len(table.seats) <= MAX_SEATS:
            conv.at(f"{base}.seats", f"a table has {MIN_SEATS}-{MAX_SEATS} seats (got {len(table.seats)})")
        fill = table.game.cpu.fill_total
        if table.seats and fill > len(table.seats):
            path = f"{base}.game.cpu.fill_total"
            where = path if path in conv.lines else "game.cpu.fill_total"
            conv.error(
                conv.line_of(where, conv.line_of(base)),
                path,
                f"{fill} players do not fit on {len(table.seats)} seats",
            )
        if f"{base}.game.rules" in conv.lines or f"{base}.game.preset" in conv.lines:
            # Only a table's own rules or preset need a check of their own; inherited ones were checked.
            _check_rules(table.game.preset.value, table.game.rules, f"{base}.game.rules", conv)
        _check_hand_boxes(table, base, conv)
        if table.exit_pos is not None and config.custody.locker.contains(table.exit_pos):
            conv.at(f"{base}.exit_pos", f"block {list(table.exit_pos)} lies inside custody.locker")
        blocks = list(table_blocks(table, t))
        for pos, path in blocks:
            if config.custody.locker.contains(pos):
                conv.at(path, f"block {list(pos)} lies inside custody.locker")
            if pos in owner:
                other_t, other_path = owner[pos]
                whose = "this table" if other_t == t else f"table {config.tables[other_t].id!r}"
                where = f"{other_path}, line {conv.line_of(other_path)}"
                conv.at(path, f"block {list(pos)} is also used by {whose} ({where})")
            else:
                owner[pos] = (t, path)
        box = _bbox([pos for pos, _ in blocks])
        for o, other in enumerate(boxes):
            if all(box[0][i] <= other[1][i] and other[0][i] <= box[1][i] for i in range(3)):
                other_id = config.tables[o].id
                conv.at(
                    base,
                    f"table {table.id!r} overlaps the area of table {other_id!r} "
                    f"(line {conv.line_of(f'tables[{o}]')})",
                )
        boxes.append(box)
    if config.displays.sidebar and len(config.tables) > SIDEBAR_COLOURS:
        overflow = config.displays.sidebar_overflow.value
        conv.at(
            "tables",
            f"only {SIDEBAR_COLOURS} tables get a private sidebar; the rest: {overflow}",
            warning=True,
        )
    seats = sum(len(table.seats) for table in config.tables)
    if config.custody.locker.blocks() < 3 * seats:
        room = config.custody.locker.blocks()
        message = f"{room} blocks hold lockers for fewer than {seats} players (3 chests each)"
        conv.at("custody.locker", message, warning=True)


def _check_hand_boxes(table: TableConfig, base: str, conv: Converter) -> None:
    for s, seat in enumerate(table.seats):
        path = f"{base}.seats[{s}].hand_box"
        facing = seat.hand_box.facing or seat.facing.opposite()
        a, b = seat.hand_box.blocks
        side = list(Facing)[(list(Facing).index(facing) + 1) % 4]
        dx, dz = _STEP[side]
        if a[1] != b[1] or {(b[0] - a[0], b[2] - a[2]), (a[0] - b[0], a[2] - b[2])} != {(dx, dz), (-dx, -dz)}:
            conv.at(f"{path}.blocks", f"the 2 chest blocks must be side by side across facing {facing.value}")
