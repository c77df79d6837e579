"""Items in player and container slots (アイテム): ``item``, ``give``, ``clear``, ``data get``."""

from __future__ import annotations

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.render.base import DialectBase
from dfg_bridge.render.errors import RenderError


class ItemCommands(DialectBase):
    """Writing, copying, clearing and reading items."""

    def our_items(self, tag: str | None = None) -> str:
        """The item predicate for our items: ``*[custom_data~{dfg:{}}]``, or one tag's items.

        ``~`` is a partial match, so every item carrying ``custom_data.dfg`` matches.
        """
        data = "{dfg:{}}" if tag is None else self.custom_data(tag)
        return f"*[custom_data~{data}]"

    def our_items_except(self, tag: str) -> str:
        """Our items except those tagged ``tag``: ``*[custom_data~{dfg:{}},!custom_data~{dfg:{id:"<tag>"}}]``.

        The hand screen clears every card a player took while sparing their key book.
        """
        return f"*[custom_data~{{dfg:{{}}}},!custom_data~{self.custom_data(self.name(tag, 'tag'))}]"

    def item_to_player(self, target: str, slot: str, spec: ItemSpec) -> str:
        """``item replace entity <target> <slot> with <item> <count>``."""
        return (
            f"item replace entity {self.target(target)} {self.slot(slot)} with "
            f"{self.item_arg(spec)} {self.count(spec.count)}"
        )

    def item_to_block(self, pos: BlockPos, slot: str, spec: ItemSpec) -> str:
        """``item replace block <x y z> <slot> with <item> <count>`` (a container slot)."""
        return (
            f"item replace block {self.block_pos(pos)} {self.slot(slot)} with "
            f"{self.item_arg(spec)} {self.count(spec.count)}"
        )

    def empty_player_slot(self, target: str, slot: str) -> str:
        """``item replace entity <target> <slot> with air`` (empties the slot)."""
        return f"item replace entity {self.target(target)} {self.slot(slot)} with air"

    def empty_block_slot(self, pos: BlockPos, slot: str) -> str:
        """``item replace block <x y z> <slot> with air``."""
        return f"item replace block {self.block_pos(pos)} {self.slot(slot)} with air"

    def copy_player_to_block(self, player: str, player_slot: str, pos: BlockPos, slot: str) -> str:
        """``item replace block <x y z> <slot> from entity <player> <player_slot>``.

        The copy is exact (all components), which custody relies on.
        """
        return (
            f"item replace block {self.block_pos(pos)} {self.slot(slot)} "
            f"from entity {self.target(player)} {self.slot(player_slot)}"
        )

    def copy_block_to_player(self, pos: BlockPos, slot: str, player: str, player_slot: str) -> str:
        """``item replace entity <player> <player_slot> from block <x y z> <slot>`` (restore)."""
        return (
            f"item replace entity {self.target(player)} {self.slot(player_slot)} "
            f"from block {self.block_pos(pos)} {self.slot(slot)}"
        )

    def give(self, target: str, spec: ItemSpec) -> str:
        """``give <target> <item> <count>``."""
        return f"give {self.target(target)} {self.item_arg(spec)} {self.count(spec.count)}"

    def clear(self, target: str, predicate: str | None = None, max_count: int | None = None) -> str:
        """``clear <target> [<predicate> [<max>]]``; the predicate defaults to :meth:`our_items`.

        ``max_count=0`` removes nothing and only counts (see :meth:`count_items`).
        """
        pred = self.our_items() if predicate is None else predicate
        cmd = f"clear {self.target(target)} {pred}"
        if max_count is not None:
            if max_count < 0:
                raise RenderError("bad_number", "clear count must not be negative")
            cmd += f" {max_count}"
        return cmd

    def count_items(self, target: str, predicate: str | None = None) -> str:
        """``clear <target> <predicate> 0``: replies ``Found N matching item(s) on player P``."""
        return self.clear(target, predicate, 0)

    def clear_container(self, pos: BlockPos) -> str:
        """``data merge block <x y z> {Items:[]}``: empties a container in one command."""
        return f"data merge block {self.block_pos(pos)} {{Items:[]}}"

    def read_container(self, pos: BlockPos) -> str:
        """``data get block <x y z> Items`` (the reply can exceed 4096 characters)."""
        return self.read_block(pos, "Items")

    def read_block(self, pos: BlockPos, path: str) -> str:
        """``data get block <x y z> <path>``; ``path`` is a plain NBT path (``Items``, ``lock``)."""
        if not path or any(ch.isspace() for ch in path):
            raise RenderError("bad_path", f"not an NBT path: {path!r}")
        return f"data get block {self.block_pos(pos)} {path}"

    def read_entity(self, target: str, path: str | None = None) -> str:
        """``data get entity <target> [<path>]``; ``path`` is a plain NBT path (``Pos``, ``Inventory``)."""
        cmd = f"data get entity {self.target(target)}"
        if path is not None:
            if not path or any(ch.isspace() for ch in path):
                raise RenderError("bad_path", f"not an NBT path: {path!r}")
            cmd += f" {path}"
        return cmd
