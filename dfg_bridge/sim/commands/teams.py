"""``team`` and ``bossbar`` (チーム・ボスバー) with vanilla's feedback."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.selectors import find_players, score_holders
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import text_arg
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.world.scoreboard import BossBar, Team
from dfg_bridge.sim.world.text import plain_text

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["cmd_bossbar", "cmd_team"]

_TEAM_OPTIONS = {
    "nametagVisibility": ("nametag_visibility", "commands.team.option.nametagVisibility"),
    "deathMessageVisibility": ("death_message_visibility", "commands.team.option.deathMessageVisibility"),
    "collisionRule": ("collision_rule", "commands.team.option.collisionRule"),
}


def _team_shown(team: Team) -> str:
    """``PlayerTeam.getFormattedDisplayName()``: the display name in brackets."""
    return f"[{plain_text(team.display_name)}]"


def _get_team(ex: Executor, name: object) -> Team:
    team = ex.world.teams.get(str(name))
    if team is None:
        raise CommandFailure(
            ex.tr("team.notFound", name) if ex.texts.has("team.notFound") else f"Unknown team '{name}'"
        )
    return team


def cmd_team(ex: Executor, src: Source, call: Call) -> int:
    """``team add|remove|empty|join|leave|modify|list``."""
    world = ex.world
    sub = call.lit(1)
    if sub == "add":
        name = str(call.arg("team"))
        if name in world.teams:
            raise CommandFailure(ex.tr("commands.team.add.duplicate"))
        display = text_arg(call.arg("displayName")) if "displayName" in call.args else {"text": name}
        team = world.teams[name] = Team(name, display)
        ex.success(src, ex.tr("commands.team.add.success", _team_shown(team)), broadcast=True)
        return len(world.teams)
    if sub == "list":
        if "team" in call.args:
            team = _get_team(ex, call.arg("team"))
            if not team.members:
                ex.success(src, ex.tr("commands.team.list.members.empty", _team_shown(team)), broadcast=False)
                return 0
            ex.success(
                src,
                ex.tr(
                    "commands.team.list.members.success",
                    _team_shown(team),
                    len(team.members),
                    ", ".join(team.members),
                ),
                broadcast=False,
            )
            return len(team.members)
        if not world.teams:
            ex.success(src, ex.tr("commands.team.list.teams.empty"), broadcast=False)
            return 0
        shown = ", ".join(_team_shown(t) for t in world.teams.values())
        ex.success(src, ex.tr("commands.team.list.teams.success", len(world.teams), shown), broadcast=False)
        return len(world.teams)
    if sub == "leave":
        holders = score_holders(ex, src, call.arg("members"))
        for holder in holders:
            current = world.team_of(holder)
            if current is not None:
                current.members.remove(holder)
        if len(holders) == 1:
            ex.success(
                src,
                ex.tr("commands.team.leave.success.single", world.holder_display(holders[0])),
                broadcast=True,
            )
        else:
            ex.success(src, ex.tr("commands.team.leave.success.multiple", len(holders)), broadcast=True)
        return len(holders)
    team = _get_team(ex, call.arg("team"))
    if sub == "remove":
        del world.teams[team.name]
        ex.success(src, ex.tr("commands.team.remove.success", _team_shown(team)), broadcast=True)
        return len(world.teams)
    if sub == "empty":
        if not team.members:
            raise CommandFailure(ex.tr("commands.team.empty.unchanged"))
        count = len(team.members)
        team.members.clear()
        ex.success(src, ex.tr("commands.team.empty.success", count, _team_shown(team)), broadcast=True)
        return count
    if sub == "join":
        if "members" in call.args:
            holders = score_holders(ex, src, call.arg("members"))
        elif src.entity is not None:
            holders = [src.entity.name if src.entity.is_player else src.entity.uuid]
        else:
            raise CommandFailure(ex.tr("permissions.requires.entity"))
        for holder in holders:
            current = world.team_of(holder)
            if current is not None:
                current.members.remove(holder)
            team.members.append(holder)
        if len(holders) == 1:
            ex.success(
                src,
                ex.tr(
                    "commands.team.join.success.single", world.holder_display(holders[0]), _team_shown(team)
                ),
                broadcast=True,
            )
        else:
            ex.success(
                src,
                ex.tr("commands.team.join.success.multiple", len(holders), _team_shown(team)),
                broadcast=True,
            )
        return len(holders)
    return _modify(ex, src, call, team)


def _modify(ex: Executor, src: Source, call: Call, team: Team) -> int:
    option = call.lit(2)
    if option == "displayName":
        name = text_arg(call.arg("displayName"))
        if name == team.display_name:
            raise CommandFailure(ex.tr("commands.team.option.name.unchanged"))
        team.display_name = name
        ex.success(src, ex.tr("commands.team.option.name.success", _team_shown(team)), broadcast=True)
    elif option == "prefix":
        team.prefix = text_arg(call.arg("prefix"))
        ex.success(
            src, ex.tr("commands.team.option.prefix.success", plain_text(team.prefix)), broadcast=False
        )
        return 1
    elif option == "suffix":
        team.suffix = text_arg(call.arg("suffix"))
        ex.success(
            src, ex.tr("commands.team.option.suffix.success", plain_text(team.suffix)), broadcast=False
        )
        return 1
    elif option == "color":
        color = str(call.arg("value"))
        if color == team.color:
            raise CommandFailure(ex.tr("commands.team.option.color.unchanged"))
        team.color = color
        ex.success(src, ex.tr("commands.team.option.color.success", _team_shown(team), color), broadcast=True)
    elif option in ("friendlyFire", "seeFriendlyInvisibles"):
        flag = bool(call.arg("allowed"))
        attr = "friendly_fire" if option == "friendlyFire" else "see_friendly_invisibles"
        key = "friendlyfire" if option == "friendlyFire" else "seeFriendlyInvisibles"
        if getattr(team, attr) == flag:
            raise CommandFailure(
                ex.tr(f"commands.team.option.{key}.already{'Enabled' if flag else 'Disabled'}")
            )
        setattr(team, attr, flag)
        ex.success(
            src,
            ex.tr(f"commands.team.option.{key}.{'enabled' if flag else 'disabled'}", _team_shown(team)),
            broadcast=True,
        )
    elif option in _TEAM_OPTIONS:
        attr, key = _TEAM_OPTIONS[option]
        chosen = call.lit(3)
        if getattr(team, attr) == chosen:
            raise CommandFailure(ex.tr(key + ".unchanged"))
        setattr(team, attr, chosen)
        ex.success(src, ex.tr(key + ".success", _team_shown(team), chosen), broadcast=True)
    return 0


# -- bossbar ---------------------------------------------------------------------------------------------


def _bar_shown(bar: BossBar) -> str:
    return f"[{plain_text(bar.name)}]"


def _get_bar(ex: Executor, ident: object) -> BossBar:
    key = str(ident) if ":" in str(ident) else f"minecraft:{ident}"
    bar = ex.world.bossbars.get(key)
    if bar is None:
        raise CommandFailure(ex.tr("commands.bossbar.unknown", key))
    return bar


def cmd_bossbar(ex: Executor, src: Source, call: Call) -> int:
    """``bossbar add|remove|list|get|set``."""
    world = ex.world
    sub = call.lit(1)
    if sub == "add":
        ident = str(call.arg("id"))
        key = ident if ":" in ident else f"minecraft:{ident}"
        if key in world.bossbars:
            raise CommandFailure(ex.tr("commands.bossbar.create.failed", key))
        bar = world.bossbars[key] = BossBar(key, text_arg(call.arg("name")))
        ex.success(src, ex.tr("commands.bossbar.create.success", _bar_shown(bar)), broadcast=True)
        return len(world.bossbars)
    if sub == "list":
        if not world.bossbars:
            ex.success(src, ex.tr("commands.bossbar.list.bars.none"), broadcast=False)
            return 0
        shown = ", ".join(_bar_shown(b) for b in world.bossbars.values())
        ex.success(src, ex.tr("commands.bossbar.list.bars.some", len(world.bossbars), shown), broadcast=False)
        return len(world.bossbars)
    bar = _get_bar(ex, call.arg("id"))
    if sub == "remove":
        del world.bossbars[bar.id]
        ex.success(src, ex.tr("commands.bossbar.remove.success", _bar_shown(bar)), broadcast=True)
        return len(world.bossbars)
    if sub == "get":
        return _bar_get(ex, src, call, bar)
    what = call.lit(2)
    if what == "name":
        name = text_arg(call.arg("name"))
        if name == bar.name:
            raise CommandFailure(ex.tr("commands.bossbar.set.name.unchanged"))
        bar.name = name
        ex.success(src, ex.tr("commands.bossbar.set.name.success", _bar_shown(bar)), broadcast=True)
        return 0
    if what in ("color", "style"):
        # Both are a literal stored on the bar, with vanilla's unchanged/success texts per property.
        value = call.lit(3)
        if value == getattr(bar, what):
            raise CommandFailure(ex.tr(f"commands.bossbar.set.{what}.unchanged"))
        setattr(bar, what, value)
        ex.success(src, ex.tr(f"commands.bossbar.set.{what}.success", _bar_shown(bar)), broadcast=True)
        return 0
    if what in ("value", "max"):
        amount = call.arg(what)
        assert isinstance(amount, int)
        if getattr(bar, what) == amount:
            raise CommandFailure(ex.tr(f"commands.bossbar.set.{what}.unchanged"))
        setattr(bar, what, amount)
        if what == "max":
            bar.value = min(bar.value, amount)  # vanilla keeps progress = value / max within [0, 1]
        ex.success(
            src, ex.tr(f"commands.bossbar.set.{what}.success", _bar_shown(bar), amount), broadcast=True
        )
        return amount
    if what == "visible":
        flag = bool(call.arg("visible"))
        if bar.visible == flag:
            key = "visible" if flag else "hidden"
            raise CommandFailure(ex.tr(f"commands.bossbar.set.visibility.unchanged.{key}"))
        bar.visible = flag
        key = "visible" if flag else "hidden"
        ex.success(src, ex.tr(f"commands.bossbar.set.visible.success.{key}", _bar_shown(bar)), broadcast=True)
        return 0
    if what == "players":
        players = find_players(ex, src, call.arg("targets"), required=False) if "targets" in call.args else []  # type: ignore[arg-type]
        wanted = [p.uuid for p in players]
        if wanted == bar.players or (set(wanted) == set(bar.players) and len(wanted) == len(bar.players)):
            raise CommandFailure(ex.tr("commands.bossbar.set.players.unchanged"))
        bar.players = wanted
        if not players:
            ex.success(
                src, ex.tr("commands.bossbar.set.players.success.none", _bar_shown(bar)), broadcast=True
            )
        else:
            names = ", ".join(ex.display_name(p) for p in players)
            ex.success(
                src,
                ex.tr("commands.bossbar.set.players.success.some", _bar_shown(bar), len(players), names),
                broadcast=True,
            )
        return len(players)
    return 0


def _bar_get(ex: Executor, src: Source, call: Call, bar: BossBar) -> int:
    what = call.lit(2)
    if what == "value":
        ex.success(src, ex.tr("commands.bossbar.get.value", _bar_shown(bar), bar.value), broadcast=True)
        return bar.value
    if what == "max":
        ex.success(src, ex.tr("commands.bossbar.get.max", _bar_shown(bar), bar.max), broadcast=True)
        return bar.max
    if what == "visible":
        key = "visible" if bar.visible else "hidden"
        ex.success(src, ex.tr(f"commands.bossbar.get.visible.{key}", _bar_shown(bar)), broadcast=True)
        return int(bar.visible)
    online = [p for p in ex.world.online_players() if p.uuid in bar.players]
    if not online:
        ex.success(src, ex.tr("commands.bossbar.get.players.none", _bar_shown(bar)), broadcast=True)
    else:
        names = ", ".join(ex.display_name(p) for p in online)
        ex.success(
            src,
            ex.tr("commands.bossbar.get.players.some", _bar_shown(bar), len(online), names),
            broadcast=True,
        )
    return len(online)
