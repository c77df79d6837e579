"""Item slot names (スロット名) → vanilla indices, per version (``SlotRanges``)."""

from __future__ import annotations

import functools

from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.values import ItemSlot, ItemSlots

__all__ = ["item_slot_parser", "item_slots_parser", "slot_table"]


@functools.cache
def slot_table(saddle_slot: bool) -> dict[str, tuple[int, ...]]:
    """Every slot name and wildcard with the indices it covers.

    ``saddle_slot`` (1.21.5+): the saddle is the equipment slot ``saddle`` (106); before it was
    ``horse.saddle`` (400). Checked against decompiled ``SlotRanges`` (a horse.saddle build and 1.21.11).
    """
    table: dict[str, tuple[int, ...]] = {"contents": (0,)}

    def run(prefix: str, offset: int, size: int) -> None:
        for i in range(size):
            table[f"{prefix}{i}"] = (offset + i,)
        table[f"{prefix}*"] = tuple(range(offset, offset + size))

    run("container.", 0, 54)
    run("hotbar.", 0, 9)
    run("inventory.", 9, 27)
    run("enderchest.", 200, 27)
    run("villager.", 300, 8)
    run("horse.", 500, 15)
    table["weapon"] = (98,)
    table["weapon.mainhand"] = (98,)
    table["weapon.offhand"] = (99,)
    table["weapon.*"] = (98, 99)
    table["armor.head"] = (103,)
    table["armor.chest"] = (102,)
    table["armor.legs"] = (101,)
    table["armor.feet"] = (100,)
    table["armor.body"] = (105,)
    table["armor.*"] = (100, 101, 102, 103, 105)
    if saddle_slot:
        table["saddle"] = (106,)
    else:
        table["horse.saddle"] = (400,)
    table["horse.chest"] = (499,)
    table["player.cursor"] = (499,)
    run("player.crafting.", 500, 4)
    return table


def item_slot_parser(env: GrammarEnv) -> object:
    """``minecraft:item_slot``: one slot name."""
    table = slot_table(env.version.at_least(21, 5))

    def parse(r: StringReader) -> ItemSlot:
        name = r.read_word()
        ids = table.get(name)
        if ids is None:
            raise r.error(ErrorCode.SLOT, "slot.unknown", name)
        if len(ids) != 1:
            raise r.error(ErrorCode.SLOT, "slot.only_single_allowed", name)
        return ItemSlot(name, ids[0])

    return parse


def item_slots_parser(env: GrammarEnv) -> object:
    """``minecraft:item_slots``: a slot name or a ``*`` range."""
    table = slot_table(env.version.at_least(21, 5))

    def parse(r: StringReader) -> ItemSlots:
        name = r.read_word()
        ids = table.get(name)
        if ids is None:
            raise r.error(ErrorCode.SLOT, "slot.unknown", name)
        return ItemSlots(name, ids)

    return parse
