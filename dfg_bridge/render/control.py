"""Game rules, ``execute`` wrappers and dialogs (ゲームルール・execute・ダイアログ)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from dfg_bridge.model.dialog import DialogButton
from dfg_bridge.model.positions import BlockPos
from dfg_bridge.model.text import Text
from dfg_bridge.render.base import DialectBase
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.text import check_click_command, text_snbt


class GameRule(enum.Enum):
    """Game rules the daemon reads or sets; the dialect writes the version's spelling."""

    LOG_ADMIN_COMMANDS = ("logAdminCommands", "log_admin_commands")
    """Logs ``/trigger`` as ``[Steve: Triggered [dfg] …]``: our vanilla input path needs it on."""
    SEND_COMMAND_FEEDBACK = ("sendCommandFeedback", "send_command_feedback")
    """Whether players see their commands' feedback (e.g. ``Triggered [dfg]``)."""
    COMMAND_BLOCK_OUTPUT = ("commandBlockOutput", "command_block_output")
    """Command block feedback in chat."""

    def __init__(self, camel: str, snake: str) -> None:
        self.camel = camel
        self.snake = snake


class ControlCommands(DialectBase):
    """``gamerule``, ``execute`` and ``dialog``."""

    def gamerule_name(self, rule: GameRule) -> str:
        """The rule's name in this version (camelCase before 1.21.11, snake_case from 1.21.11)."""
        return rule.snake if self.snake_gamerules else rule.camel

    def gamerule(self, rule: GameRule, value: bool | int | None = None) -> str:
        """``gamerule <rule> [<value>]``; without a value it queries.

        The query replies ``Gamerule <rule> is currently set to: <value>``.
        """
        cmd = f"gamerule {self.gamerule_name(rule)}"
        if value is None:
            return cmd
        if isinstance(value, bool):
            return f"{cmd} {'true' if value else 'false'}"
        return f"{cmd} {int(value)}"

    @staticmethod
    def _subcommand(command: str) -> str:
        if not command or command.startswith("/") or "\n" in command:
            raise RenderError("bad_command", f"not a command to wrap: {command!r}")
        return command

    def as_at(self, target: str, command: str) -> str:
        """``execute as <target> at @s run <command>``."""
        return f"execute as {self.target(target)} at @s run {self._subcommand(command)}"

    def at(self, target: str, command: str) -> str:
        """``execute at <target> run <command>`` (e.g. ``at @p`` so an empty server is no error)."""
        return f"execute at {self.target(target)} run {self._subcommand(command)}"

    def if_entity(self, selector: str, command: str) -> str:
        """``execute if entity <selector> run <command>``."""
        return f"execute if entity {self.target(selector)} run {self._subcommand(command)}"

    def unless_entity(self, selector: str, command: str) -> str:
        """``execute unless entity <selector> run <command>``."""
        return f"execute unless entity {self.target(selector)} run {self._subcommand(command)}"

    def unless_items(self, target: str, slot: str, command: str) -> str:
        """``execute unless items entity <target> <slot> * run <command>``: only into an empty slot.

        ``execute if|unless items`` exists since 1.20.5; an empty slot counts 0 items, so the command
        runs exactly when nothing is there, in the same tick as the test.
        """
        test = f"unless items entity {self.target(target)} {self.slot(slot)} *"
        return f"execute {test} run {self._subcommand(command)}"

    _GAME_MODES = ("survival", "creative", "adventure", "spectator")

    def game_mode(self, target: str, mode: str) -> str:
        """``gamemode <mode> <target>`` (``survival``, ``creative``, ``adventure`` or ``spectator``)."""
        if mode not in self._GAME_MODES:
            raise RenderError("bad_mode", f"not a game mode: {mode!r}")
        return f"gamemode {mode} {self.target(target)}"

    def test_block(self, pos: BlockPos, block: str) -> str:
        """``execute if block <x y z> <block>``: replies ``Test passed`` or fails with ``Test failed``."""
        return f"execute if block {self.block_pos(pos)} {self.game_id(block, 'block')}"

    def test_loaded(self, pos: BlockPos) -> str:
        """``execute if loaded <x y z>``: ``Test passed`` once the chunk holding ``pos`` is loaded."""
        return f"execute if loaded {self.block_pos(pos)}"

    def test_blocks(self, start: BlockPos, end: BlockPos, destination: BlockPos) -> str:
        """``execute if blocks <start> <end> <destination> all``: the two regions hold the same blocks.

        Replies ``Test passed, count: N`` or fails with ``Test failed``.
        """
        region = f"{self.block_pos(start)} {self.block_pos(end)} {self.block_pos(destination)}"
        return f"execute if blocks {region} all"

    def store_result_score(self, holder: str, objective: str, command: str) -> str:
        """``execute store result score <holder> <objective> run <command>``.

        The command's result (e.g. the count ``clear <p> <pred> 0`` returns) lands in the score, where
        one ``scoreboard players get`` reads it without parsing a localized feedback line.
        """
        holder_arg, objective_arg = self.score_holder(holder), self.name(objective, "objective")
        return f"execute store result score {holder_arg} {objective_arg} run {self._subcommand(command)}"

    @staticmethod
    def list_players() -> str:
        """``list uuids``: online players by their raw names (no team prefix), with UUIDs.

        The reply reads ``There are N of a max of M players online: Steve (uuid), Alex (uuid)``.
        """
        return "list uuids"

    def trigger_command(self, objective: str, value: int) -> str:
        """The click command ``/trigger <objective> set <value>`` (with its slash, for click events).

        ``/trigger`` is known to every client and needs no permission, so buttons, signs and dialogs
        use it on every server flavour.

        >>> from dfg_bridge.render import dialect_for
        >>> dialect_for("1.21.6").trigger_command("dfg", 105)
        '/trigger dfg set 105'
        """
        if isinstance(value, bool) or not -(2**31) <= int(value) < 2**31:
            raise RenderError("bad_number", f"not a trigger value: {value!r}")
        return check_click_command(f"/trigger {self.name(objective, 'objective')} set {int(value)}")

    # --- dialogs (1.21.6+) ----------------------------------------------------------------------
    def dialog_show(
        self,
        target: str,
        title: Text,
        buttons: Sequence[DialogButton],
        *,
        body: Text | None = None,
        columns: int = 2,
        exit_label: Text | None = None,
    ) -> str:
        """``dialog show <target> {type:"minecraft:multi_action",…}``: a grid of buttons.

        Each button's action is ``{type:"run_command",command:…}``; ``/trigger`` needs no permission,
        and Geyser shows the dialog to Bedrock players as a form. ``after_action`` is left at its
        default, ``close``. A button costs about 75 bytes, so one command holds about 18 buttons:
        page longer hands (check with :func:`~dfg_bridge.render.fits`).
        """
        if not self.has_dialog:
            raise RenderError("unsupported", f"dialogs need Minecraft 1.21.6+, server is {self.version}")
        if not buttons:
            raise RenderError("bad_dialog", "a multi_action dialog needs at least one button")
        if not 1 <= columns <= 16:
            raise RenderError("bad_dialog", f"columns must be 1..16, got {columns}")
        parts = [
            'type:"minecraft:multi_action"',
            "title:" + text_snbt(title),
        ]
        if body is not None:
            parts.append('body:{type:"minecraft:plain_message",contents:' + text_snbt(body) + "}")
        parts.append("actions:[" + ",".join(self._button(b) for b in buttons) + "]")
        parts.append(f"columns:{columns}")
        if exit_label is not None:
            parts.append("exit_action:{label:" + text_snbt(exit_label) + "}")
        return f"dialog show {self.target(target)} {{{','.join(parts)}}}"

    def dialog_clear(self, target: str) -> str:
        """``dialog clear <target>`` (closes an open dialog)."""
        if not self.has_dialog:
            raise RenderError("unsupported", f"dialogs need Minecraft 1.21.6+, server is {self.version}")
        return f"dialog clear {self.target(target)}"

    def _button(self, button: DialogButton) -> str:
        parts = ["label:" + text_snbt(button.label)]
        if button.tooltip is not None:
            parts.append("tooltip:" + text_snbt(button.tooltip))
        if button.width is not None:
            if not 1 <= button.width <= 1024:
                raise RenderError("bad_dialog", f"button width must be 1..1024, got {button.width}")
            parts.append(f"width:{button.width}")
        command = check_click_command(button.command)
        parts.append('action:{type:"run_command",command:' + self.nbt_str(command) + "}")
        return "{" + ",".join(parts) + "}"
