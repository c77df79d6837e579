"""``scoreboard players …`` (スコア操作) with vanilla's feedback."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.selectors import score_holders
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import (
    formatted,
    get_objective,
    text_arg,
    writable_objective,
)
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.world.scoreboard import Objective, Score
from dfg_bridge.sim.world.text import plain_text

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["get_score", "number_format", "players_subcommand", "wrap_int"]

INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def wrap_int(value: int) -> int:
    """Java int overflow."""
    return (value - INT_MIN) % (2**32) + INT_MIN


def get_score(objective: Objective, holder: str) -> Score:
    """``getOrCreatePlayerScore``: a new score is 0 and locked."""
    score = objective.scores.get(holder)
    if score is None:
        score = objective.scores[holder] = Score()
    return score


def number_format(call: Call) -> Any:
    if call.has("blank"):
        return ("blank",)
    if call.has("fixed"):
        return ("fixed", text_arg(call.arg("contents")))
    if call.has("styled"):
        return ("styled", call.arg("style"))
    return None


def _single_or_many(
    ex: Executor, src: Source, holders: list[str], key: str, *, single: tuple[Any, ...], many: tuple[Any, ...]
) -> None:
    if len(holders) == 1:
        ex.success(src, ex.tr(key + ".single", *single), broadcast=True)
    else:
        ex.success(src, ex.tr(key + ".multiple", *many), broadcast=True)


def players_subcommand(ex: Executor, src: Source, call: Call) -> int:
    """Every ``scoreboard players …`` form."""
    world = ex.world
    sub = call.lit(2)
    if sub == "list":
        return _list(ex, src, call)
    if sub == "get":
        holder = score_holders(ex, src, call.arg("target"))[0]
        objective = get_objective(ex, call.arg("objective"))
        score = objective.scores.get(holder)
        if score is None:
            raise CommandFailure(ex.tr("commands.scoreboard.players.get.null", objective.name, holder))
        ex.success(
            src,
            ex.tr(
                "commands.scoreboard.players.get.success",
                world.holder_display(holder),
                score.value,
                formatted(objective),
            ),
            broadcast=False,
        )
        return score.value
    holders = score_holders(ex, src, call.arg("targets"))
    if sub in ("set", "add", "remove"):
        objective = writable_objective(ex, call.arg("objective"))
        amount = call.arg("score")
        assert isinstance(amount, int)
        total = 0
        for holder in holders:
            score = get_score(objective, holder)
            if sub == "set":
                score.value = amount
            elif sub == "add":
                score.value = wrap_int(score.value + amount)
            else:
                score.value = wrap_int(score.value - amount)
            total += score.value
        last = objective.scores[holders[-1]].value
        shown = world.holder_display(holders[0])
        if sub == "set":
            _single_or_many(
                ex,
                src,
                holders,
                "commands.scoreboard.players.set.success",
                single=(formatted(objective), shown, amount),
                many=(formatted(objective), len(holders), amount),
            )
            return amount * len(holders)
        _single_or_many(
            ex,
            src,
            holders,
            f"commands.scoreboard.players.{sub}.success",
            single=(amount, formatted(objective), shown, last),
            many=(amount, formatted(objective), len(holders)),
        )
        return total
    if sub == "reset":
        if "objective" in call.args:
            objective = get_objective(ex, call.arg("objective"))
            for holder in holders:
                objective.scores.pop(holder, None)
            _single_or_many(
                ex,
                src,
                holders,
                "commands.scoreboard.players.reset.specific",
                single=(formatted(objective), world.holder_display(holders[0])),
                many=(formatted(objective), len(holders)),
            )
        else:
            for holder in holders:
                for objective in world.objectives.values():
                    objective.scores.pop(holder, None)
            _single_or_many(
                ex,
                src,
                holders,
                "commands.scoreboard.players.reset.all",
                single=(world.holder_display(holders[0]),),
                many=(len(holders),),
            )
        return len(holders)
    if sub == "enable":
        objective = get_objective(ex, call.arg("objective"))
        if not objective.is_trigger:
            raise CommandFailure(ex.tr("commands.scoreboard.players.enable.invalid"))
        enabled = 0
        for holder in holders:
            score = get_score(objective, holder)
            if score.locked:
                score.locked = False
                enabled += 1
        if enabled == 0:
            raise CommandFailure(ex.tr("commands.scoreboard.players.enable.failed"))
        _single_or_many(
            ex,
            src,
            holders,
            "commands.scoreboard.players.enable.success",
            single=(formatted(objective), world.holder_display(holders[0])),
            many=(formatted(objective), len(holders)),
        )
        return enabled
    if sub == "operation":
        return _operation(ex, src, call, holders)
    if sub == "display":
        return _display(ex, src, call, holders)
    ex.unmodelled["scoreboard players " + sub] += 1
    return 0


def _list(ex: Executor, src: Source, call: Call) -> int:
    world = ex.world
    if "target" in call.args:
        holder = score_holders(ex, src, call.arg("target"))[0]
        entries = [(o, o.scores[holder]) for o in world.objectives.values() if holder in o.scores]
        shown = world.holder_display(holder)
        if not entries:
            ex.success(src, ex.tr("commands.scoreboard.players.list.entity.empty", shown), broadcast=False)
            return 0
        ex.success(
            src,
            ex.tr("commands.scoreboard.players.list.entity.success", shown, len(entries)),
            broadcast=False,
        )
        for objective, score in entries:
            ex.success(
                src,
                ex.tr("commands.scoreboard.players.list.entity.entry", formatted(objective), score.value),
                broadcast=False,
            )
        return len(entries)
    seen: dict[str, None] = {}
    for objective in world.objectives.values():
        for name in objective.scores:
            seen[name] = None
    if not seen:
        ex.success(src, ex.tr("commands.scoreboard.players.list.empty"), broadcast=False)
        return 0
    ex.success(
        src, ex.tr("commands.scoreboard.players.list.success", len(seen), ", ".join(seen)), broadcast=False
    )
    return len(seen)


def _operation(ex: Executor, src: Source, call: Call, holders: list[str]) -> int:
    target_obj = writable_objective(ex, call.arg("targetObjective"))
    source_obj = get_objective(ex, call.arg("sourceObjective"))
    sources = score_holders(ex, src, call.arg("source"))
    op = str(call.arg("operation"))
    total = 0
    for holder in holders:
        target = get_score(target_obj, holder)
        for other_name in sources:
            other = get_score(source_obj, other_name)
            a, b = target.value, other.value
            if op == "=":
                a = b
            elif op == "+=":
                a = wrap_int(a + b)
            elif op == "-=":
                a = wrap_int(a - b)
            elif op == "*=":
                a = wrap_int(a * b)
            elif op == "/=":
                if b == 0:
                    raise CommandFailure(ex.tr("arguments.operation.div0"))
                a = a // b
            elif op == "%=":
                if b == 0:
                    raise CommandFailure(ex.tr("arguments.operation.div0"))
                a = a % b  # Java floorMod
            elif op == "<":
                a = min(a, b)
            elif op == ">":
                a = max(a, b)
            elif op == "><":
                other.value = a
                a = b
            target.value = a
        total += target.value
    if len(holders) == 1:
        value = target_obj.scores[holders[0]].value
        ex.success(
            src,
            ex.tr(
                "commands.scoreboard.players.operation.success.single",
                formatted(target_obj),
                ex.world.holder_display(holders[0]),
                value,
            ),
            broadcast=True,
        )
    else:
        ex.success(
            src,
            ex.tr(
                "commands.scoreboard.players.operation.success.multiple", formatted(target_obj), len(holders)
            ),
            broadcast=True,
        )
    return total


def _display(ex: Executor, src: Source, call: Call, holders: list[str]) -> int:
    objective = get_objective(ex, call.arg("objective"))
    shown = ex.world.holder_display(holders[0])
    if call.lit(3) == "name":
        if "name" in call.args:
            name = text_arg(call.arg("name"))
            for holder in holders:
                get_score(objective, holder).display_name = name
            _single_or_many(
                ex,
                src,
                holders,
                "commands.scoreboard.players.display.name.set.success",
                single=(plain_text(name), shown, formatted(objective)),
                many=(plain_text(name), len(holders), formatted(objective)),
            )
        else:
            for holder in holders:
                get_score(objective, holder).display_name = None
            _single_or_many(
                ex,
                src,
                holders,
                "commands.scoreboard.players.display.name.clear.success",
                single=(shown, formatted(objective)),
                many=(len(holders), formatted(objective)),
            )
        return len(holders)
    fmt = number_format(call)
    for holder in holders:
        get_score(objective, holder).number_format = fmt
    key = "set" if fmt is not None else "clear"
    _single_or_many(
        ex,
        src,
        holders,
        f"commands.scoreboard.players.display.numberFormat.{key}.success",
        single=(shown, formatted(objective)),
        many=(len(holders), formatted(objective)),
    )
    return len(holders)
