"""Positions and angles (座標): ``~1 ~ ~-2``, ``^ ^ ^1``, ``12 64 -3``, like vanilla's coordinate parsers."""

from __future__ import annotations

import math

from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.values import Angle, Coordinate, Coordinates

__all__ = ["angle", "block_pos", "column_pos", "rotation", "vec2", "vec3"]


def _mixed(r: StringReader) -> Exception:
    return r.error(ErrorCode.COORDINATES, "argument.pos.mixed")


def _world_int(r: StringReader) -> Coordinate:
    s = r.string
    if r.cursor < len(s) and s[r.cursor] == "^":
        raise _mixed(r)
    if r.cursor >= len(s):
        raise r.error(ErrorCode.COORDINATES, "argument.pos.missing.int")
    rel = s[r.cursor] == "~"
    if rel:
        r.cursor += 1
    start = r.cursor
    value = r.read_int() if r.cursor < len(s) and s[r.cursor] != " " else 0
    if rel and r.cursor == start:
        return Coordinate(0.0, relative=True)
    return Coordinate(float(value), relative=rel)


def _world_double(r: StringReader, center: bool) -> Coordinate:
    s = r.string
    if r.cursor < len(s) and s[r.cursor] == "^":
        raise _mixed(r)
    if r.cursor >= len(s):
        raise r.error(ErrorCode.COORDINATES, "argument.pos.missing.double")
    rel = s[r.cursor] == "~"
    if rel:
        r.cursor += 1
    start = r.cursor
    value = r.read_double() if r.cursor < len(s) and s[r.cursor] != " " else 0.0
    text = s[start : r.cursor]
    if rel and not text:
        return Coordinate(0.0, relative=True)
    if center and not rel and "." not in text:
        value += 0.5
    return Coordinate(value, relative=rel)


def _local_part(r: StringReader, start: int) -> Coordinate:
    s = r.string
    if r.cursor >= len(s):
        raise r.error(ErrorCode.COORDINATES, "argument.pos.missing.double")
    if s[r.cursor] != "^":
        r.cursor = start
        raise _mixed(r)
    r.cursor += 1
    value = r.read_double() if r.cursor < len(s) and s[r.cursor] != " " else 0.0
    return Coordinate(value, local=True)


def _incomplete(r: StringReader, start: int, key: str) -> Exception:
    r.cursor = start
    return r.error(ErrorCode.COORDINATES, key)


def _space(r: StringReader) -> bool:
    if r.cursor < len(r.string) and r.string[r.cursor] == " ":
        r.cursor += 1
        return True
    return False


def _local(r: StringReader) -> Coordinates:
    start = r.cursor
    x = _local_part(r, start)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    y = _local_part(r, start)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    return Coordinates((x, y, _local_part(r, start)))


def block_pos(r: StringReader) -> Coordinates:
    """``minecraft:block_pos`` (integers, ``~`` or ``^``)."""
    if r.cursor < len(r.string) and r.string[r.cursor] == "^":
        return _local(r)
    start = r.cursor
    x = _world_int(r)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    y = _world_int(r)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    return Coordinates((x, y, _world_int(r)))


def vec3(r: StringReader) -> Coordinates:
    """``minecraft:vec3``; whole numbers for x and z are centred (+0.5) as in vanilla."""
    if r.cursor < len(r.string) and r.string[r.cursor] == "^":
        return _local(r)
    start = r.cursor
    x = _world_double(r, True)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    y = _world_double(r, False)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos3d.incomplete")
    return Coordinates((x, y, _world_double(r, True)))


def vec2(r: StringReader) -> Coordinates:
    """``minecraft:vec2``: (x, z), centred."""
    start = r.cursor
    if r.cursor >= len(r.string):
        raise r.error(ErrorCode.COORDINATES, "argument.pos2d.incomplete")
    x = _world_double(r, True)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos2d.incomplete")
    return Coordinates((x, _world_double(r, True)))


def column_pos(r: StringReader) -> Coordinates:
    """``minecraft:column_pos``: (x, z) integers."""
    start = r.cursor
    if r.cursor >= len(r.string):
        raise r.error(ErrorCode.COORDINATES, "argument.pos2d.incomplete")
    x = _world_int(r)
    if not _space(r):
        raise _incomplete(r, start, "argument.pos2d.incomplete")
    return Coordinates((x, _world_int(r)))


def rotation(r: StringReader) -> Coordinates:
    """``minecraft:rotation``: (yaw, pitch)."""
    start = r.cursor
    if r.cursor >= len(r.string):
        raise r.error(ErrorCode.COORDINATES, "argument.rotation.incomplete")
    yaw = _world_double(r, False)
    if not _space(r):
        raise _incomplete(r, start, "argument.rotation.incomplete")
    return Coordinates((yaw, _world_double(r, False)))


def angle(r: StringReader) -> Angle:
    """``minecraft:angle`` (``90``, ``~``, ``~-10``)."""
    s = r.string
    if r.cursor >= len(s):
        raise r.error(ErrorCode.COORDINATES, "argument.angle.incomplete")
    rel = s[r.cursor] == "~"
    if rel:
        r.cursor += 1
    value = r.read_float() if r.cursor < len(s) and s[r.cursor] != " " else 0.0
    if math.isnan(value) or math.isinf(value):
        raise r.error(ErrorCode.COORDINATES, "argument.angle.invalid")
    return Angle(value, rel)
