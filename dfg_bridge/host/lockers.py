"""Locker containers (保管箱): where custody keeps players' items, and how to read and wipe them.

Lockers are barrels or chests in a box that players cannot reach; each holds :data:`LOCKER_SLOTS`
stacks. :class:`LockerLayout` is pure geometry; :class:`Lockers` sends the few commands custody needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.host.ports import CommandRenderer, CommandSink
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.replies.items import block_items

LOCKER_SLOTS = 27
"""Slots per locker container (a barrel or single chest)."""


@dataclass(frozen=True, slots=True)
class LockerLayout:
    """Where locker containers are: a box from ``origin`` of ``size`` (dx, dy, dz) blocks.

    Locker *i* is the *i*-th block in x, then z, then y order.

    >>> LockerLayout((0, 5, 0), (2, 1, 2)).position(3)
    (1, 5, 1)
    """

    origin: BlockPos
    size: tuple[int, int, int]

    @property
    def capacity(self) -> int:
        """How many lockers fit."""
        return self.size[0] * self.size[1] * self.size[2]

    def position(self, index: int) -> BlockPos:
        """Block position of locker ``index``."""
        dx, _dy, dz = self.size
        if not 0 <= index < self.capacity:
            raise IndexError(index)
        layer, rest = divmod(index, dx * dz)
        row, col = divmod(rest, dx)
        return (self.origin[0] + col, self.origin[1] + layer, self.origin[2] + row)

    def corners(self) -> tuple[BlockPos, BlockPos]:
        """The two opposite corners of the box (for ``fill`` and ``forceload``)."""
        x, y, z = self.origin
        dx, dy, dz = self.size
        return (x, y, z), (x + dx - 1, y + dy - 1, z + dz - 1)


class Lockers:
    """Reads and wipes locker containers through ``sink``."""

    def __init__(self, sink: CommandSink, renderer: CommandRenderer, layout: LockerLayout) -> None:
        self._sink = sink
        self._r = renderer
        self.layout = layout

    def read(self, indices: tuple[int, ...]) -> dict[tuple[int, str], str]:
        """Every stack in the lockers ``indices``: ``{(locker, "container.N"): stack}``."""
        out: dict[tuple[int, str], str] = {}
        for index in indices:
            reply = self._sink.run(self._r.read_container(self.layout.position(index)))
            for cslot, stack in block_items(reply).items():
                out[(index, cslot)] = stack
        return out

    def wipe(self, indices: tuple[int, ...]) -> None:
        """Empty every occupied slot of the lockers ``indices`` (read first: only what is there)."""
        for index in indices:
            pos = self.layout.position(index)
            for cslot in sorted(block_items(self._sink.run(self._r.read_container(pos)))):
                self._sink.run(self._r.empty_block_slot(pos, cslot))
