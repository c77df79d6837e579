"""What players see (表示系): ``tellraw``, ``title``, ``say``, ``msg``, ``me``, ``list``, ``dialog``."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.selectors import find_entities, find_players, scoreboard_name
from dfg_bridge.sim.commands.source import Source, SourceKind
from dfg_bridge.sim.commands.util import text_arg
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.values import DialogArg, EntitySelector, MessageArg
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.text import TextDict, plain_text

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = [
    "cmd_dialog",
    "cmd_list",
    "cmd_me",
    "cmd_msg",
    "cmd_say",
    "cmd_tellraw",
    "cmd_title",
    "resolve_text",
]

MAX_PLAYERS = 20


def resolve_text(ex: Executor, src: Source, component: TextDict, viewer: Player | None) -> TextDict:
    """``ComponentUtils.updateForEntity``: fill in ``score`` and ``selector`` parts for one viewer."""
    out = copy.deepcopy(component)
    _resolve(ex, src, out, viewer)
    return out


def _resolve(ex: Executor, src: Source, part: dict[str, Any], viewer: Player | None) -> None:
    score = part.get("score")
    if isinstance(score, dict):
        name = str(score.get("name", ""))
        holder = (viewer.name if viewer is not None else "") if name == "*" else name
        objective = ex.world.objectives.get(str(score.get("objective", "")))
        value = objective.scores.get(holder) if objective is not None else None
        part["_resolved"] = str(value.value) if value is not None else ""
    selector = part.get("selector")
    if isinstance(selector, str):
        names = [p.name for p in ex.world.online_players() if selector in (p.name, "@a", "@p", "@s")]
        part["_resolved"] = ", ".join(names)
    for child in part.get("extra", ()):
        if isinstance(child, dict):
            _resolve(ex, src, child, viewer)


def cmd_tellraw(ex: Executor, src: Source, call: Call) -> int:
    """``tellraw <targets> <message>``: silent; each player gets the resolved component."""
    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    component = text_arg(call.arg("message"))
    for player in targets:
        ex.tell(player, resolve_text(ex, src, component, player), "system")
    return len(targets)


def cmd_title(ex: Executor, src: Source, call: Call) -> int:
    """``title <targets> title|subtitle|actionbar|clear|reset|times``."""
    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    what = call.lit(1)
    if what in ("title", "subtitle", "actionbar"):
        component = text_arg(call.arg("title"))
        for player in targets:
            setattr(player, what, resolve_text(ex, src, component, player))
        key = f"commands.title.show.{what}"
    elif what == "clear":
        for player in targets:
            player.title = player.subtitle = None
        key = "commands.title.cleared"
    elif what == "reset":
        for player in targets:
            player.title = player.subtitle = None
        key = "commands.title.reset"
    else:
        key = "commands.title.times"
    if len(targets) == 1:
        ex.success(src, ex.tr(key + ".single", ex.display_name(targets[0])), broadcast=True)
    else:
        ex.success(src, ex.tr(key + ".multiple", len(targets)), broadcast=True)
    return len(targets)


def _message_text(ex: Executor, src: Source, arg: object) -> str:
    if not isinstance(arg, MessageArg):
        return str(arg)
    text = arg.text
    for start, end, selector in sorted(arg.selectors, key=lambda s: -s[0]):
        names = ", ".join(e.name for e in find_entities(ex, src, selector))
        text = text[:start] + names + text[end:]
    return text


def _broadcast_chat(ex: Executor, src: Source, line: str) -> None:
    # `say`/`me` are chat messages (1.19.1+): only a player's own is signed. RCON, the console, a sign
    # or `execute as <player>` from RCON send an unsigned one, which the log tags `[Not Secure]`.
    ex.log.chat(line, signed=src.kind is SourceKind.PLAYER and src.entity is src.origin_player)
    for player in ex.world.online_players():
        ex.tell(player, {"text": line}, "chat")


def cmd_say(ex: Executor, src: Source, call: Call) -> int:
    """``say <message>``: ``[Name] message`` to everyone and the log."""
    _broadcast_chat(
        ex, src, ex.tr("chat.type.announcement", src.display, _message_text(ex, src, call.arg("message")))
    )
    return 1


def cmd_me(ex: Executor, src: Source, call: Call) -> int:
    """``me <action>``: ``* Name action``."""
    text = ex.tr("chat.type.emote", src.display, _message_text(ex, src, call.arg("action")))
    _broadcast_chat(ex, src, text)
    return 1


def cmd_msg(ex: Executor, src: Source, call: Call) -> int:
    """``msg|tell|w <targets> <message>``: a private message (not logged by vanilla)."""
    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    text = _message_text(ex, src, call.arg("message"))
    for player in targets:
        ex.tell(
            player,
            {
                "text": ex.tr("commands.message.display.incoming", src.display, text),
                "color": "gray",
                "italic": True,
            },
            "chat",
        )
        ex.success(
            src, ex.tr("commands.message.display.outgoing", ex.display_name(player), text), broadcast=False
        )
    return len(targets)


def cmd_list(ex: Executor, src: Source, call: Call) -> int:
    """``list [uuids]``."""
    players = ex.world.online_players()
    if call.has("uuids"):
        names = ", ".join(ex.tr("commands.list.nameAndId", p.name, p.uuid) for p in players)
    else:
        names = ", ".join(ex.display_name(p) for p in players)
    ex.success(src, ex.tr("commands.list.players", len(players), MAX_PLAYERS, names), broadcast=False)
    return len(players)


def cmd_stop(ex: Executor, src: Source, call: Call) -> int:
    """``stop``: ``Stopping the server``, then the server halts (after the reply is sent)."""
    ex.success(src, ex.tr("commands.stop.stopping"), broadcast=True)
    if ex.on_stop is not None:
        ex.on_stop()
    return 1


def cmd_dialog(ex: Executor, src: Source, call: Call) -> int:
    """``dialog show <targets> <dialog>`` / ``dialog clear <targets>`` (1.21.6+)."""
    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    if call.lit(1) == "show":
        dialog = call.arg("dialog")
        shown: Any = dialog
        if isinstance(dialog, DialogArg):
            shown = {"id": dialog.id} if dialog.id is not None else dialog.inline
        for player in targets:
            player.dialog = shown
            player.book = None  # the dialog screen replaces an open book
        ex.world.dialogs_shown += 1
        key = "commands.dialog.show"
    else:
        for player in targets:
            player.dialog = None
        key = "commands.dialog.clear"
    if len(targets) == 1:
        ex.success(src, ex.tr(key + ".single", ex.display_name(targets[0])), broadcast=True)
    else:
        ex.success(src, ex.tr(key + ".multiple", len(targets)), broadcast=True)
    return len(targets)


def selector_names(ex: Executor, src: Source, sel: EntitySelector) -> list[str]:
    """Score-holder names of the entities a selector finds."""
    return [scoreboard_name(e) for e in find_entities(ex, src, sel)]


def plain(component: TextDict) -> str:
    """Plain text of a component (re-exported for the control API)."""
    return plain_text(component)


def require_any(ex: Executor, found: list[object]) -> None:
    """``No entity was found`` when empty."""
    if not found:
        raise CommandFailure(ex.tr("argument.entity.notfound.entity"))


def cmd_playsound(ex: Executor, src: Source, call: Call) -> int:
    """``playsound <sound> <source> <targets> [pos] [volume] [pitch] [minVolume]``.

    Only players within earshot of ``pos`` (the command's position by default) hear it: from RCON the
    position is world spawn, so ``execute at @a run playsound … @s`` is what reaches everyone.
    """
    from dfg_bridge.sim.commands.util import vec3

    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    pos = vec3(src, call.arg("pos")) if "pos" in call.args else src.pos
    volume = float(call.arg("volume", 1.0))  # type: ignore[arg-type]
    min_volume = float(call.arg("minVolume", 0.0))  # type: ignore[arg-type]
    reach = (volume * 16.0 if volume > 1.0 else 16.0) ** 2
    heard = 0
    for player in targets:
        distance = sum((a - b) ** 2 for a, b in zip(pos, player.pos, strict=True))
        if distance > reach and min_volume <= 0.0:
            continue
        heard += 1
    if heard == 0:
        raise CommandFailure(ex.tr("commands.playsound.failed"))
    sound = str(call.arg("sound"))
    if len(targets) == 1:
        ex.success(
            src,
            ex.tr("commands.playsound.success.single", sound, ex.display_name(targets[0])),
            broadcast=True,
        )
    else:
        ex.success(src, ex.tr("commands.playsound.success.multiple", sound, len(targets)), broadcast=True)
    return heard
