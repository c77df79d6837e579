"""``scoreboard`` and ``trigger`` (スコアボード) with vanilla's feedback and trigger locking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.scores import get_score, number_format, players_subcommand, wrap_int
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import (
    formatted,
    get_objective,
    require_player,
    text_arg,
)
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.world.scoreboard import Objective

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["cmd_scoreboard", "cmd_trigger"]


def cmd_scoreboard(ex: Executor, src: Source, call: Call) -> int:
    """Every ``scoreboard objectives …`` and ``scoreboard players …`` form."""
    if call.lit(1) == "objectives":
        return _objectives(ex, src, call)
    return players_subcommand(ex, src, call)


def _objectives(ex: Executor, src: Source, call: Call) -> int:
    world = ex.world
    sub = call.lit(2)
    if sub == "list":
        if not world.objectives:
            ex.success(src, ex.tr("commands.scoreboard.objectives.list.empty"), broadcast=False)
            return 0
        names = ", ".join(formatted(o) for o in world.objectives.values())
        ex.success(
            src,
            ex.tr("commands.scoreboard.objectives.list.success", len(world.objectives), names),
            broadcast=False,
        )
        return len(world.objectives)
    if sub == "add":
        name = str(call.arg("objective"))
        if name in world.objectives:
            raise CommandFailure(ex.tr("commands.scoreboard.objectives.add.duplicate"))
        display = text_arg(call.arg("displayName")) if "displayName" in call.args else {"text": name}
        objective = Objective(name, str(call.arg("criteria")), display)
        if objective.criterion in ("health",):
            objective.render_type = "hearts"
        world.objectives[name] = objective
        ex.success(
            src, ex.tr("commands.scoreboard.objectives.add.success", formatted(objective)), broadcast=True
        )
        return len(world.objectives)
    if sub == "remove":
        objective = get_objective(ex, call.arg("objective"))
        del world.objectives[objective.name]
        for slot, shown in list(world.display_slots.items()):
            if shown == objective.name:
                del world.display_slots[slot]
        ex.success(
            src, ex.tr("commands.scoreboard.objectives.remove.success", formatted(objective)), broadcast=True
        )
        return len(world.objectives)
    if sub == "setdisplay":
        slot = str(call.arg("slot"))
        if "objective" not in call.args:
            if slot not in world.display_slots:
                raise CommandFailure(ex.tr("commands.scoreboard.objectives.display.alreadyEmpty"))
            del world.display_slots[slot]
            ex.success(src, ex.tr("commands.scoreboard.objectives.display.cleared", slot), broadcast=True)
            return 0
        objective = get_objective(ex, call.arg("objective"))
        if world.display_slots.get(slot) == objective.name:
            raise CommandFailure(ex.tr("commands.scoreboard.objectives.display.alreadySet"))
        world.display_slots[slot] = objective.name
        ex.success(
            src,
            ex.tr("commands.scoreboard.objectives.display.set", slot, formatted(objective)),
            broadcast=True,
        )
        return 0
    # modify
    objective = get_objective(ex, call.arg("objective"))
    what = call.lit(3)
    if what == "displayname":
        objective.display_name = text_arg(call.arg("displayName"))
        ex.success(
            src,
            ex.tr("commands.scoreboard.objectives.modify.displayname", objective.name, formatted(objective)),
            broadcast=True,
        )
    elif what == "rendertype":
        objective.render_type = call.lit(4) or "integer"
        ex.success(
            src,
            ex.tr("commands.scoreboard.objectives.modify.rendertype", formatted(objective)),
            broadcast=True,
        )
    elif what == "displayautoupdate":
        objective.display_auto_update = bool(call.arg("value"))
        key = "enable" if objective.display_auto_update else "disable"
        ex.success(
            src,
            ex.tr(f"commands.scoreboard.objectives.modify.displayAutoUpdate.{key}", formatted(objective)),
            broadcast=True,
        )
    elif what == "numberformat":
        objective.number_format = number_format(call)
        key = "set" if objective.number_format is not None else "clear"
        ex.success(
            src,
            ex.tr(f"commands.scoreboard.objectives.modify.objectiveFormat.{key}", objective.name),
            broadcast=True,
        )
    return 0


def cmd_trigger(ex: Executor, src: Source, call: Call) -> int:
    """``trigger <objective> [add|set <value>]`` (``TriggerCommand``): needs an enabled score; re-locks it."""
    objective = get_objective(ex, call.arg("objective"))
    if not objective.is_trigger:
        raise CommandFailure(ex.tr("commands.trigger.failed.invalid"))
    player = require_player(ex, src)
    score = get_score(objective, player.name)
    if score.locked:
        raise CommandFailure(ex.tr("commands.trigger.failed.unprimed"))
    score.locked = True
    value = call.arg("value", None)
    if call.has("set"):
        assert isinstance(value, int)
        score.value = value
        ex.success(src, ex.tr("commands.trigger.set.success", formatted(objective), value), broadcast=True)
        return value
    if call.has("add"):
        assert isinstance(value, int)
        score.value = wrap_int(score.value + value)
        ex.success(src, ex.tr("commands.trigger.add.success", formatted(objective), value), broadcast=True)
        return score.value
    score.value = wrap_int(score.value + 1)
    ex.success(src, ex.tr("commands.trigger.simple.success", formatted(objective)), broadcast=True)
    return score.value
