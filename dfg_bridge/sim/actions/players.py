"""What fake players do besides containers (プレイヤーの操作): join, leave, chat, commands, clicks on text.

Every function runs on the server thread (the caller holds ``executor.lock``) and raises
:class:`~dfg_bridge.sim.actions.common.ActionError` (an HTTP 4xx for the control API) when the request
makes no sense for the world.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions.common import ActionError, online, valid_name
from dfg_bridge.sim.actions.containers import close_menu, in_reach
from dfg_bridge.sim.commands.nbtio import sign_messages
from dfg_bridge.sim.commands.source import SourceKind
from dfg_bridge.sim.log import ServerFlavour
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.blocks import is_sign
from dfg_bridge.sim.world.entities import Player

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = [
    "chat",
    "click_dialog",
    "click_text",
    "dialog_buttons",
    "follow_click",
    "join",
    "leave",
    "player_command",
    "use_sign",
]


def _java_double(value: float) -> str:
    text = repr(float(value))
    return text if "e" not in text else f"{value:.1f}"


def join(
    ex: Executor, name: str, *, op: bool = False, ip: str = "127.0.0.1", uuid: str | None = None
) -> Player:
    """Log a player in, with vanilla's (or Paper's) login lines and the join broadcast.

    ``uuid`` is the account's (online mode): a known account with another name is a rename, logged
    as vanilla does (``Alex (formerly known as Steve) joined the game``).
    """
    if not valid_name(name):
        raise ActionError(f"invalid player name {name!r}", code="bad_name", status=400)
    world = ex.world
    if world.online_player(name) is not None:
        raise ActionError(f"{name} is already online", code="already_online")
    formerly = None
    account = next((p for p in world.players.values() if uuid is not None and p.uuid == uuid), None)
    if account is not None and account.name != name:
        if account.online:
            raise ActionError(f"{account.name} is already online", code="already_online")
        formerly = account.name
        world.rename_player(account, name)
    player = world.player(name) or world.create_player(name, uuid)
    player.online = True
    player.id = world.next_entity_id()
    player.ip = ip
    player.port = random.randint(40000, 65000)
    player.menu = None
    if op:
        player.permission = 4
    if ex.options.online_mode:  # ServerLoginPacketListenerImpl logs it after authenticating
        ex.log.info(f"UUID of player {player.name} is {player.uuid}", thread="User Authenticator #1")
    where = "[world]" if ex.options.flavor is ServerFlavour.PAPER else ""
    x, y, z = (_java_double(v) for v in player.pos)
    ex.log.info(
        f"{player.name}[/{ip}:{player.port}] logged in with entity id {player.id} at ({where}{x}, {y}, {z})"
    )
    if formerly is not None:
        line = ex.tr("multiplayer.player.joined.renamed", ex.display_name(player), formerly)
    else:
        line = ex.tr("multiplayer.player.joined", ex.display_name(player))
    ex.log.info(line)
    for other in world.online_players():
        ex.tell(other, {"text": line, "color": "yellow"})
    return player


def leave(ex: Executor, name: str, *, reason: str = "Disconnected") -> None:
    """Disconnect: the open menu closes (cursor and crafting grid are dropped), then the leave lines."""
    player = online(ex, name)
    close_menu(ex, player, disconnected=True)
    ex.world.dismount(player)
    for passenger in list(player.passengers):
        rider = ex.world.entity_by_uuid(passenger)
        if rider is not None:
            ex.world.dismount(rider)
    ex.log.info(f"{player.name} lost connection: {reason}")
    line = ex.tr("multiplayer.player.left", ex.display_name(player))
    player.online = False
    player.title = player.subtitle = player.actionbar = None
    player.dialog = None
    ex.log.info(line)
    for other in ex.world.online_players():
        ex.tell(other, {"text": line, "color": "yellow"})


def _illegal_chat(text: str) -> bool:
    # SharedConstants.isAllowedChatCharacter: no section sign, no control characters, no DEL.
    return any(ch == "§" or ord(ch) < 32 or ord(ch) == 127 for ch in text)


def chat(ex: Executor, name: str, text: str, *, secure: bool = True) -> dict[str, Any]:
    """Send a chat message (``/…`` goes to :func:`player_command` as the client does)."""
    player = online(ex, name)
    if text.startswith("/"):
        return player_command(ex, name, text)
    if _illegal_chat(text) or len(text) > 256:
        reason = (
            ex.tr("multiplayer.disconnect.illegal_characters")
            if _illegal_chat(text)
            else "Chat message too long"
        )
        leave(ex, name, reason=reason)
        return {"kicked": True, "reason": reason}
    decorated = ex.tr("chat.type.text", ex.display_name(player), text)
    line = decorated if secure else f"[Not Secure] {decorated}"
    thread = "Async Chat Thread - #0" if ex.options.flavor is ServerFlavour.PAPER else "Server thread"
    ex.log.info(line, thread=thread)
    for other in ex.world.online_players():
        ex.tell(other, {"text": decorated}, "chat")
    return {"kicked": False}


def player_command(ex: Executor, name: str, text: str) -> dict[str, Any]:
    """Run a typed command as the player, at their permission level; returns the feedback they saw."""
    player = online(ex, name)
    command = text[1:] if text.startswith("/") else text
    if ex.options.flavor is ServerFlavour.PAPER:
        # Paper logs every typed command before parsing it, even unknown ones.
        ex.log.info(f"{player.name} issued server command: /{command}")
    before = len(player.messages)
    targets = _aliases(ex).get(command.split(" ", 1)[0].lower())
    result = _typed(ex, player, command) if targets is None else _run_alias(ex, player, command, targets)
    feedback = [textmod.plain_text(m.component) for m in player.messages[before:]]
    return {"result": result, "feedback": feedback}


def _typed(ex: Executor, player: Player, command: str) -> int:
    src = ex.player_source(player)
    root = command.split(" ", 1)[0]
    if player.permission < 2 and root not in _player_roots(ex):
        from dfg_bridge.sim.grammar.errors import context_snippet

        ex.failure(src, ex.tr("command.unknown.command"))
        ex.failure(src, context_snippet(command, 0))
        return 0
    return ex.perform(src, command)


def _aliases(ex: Executor) -> dict[str, tuple[str, ...]]:
    """``commands.yml`` aliases: a Paper/Spigot feature, so none on vanilla."""
    if ex.options.flavor is not ServerFlavour.PAPER:
        return {}
    from dfg_bridge.sim.paper_aliases import aliases_for

    return aliases_for(ex.options.directory)


def _run_alias(ex: Executor, player: Player, command: str, targets: tuple[str, ...]) -> int:
    """Bukkit's ``FormattedCommandAlias``: run every target as the player; dispatches are not logged."""
    from dfg_bridge.sim.paper_aliases import AliasError, expand

    args = command.split(" ")[1:]
    try:
        expanded = [expand(target, args, player.name) for target in targets]
    except AliasError as exc:
        ex.failure(ex.player_source(player), str(exc))
        return 0
    result = 0
    for target in expanded:
        result |= _typed(ex, player, target)
    return result


def _player_roots(ex: Executor) -> frozenset[str]:
    from dfg_bridge.sim.commands.core import PLAYER_COMMANDS

    return PLAYER_COMMANDS | frozenset(_aliases(ex))


# -- clickable text and signs ----------------------------------------------------------------------


def follow_click(ex: Executor, player: Player, event: dict[str, Any], *, confirm: bool) -> dict[str, Any]:
    """What the client does with a clicked text's ``click_event`` (chat, dialog buttons, book pages)."""
    action = event.get("action")
    if action == "run_command":
        command = str(event.get("command", ""))
        if not command.startswith("/"):
            return {"action": action, **chat(ex, player.name, command)}
        root = command[1:].split(" ", 1)[0]
        known = player.permission >= 2 or root in _player_roots(ex)
        if ex.world.version >= (1, 21, 6) and not known and not confirm:
            # 1.21.6+ clients ask before running a command they do not know; the player declined.
            return {"action": action, "ran": False, "confirmation": True}
        out = player_command(ex, player.name, command)
        return {
            "action": action,
            "ran": True,
            "confirmation": ex.world.version >= (1, 21, 6) and not known,
            **out,
        }
    if action == "show_dialog":
        player.dialog = event.get("dialog")
        return {"action": action, "ran": True}
    return {"action": action, "ran": False}


def dialog_buttons(dialog: object) -> list[dict[str, Any]]:
    """The buttons of a shown 1.21.6 dialog in screen order: ``{"label", "action"}`` (action may be None)."""
    if not isinstance(dialog, dict):
        return []
    raw: list[Any] = []
    kind = str(dialog.get("type", "")).split(":", 1)[-1]
    if kind == "notice":
        raw = [dialog.get("action", {"label": "OK"})]
    elif kind == "confirmation":
        raw = [dialog.get("yes"), dialog.get("no")]
    elif kind == "multi_action":
        actions = dialog.get("actions")
        raw = list(actions) if isinstance(actions, list) else []
    buttons = []
    for button in raw:
        if not isinstance(button, dict):
            continue
        label = textmod.plain_text(textmod.normalise(button.get("label", "")))
        buttons.append({"label": label, "action": button.get("action")})
    return buttons


def click_dialog(ex: Executor, name: str, button: int, *, confirm: bool = True) -> dict[str, Any]:
    """Press button ``button`` of the dialog the player sees; the dialog closes like a vanilla one."""
    player = online(ex, name)
    buttons = dialog_buttons(player.dialog)
    if not 0 <= button < len(buttons):
        raise ActionError(f"the open dialog has no button {button}", code="no_part", status=404)
    action = buttons[button]["action"]
    player.dialog = None
    if not isinstance(action, dict):
        return {"action": None, "ran": False}
    kind = str(action.get("type", "")).split(":", 1)[-1]
    if kind == "run_command":
        command = str(action.get("command", ""))
        event = {"action": "run_command", "command": command if command.startswith("/") else "/" + command}
        return follow_click(ex, player, event, confirm=confirm)
    if kind == "show_dialog":
        player.dialog = action.get("dialog")
        return {"action": kind, "ran": True}
    return {"action": kind, "ran": False}


def click_text(ex: Executor, name: str, message: int, part: int, *, confirm: bool = True) -> dict[str, Any]:
    """Click part ``part`` of received message ``message`` (indices as ``GET /players/{name}`` lists them)."""
    player = online(ex, name)
    if not 0 <= message < len(player.messages):
        raise ActionError(f"no message {message}", code="no_message", status=404)
    parts = textmod.click_parts(player.messages[message].component)
    if not 0 <= part < len(parts):
        raise ActionError(f"message {message} has no part {part}", code="no_part", status=404)
    event = parts[part].get("click_event")
    if event is None:
        return {"action": None, "ran": False}
    return follow_click(ex, player, event, confirm=confirm)


def use_sign(ex: Executor, name: str, pos: tuple[int, int, int], *, force: bool = False) -> dict[str, Any]:
    """Right-click a sign: each line's own click event runs as the player at level 2, silently."""
    player = online(ex, name)
    block = ex.world.block(pos)
    if block is None or not is_sign(block.id):
        raise ActionError(f"no sign at {pos}", code="not_a_sign", status=404)
    if not force and not in_reach(player, pos):
        raise ActionError(f"{pos} is out of {player.name}'s reach", code="out_of_reach")
    ran: list[str] = []
    src = ex.player_source(player, SourceKind.SIGN)
    src = src.at((pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5), (0.0, 0.0))
    for line in sign_messages(ex, block, front=True):
        event = line.get("click_event")  # only the line's root style counts, as in SignBlockEntity
        if not isinstance(event, dict):
            continue
        if event.get("action") == "run_command":
            command = str(event.get("command", ""))
            ex.perform(src, command[1:] if command.startswith("/") else command)
            ran.append(command)
        elif event.get("action") == "show_dialog":
            player.dialog = event.get("dialog")
    return {"commands": ran, "edit": not ran and not (block.entity is not None and block.entity.is_waxed)}
