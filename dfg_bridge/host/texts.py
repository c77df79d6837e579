"""Player-facing texts that are not displays (案内文): the clickable chat hand and ``/dfg status``.

Pure functions. Clickable parts run ``/trigger <objective> set <code>`` (known to every client, no
permission needed); the codes are :class:`dfg_bridge.host.intents.TriggerCode`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dfg_bridge.engine import Card, Rules
from dfg_bridge.host.announce import card_text
from dfg_bridge.host.intents import TriggerCode
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Click, ClickAction, Text

CARDS_PER_LINE = 9
"""Card buttons per chat line: keeps each ``tellraw`` well under the 1446-byte RCON limit."""

LOCAL_RULES = (
    "revolution",
    "eight_cut",
    "lock",
    "stairs",
    "spade3_return",
    "miyako_ochi",
    "foul_finish",
    "eleven_back",
    "five_skip",
)
"""Seed 001's local rules table (ローカルルール), in its order (message keys ``rules.<option>``)."""

TriggerFor = Callable[[int], str]
"""Builds the click command for a trigger value."""


def rules_summary(rules: Rules, msgs: MessageCatalog, lang: str) -> str:
    """``革命 ON / 8切り ON / …`` for ``/dfg status`` and the match start."""
    on, off = msgs.get("rules.on", lang), msgs.get("rules.off", lang)
    return " / ".join(
        f"{msgs.get(f'rules.{option}', lang)} {on if getattr(rules, option, False) else off}"
        for option in LOCAL_RULES
    )


def _button(label: str, color: str, command: str) -> Text:
    return Text(f"[{label}]", color=color, bold=True, click=Click(ClickAction.RUN_COMMAND, command))


def hand_lines(
    hand: Sequence[Card],
    selected: set[int],
    trigger: TriggerFor,
    msgs: MessageCatalog,
    lang: str,
    *,
    exchange: bool = False,
    your_turn: bool = False,
) -> list[Text]:
    """The clickable chat hand: a header, card buttons (✔ = selected), then 出す/渡す, パス, 選択を外す."""
    lines = []
    if your_turn:
        lines.append(Text(msgs.get("hand.your_turn", lang), color="gold", bold=True))
    if not hand:
        return [*lines, Text(msgs.get("hand.empty", lang), color="gray")]
    mark = msgs.get("hand.selected", lang)
    for start in range(0, len(hand), CARDS_PER_LINE):
        parts: list[Text] = [Text(msgs.get("hand.header", lang), color="gold")] if start == 0 else []
        for card in hand[start : start + CARDS_PER_LINE]:
            face = card_text(card)
            chosen = card.index in selected
            parts.append(
                Text(
                    (mark if chosen else "") + face.plain(),
                    color=face.color,
                    underlined=True if chosen else None,
                    click=Click(ClickAction.RUN_COMMAND, trigger(int(TriggerCode.CARD_BASE) + card.index)),
                )
            )
            parts.append(Text(" "))
        lines.append(Text.join(parts))
    play_label = msgs.get("hand.give_button" if exchange else "hand.play_button", lang)
    lines.append(
        Text.join(
            [
                _button(play_label, "green", trigger(TriggerCode.PLAY)),
                Text(" "),
                _button(msgs.get("hand.pass_button", lang), "yellow", trigger(TriggerCode.PASS)),
                Text(" "),
                _button(msgs.get("hand.clear_button", lang), "gray", trigger(TriggerCode.CLEAR)),
            ]
        )
    )
    return lines


def status_text(lines: Sequence[str], rules_line: str, header: str) -> Text:
    """``/dfg status`` as one multi-line text."""
    parts: list[Text] = [Text(header, color="gold", bold=True)]
    for line in (*lines, rules_line):
        parts += [Text("\n"), Text(line)]
    return Text.join(parts)
