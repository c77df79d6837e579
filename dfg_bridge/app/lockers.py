"""The custody lockers in the world (預かり箱): where they stand, how they are sealed, how to verify it.

``custody.locker`` is the box of locker barrels. ``dfg-bridge setup`` (and the daemon at start) fills it
with barrels that no held item opens (:meth:`~dfg_bridge.render.Dialect.sealed_lock_nbt`), wraps it in a
one-block shell of bedrock — which no survival player breaks, no piston moves and no explosion
destroys, and through which no hopper reaches a barrel — and force-loads it. ``dfg-bridge check``
verifies the shell and the locks. The default box lies at the bottom of the world under the first
table (y −63 to −62, shell −64 to −61).

Placing never empties a barrel: barrels go only where there is air (``keep``) or a block a pickaxe,
shovel or hoe mines (stone, deepslate, ores, dirt, gravel, sculk …) or bedrock, water or lava — never
over a block an axe mines, which barrels and chests are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dfg_bridge.host.ports import CommandSink
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.render import Dialect

SHELL_BLOCK = "minecraft:bedrock"
"""What the shell is made of."""
SEALING_BLOCKS = ("minecraft:bedrock", "minecraft:barrier")
"""Blocks ``check`` accepts in the shell: a survival player breaks neither."""
LOCKER_BLOCK = "minecraft:barrel"
REPLACEABLE = (
    "#minecraft:mineable/pickaxe",
    "#minecraft:mineable/shovel",
    "#minecraft:mineable/hoe",
    "minecraft:bedrock",
    "minecraft:water",
    "minecraft:lava",
)
"""What a locker may replace when first placed (underground: stone, deepslate, natural bedrock …)."""

_AXES = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


@dataclass(frozen=True, slots=True)
class Face:
    """One side of the shell: a one-block-thick rectangle from ``low`` to ``high``."""

    name: str
    low: BlockPos
    high: BlockPos


@dataclass(frozen=True, slots=True)
class LockerBox:
    """The locker barrels fill ``low``..``high``; the shell is the layer of blocks around them.

    >>> box = LockerBox.spanning((7, -62, 7), (-8, -63, -8))
    >>> box.low, box.shell_low, box.shell_high, box.capacity
    ((-8, -63, -8), (-9, -64, -9), (8, -61, 8), 512)
    """

    low: BlockPos
    high: BlockPos

    @classmethod
    def spanning(cls, a: BlockPos, b: BlockPos) -> LockerBox:
        """The box with opposite corners ``a`` and ``b``."""
        low = (min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]))
        high = (max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]))
        return cls(low, high)

    @property
    def shell_low(self) -> BlockPos:
        """The shell's lowest corner."""
        return (self.low[0] - 1, self.low[1] - 1, self.low[2] - 1)

    @property
    def shell_high(self) -> BlockPos:
        """The shell's highest corner."""
        return (self.high[0] + 1, self.high[1] + 1, self.high[2] + 1)

    @property
    def capacity(self) -> int:
        """How many barrels the box holds."""
        dx, dy, dz = (h - low + 1 for h, low in zip(self.high, self.low, strict=True))
        return dx * dy * dz

    def columns(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The ``(x, z)`` corners to force-load: the shell's, so hoppers' and redstone chunks load too."""
        return (self.shell_low[0], self.shell_low[2]), (self.shell_high[0], self.shell_high[2])

    def faces(self) -> tuple[Face, ...]:
        """The shell's six sides (they share their edges)."""
        lo, hi = self.shell_low, self.shell_high
        return (
            Face("bottom", lo, (hi[0], lo[1], hi[2])),
            Face("top", (lo[0], hi[1], lo[2]), hi),
            Face("north", lo, (hi[0], hi[1], lo[2])),
            Face("south", (lo[0], lo[1], hi[2]), hi),
            Face("west", lo, (lo[0], hi[1], hi[2])),
            Face("east", (hi[0], lo[1], lo[2]), hi),
        )

    def positions(self) -> Iterator[BlockPos]:
        """Every locker position."""
        for y in range(self.low[1], self.high[1] + 1):
            for z in range(self.low[2], self.high[2] + 1):
                for x in range(self.low[0], self.high[0] + 1):
                    yield (x, y, z)


def uniform_face_commands(d: Dialect, face: Face) -> list[str]:
    """Tests that pass only when every block of ``face`` is the same block.

    The face is compared with itself shifted by one block along each of its two long axes: equal
    neighbours everywhere means one block throughout, which one ``execute if block`` then names.
    """
    out = []
    for index, axis in enumerate(_AXES):
        if face.high[index] - face.low[index] < 1:
            continue
        end = (face.high[0] - axis[0], face.high[1] - axis[1], face.high[2] - axis[2])
        dest = (face.low[0] + axis[0], face.low[1] + axis[1], face.low[2] + axis[2])
        out.append(d.test_blocks(face.low, end, dest))
    return out


def _passed(sink: CommandSink, command: str) -> bool:
    return sink.run(command).startswith("Test passed")


def open_faces(sink: CommandSink, d: Dialect, box: LockerBox) -> list[str]:
    """The names of the shell's sides that are not wholly bedrock (or barrier)."""
    found = []
    for face in box.faces():
        sealed = all(_passed(sink, cmd) for cmd in uniform_face_commands(d, face)) and any(
            _passed(sink, d.test_block(face.low, block)) for block in SEALING_BLOCKS
        )
        if not sealed:
            found.append(face.name)
    return found


def has_locker(sink: CommandSink, d: Dialect, box: LockerBox) -> bool:
    """Whether the box's first locker is a barrel (``setup`` or the daemon placed the lockers)."""
    return _passed(sink, d.test_block(box.low, LOCKER_BLOCK))


def is_locked(sink: CommandSink, d: Dialect, pos: BlockPos) -> bool:
    """Whether the container at ``pos`` has a lock (``Lock`` or ``lock``)."""
    return "has the following block data" in sink.run(d.read_block(pos, d.lock_path()))


__all__ = [
    "LOCKER_BLOCK",
    "REPLACEABLE",
    "SEALING_BLOCKS",
    "SHELL_BLOCK",
    "Face",
    "LockerBox",
    "has_locker",
    "is_locked",
    "open_faces",
    "uniform_face_commands",
]
