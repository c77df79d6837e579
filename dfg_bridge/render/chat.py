"""Messages to players: ``tellraw`` and ``title`` (チャット・タイトル)."""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.model.text import Text
from dfg_bridge.render.base import DialectBase, fits
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.text import text_json, text_snbt


def balanced(parts: Sequence[Text], lines: int) -> list[list[Text]]:
    """``parts`` cut into ``lines`` consecutive groups whose sizes differ by at most one (longer first).

    >>> [len(g) for g in balanced([Text(str(i)) for i in range(15)], 2)]
    [8, 7]
    """
    size, extra = divmod(len(parts), lines)
    groups: list[list[Text]] = []
    start = 0
    for index in range(lines):
        end = start + size + (1 if index < extra else 0)
        groups.append(list(parts[start:end]))
        start = end
    return groups


class ChatCommands(DialectBase):
    """``tellraw`` and the four ``title`` forms."""

    def tellraw(self, target: str, text: Text) -> str:
        """``tellraw <target> <text>``."""
        return f"tellraw {self.target(target)} {self.arg_text(text)}"

    def tellraw_after(self, lines: Sequence[Text], command: str) -> str | None:
        """One ``tellraw`` showing ``lines`` and then the message of ``command`` (a ``tellraw`` rendered
        here), each on a line of its own; ``None`` when ``command`` is no ``tellraw`` or both do not fit
        one RCON request. (Held team lines for a player alone on the team: one command, not two.)

        >>> from dfg_bridge.render import dialect_for
        >>> r = dialect_for("1.21.6")
        >>> r.tellraw_after([Text("CPU1: パス")], r.tellraw("Steve", Text("あなたの番", color="gold")))
        'tellraw Steve {text:"",extra:[{text:"CPU1: パス"},{text:"\\\\n"},{text:"あなたの番",color:"gold"}]}'
        >>> dialect_for("1.21.4").tellraw_after([Text("a")], 'tellraw Steve "b"')
        'tellraw Steve {"text":"","extra":[{"text":"a"},{"text":"\\\\n"},{"text":"b"}]}'
        >>> r.tellraw_after([Text("a")], "title Steve clear") is None
        True
        """
        head, _, rest = command.partition(" ")
        target, _, arg = rest.partition(" ")
        if head != "tellraw" or not arg or not lines:
            return None
        parts: list[Text] = []
        for line in lines:
            parts += [Text("\n"), line] if parts else [line]
        held = parts[0] if len(parts) == 1 else Text.join(parts)
        if self.snbt_text:
            second = arg if arg.startswith("{") else "{text:" + arg + "}"
            body = [text_snbt(held, compound=True), text_snbt(Text("\n"), compound=True), second]
            joined = '{text:"",extra:[' + ",".join(body) + "]}"
        else:
            first = text_json(held)
            first = first if first.startswith("{") else '{"text":' + first + "}"
            second = arg if arg.startswith("{") else '{"text":' + arg + "}"
            joined = '{"text":"","extra":[' + ",".join([first, '{"text":"\\n"}', second]) + "]}"
        out = f"tellraw {target} {joined}"
        return out if fits(out) else None

    def tellraw_packed(self, target: str, lines: Sequence[Text]) -> list[str]:
        """``lines`` in order, one chat line each, in the fewest ``tellraw`` commands that each fit one
        RCON request (consecutive lines share a command, joined by newlines: issue 19).

        Filling each command before starting the next is the fewest for lines kept in order. A line
        too long on its own gets a command of its own (the caller may split it, see
        :meth:`tellraw_lines`).

        >>> from dfg_bridge.render import dialect_for
        >>> d = dialect_for("1.21.6")
        >>> d.tellraw_packed("@a", [Text("a"), Text("b")])
        ['tellraw @a {text:"",extra:[{text:"a"},{text:"\\\\n"},{text:"b"}]}']
        >>> len(d.tellraw_packed("@a", [Text("x" * 900), Text("y" * 900)]))
        2
        """
        commands: list[str] = []
        group: list[Text] = []
        for line in lines:
            trial = [*group, Text("\n"), line] if group else [line]
            if group and not fits(self.tellraw(target, Text.join(trial))):
                commands.append(self.tellraw(target, Text.join(group) if len(group) > 1 else group[0]))
                trial = [line]
            group = trial
        if group:
            commands.append(self.tellraw(target, Text.join(group) if len(group) > 1 else group[0]))
        return commands

    def tellraw_lines(self, target: str, parts: Sequence[Text]) -> list[str]:
        """As few ``tellraw`` commands as needed to send ``parts`` in order, each within one RCON request.

        A clickable hand of 18 cards is about 1.6 KB of text components, over the 1446-byte limit, so
        it goes out as consecutive chat lines. The lines are balanced (their part counts differ by at
        most one, the longer ones first), so a 14-card hand reads as a block of 7 + 7 cards rather
        than 13 cards and a stray one. A single part too long on its own raises.

        >>> from dfg_bridge.render import dialect_for
        >>> d = dialect_for("1.21.6")
        >>> d.tellraw_lines("Steve", [Text(f"card{i} ") for i in range(2)])
        ['tellraw Steve {text:"",extra:[{text:"card0 "},{text:"card1 "}]}']
        """
        for lines in range(1, len(parts) + 1):
            commands = [self.tellraw(target, Text.join(group)) for group in balanced(parts, lines)]
            if all(fits(command) for command in commands):
                return commands
        if not parts:
            return []
        raise RenderError("too_long", "one text part does not fit in an RCON command")

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
