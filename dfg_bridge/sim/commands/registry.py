"""Command name → handler (コマンド表)."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.commands import blocks, display, entities, items, scoreboard, teams

__all__ = ["HANDLERS"]

HANDLERS: dict[str, Callable[..., int]] = {
    # each is a ``core.Handler``: (executor, source, call) -> Brigadier's result
    "give": items.cmd_give,
    "item": items.cmd_item,
    "clear": items.cmd_clear,
    "scoreboard": scoreboard.cmd_scoreboard,
    "trigger": scoreboard.cmd_trigger,
    "team": teams.cmd_team,
    "bossbar": teams.cmd_bossbar,
    "tellraw": display.cmd_tellraw,
    "title": display.cmd_title,
    "say": display.cmd_say,
    "me": display.cmd_me,
    "msg": display.cmd_msg,
    "tell": display.cmd_msg,
    "w": display.cmd_msg,
    "list": display.cmd_list,
    "dialog": display.cmd_dialog,
    "stop": display.cmd_stop,
    "summon": entities.cmd_summon,
    "kill": entities.cmd_kill,
    "tp": entities.cmd_teleport,
    "teleport": entities.cmd_teleport,
    "ride": entities.cmd_ride,
    "gamemode": entities.cmd_gamemode,
    "tag": entities.cmd_tag,
    "effect": entities.cmd_effect,
    "playsound": display.cmd_playsound,
    "setblock": blocks.cmd_setblock,
    "fill": blocks.cmd_fill,
    "forceload": blocks.cmd_forceload,
    "data": blocks.cmd_data,
    "gamerule": blocks.cmd_gamerule,
}
"""Every command the sim models; a valid command not listed here is counted as ``unmodelled``."""
