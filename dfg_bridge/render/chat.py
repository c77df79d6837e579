"""Messages to players: ``tellraw`` and ``title`` (チャット・タイトル)."""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.model.text import Text
from dfg_bridge.render.base import DialectBase, fits
from dfg_bridge.render.errors import RenderError


class ChatCommands(DialectBase):
    """``tellraw`` and the four ``title`` forms."""

    def tellraw(self, target: str, text: Text) -> str:
        """``tellraw <target> <text>``."""
        return f"tellraw {self.target(target)} {self.arg_text(text)}"

    def tellraw_lines(self, target: str, parts: Sequence[Text]) -> list[str]:
        """As few ``tellraw`` commands as needed to send ``parts`` in order, each within one RCON request.

        A clickable hand of 18 cards is about 1.5 KB of JSON, over the 1446-byte limit, so it is split
        into consecutive chat lines between parts. A single part too long on its own raises.
        """
        commands: list[str] = []
        line: list[Text] = []
        for part in parts:
            candidate = self.tellraw(target, Text.join([*line, part]))
            if fits(candidate):
                line.append(part)
                continue
            if not line:
                raise RenderError("too_long", "one text part does not fit in an RCON command")
            commands.append(self.tellraw(target, Text.join(line)))
            line = [part]
            if not fits(self.tellraw(target, Text.join(line))):
                raise RenderError("too_long", "one text part does not fit in an RCON command")
        if line:
            commands.append(self.tellraw(target, Text.join(line)))
        return commands

    def title(self, target: str, text: Text) -> str:
        """``title <target> title <text>`` (the big centred line)."""
        return f"title {self.target(target)} title {self.arg_text(text)}"

    def subtitle(self, target: str, text: Text) -> str:
        """``title <target> subtitle <text>`` (shown with the next title)."""
        return f"title {self.target(target)} subtitle {self.arg_text(text)}"

    def actionbar(self, target: str, text: Text) -> str:
        """``title <target> actionbar <text>`` (the line above the hotbar)."""
        return f"title {self.target(target)} actionbar {self.arg_text(text)}"

    def title_times(self, target: str, fade_in: int, stay: int, fade_out: int) -> str:
        """``title <target> times <fadeIn> <stay> <fadeOut>`` in ticks."""
        if min(fade_in, stay, fade_out) < 0:
            raise RenderError("bad_number", "title times must not be negative")
        return f"title {self.target(target)} times {fade_in} {stay} {fade_out}"

    def title_clear(self, target: str) -> str:
        """``title <target> clear``."""
        return f"title {self.target(target)} clear"
