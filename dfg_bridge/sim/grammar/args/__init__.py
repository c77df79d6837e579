"""Argument parsers (引数パーサー) by Brigadier parser id; see :func:`make_parser`."""

from __future__ import annotations

from typing import Any

from dfg_bridge.sim.grammar.args import basic, blocks, coords, items, nbt_path, slots, targets, textargs
from dfg_bridge.sim.grammar.args.common import read_float_range, read_int_range
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.snbt import read_compound, read_value
from dfg_bridge.sim.grammar.tree import ArgParser

__all__ = ["make_parser"]


def make_parser(parser_id: str, modifier: dict[str, Any] | None, env: GrammarEnv) -> ArgParser | None:
    """The parser for one argument type of the tree, or ``None`` when we do not know the type."""
    mod = modifier or {}
    found = basic.brigadier_parser(parser_id, modifier) or basic.simple_parser(parser_id, modifier, env)
    if found is not None:
        return found
    v2 = env.snbt_v2
    table: dict[str, Any] = {
        "minecraft:angle": lambda: coords.angle,
        "minecraft:block_pos": lambda: coords.block_pos,
        "minecraft:column_pos": lambda: coords.column_pos,
        "minecraft:vec2": lambda: coords.vec2,
        "minecraft:vec3": lambda: coords.vec3,
        "minecraft:rotation": lambda: coords.rotation,
        "minecraft:entity": lambda: targets.entity_parser(
            env, mod.get("amount") == "single", mod.get("type") == "players"
        ),
        "minecraft:game_profile": lambda: targets.game_profile_parser(env),
        "minecraft:score_holder": lambda: targets.score_holder_parser(env, mod.get("amount") != "single"),
        "minecraft:message": lambda: targets.message_parser(env),
        "minecraft:item_stack": lambda: items.item_stack_parser(env),
        "minecraft:item_predicate": lambda: items.item_predicate_parser(env),
        "minecraft:item_slot": lambda: slots.item_slot_parser(env),
        "minecraft:item_slots": lambda: slots.item_slots_parser(env),
        "minecraft:block_state": lambda: blocks.block_state_parser(env),
        "minecraft:block_predicate": lambda: blocks.block_predicate_parser(env),
        "minecraft:nbt_path": lambda: nbt_path.nbt_path_parser(env),
        "minecraft:nbt_compound_tag": lambda: lambda r: read_compound(r, v2),
        "minecraft:nbt_tag": lambda: lambda r: read_value(r, v2),
        "minecraft:int_range": lambda: read_int_range,
        "minecraft:float_range": lambda: read_float_range,
        "minecraft:component": lambda: textargs.component_parser(env),
        "minecraft:style": lambda: textargs.style_parser(env),
        "minecraft:dialog": lambda: textargs.dialog_parser(env),
        "minecraft:loot_table": lambda: textargs.inline_or_id_parser(env),
        "minecraft:loot_predicate": lambda: textargs.inline_or_id_parser(env),
        "minecraft:loot_modifier": lambda: textargs.modifier_parser(env),
        "minecraft:particle": lambda: textargs.particle_parser(env),
    }
    make = table.get(parser_id)
    if make is None:
        return None
    parser: ArgParser = make()
    return parser
