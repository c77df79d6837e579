"""What the hand outside the chest shows (チャットの手札とダイアログ): the texts of the clickable chat
hand and of the 1.21.6+ dialog's buttons, built as values (pure; :mod:`.chatsend` sends them).

Both drive the same per-seat selection as the chest: every button runs ``/trigger <objective> set
<code>`` (known to every client, no permission needed). The chat hand is one line of card buttons
(split over several messages only if one would not fit in an RCON command), then 出す and パス.
The dialog shows the hand as buttons, so Geyser can offer Bedrock players a native form; the host
shows it again after each dialog click (dialog buttons use their own codes, so it knows).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dfg_bridge.engine import Card
from dfg_bridge.host.announce import card_text, cards_message, cards_text
from dfg_bridge.host.decisions import button_label
from dfg_bridge.host.handscreen.verdict import ButtonColor, Verdict, reason_text
from dfg_bridge.host.intents import TriggerCode
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.dialog import DialogButton
from dfg_bridge.model.text import Click, ClickAction, Text

TriggerFor = Callable[[int], str]
"""Builds the click command for a trigger value."""

VERDICT_COLORS = {ButtonColor.GREEN: "green", ButtonColor.ORANGE: "gold", ButtonColor.PURPLE: "light_purple"}
"""Text colour of the 出す button per verdict."""


def _click(
    label: str, color: str | None, command: str, *, bold: bool | None = None, hover: Text | None = None
) -> Text:
    return Text(label, color=color, bold=bold, click=Click(ClickAction.RUN_COMMAND, command), hover=hover)


def play_label(verdict: Verdict, msgs: MessageCatalog, lang: str) -> Text:
    """The play button's text — its decision's label (出す, 渡す, 捨てる…) with the cards (green, purple)
    or the reason (orange)."""
    label = button_label(verdict.mode, msgs, lang)
    color = VERDICT_COLORS[verdict.color]
    if verdict.color is ButtonColor.ORANGE:
        reason = reason_text(verdict.code or "not_now", verdict.params, msgs, lang)
        return Text(msgs.get("hand.play_blocked", lang, label=label, reason=reason), color=color)
    key = "hand.play_foul" if verdict.color is ButtonColor.PURPLE else "hand.play_ok"
    return cards_message(
        msgs, key, lang, cards_text(verdict.cards, verdict.readings or None), color, label=label
    )


def chat_hand(
    hand: Sequence[Card],
    selected: frozenset[int] | set[int],
    verdict: Verdict,
    *,
    trigger: TriggerFor,
    msgs: MessageCatalog,
    lang: str,
) -> tuple[list[Text], Text]:
    """The chat hand: the parts of the card line (header first) and the button line.

    >>> from dfg_bridge.engine import parse_cards
    >>> from dfg_bridge.host.decisions import Decision
    >>> from dfg_bridge.host.handscreen.verdict import Verdict, ButtonColor
    >>> class M:
    ...     def get(self, key, lang=None, /, **kw): return key
    >>> parts, buttons = chat_hand(parse_cards("S3 HQ"), {parse_cards("HQ")[0].index},
    ...     Verdict(ButtonColor.ORANGE, Decision.PLAY, code="not_now"),
    ...     trigger=lambda v: f"/trigger dfg set {v}", msgs=M(), lang="ja")
    >>> [p.plain() for p in parts], parts[2].click.command
    (['hand.header', '♠3 ', 'hand.selected♥Q '], '/trigger dfg set 137')
    """
    mark = msgs.get("hand.selected", lang)
    parts: list[Text] = [Text(msgs.get("hand.header", lang), color="gold")]
    if not hand:
        parts.append(Text(msgs.get("hand.empty", lang), color="gray"))
    for card in hand:
        chosen = card.index in selected
        face = card_text(card)
        parts.append(
            _click(
                (mark if chosen else "") + face.plain() + " ",
                face.color,
                trigger(int(TriggerCode.CARD_BASE) + card.index),
                bold=True if chosen else None,
            )
        )
    play = play_label(verdict, msgs, lang)
    buttons = Text.join(
        [
            Text("[", color=play.color),
            Text(
                play.text,
                color=play.color,
                bold=True,
                extra=play.extra,
                click=Click(ClickAction.RUN_COMMAND, trigger(int(TriggerCode.PLAY))),
            ),
            Text("] ", color=play.color),
            _click(
                "[" + msgs.get("hand.pass_button", lang) + "]",
                "yellow",
                trigger(int(TriggerCode.PASS)),
                bold=True,
            ),
            Text(" "),
            _click("[" + msgs.get("hand.clear_button", lang) + "]", "gray", trigger(int(TriggerCode.CLEAR))),
        ]
    )
    return parts, buttons


DIALOG_COLUMNS = 5
"""Card buttons per dialog row."""


def dialog_buttons(
    hand: Sequence[Card],
    selected: frozenset[int] | set[int],
    verdict: Verdict,
    *,
    trigger: TriggerFor,
    msgs: MessageCatalog,
    lang: str,
    page: int = 0,
    per_page: int | None = None,
) -> tuple[list[DialogButton], int]:
    """The dialog's buttons for one page of the hand, and the number of pages.

    Card buttons first, then 出す/渡す, パス, 選択を外す and — when the hand needs more than one
    page — 次へ. ``per_page`` limits the cards shown (long hands do not fit in one command).
    """
    per = per_page if per_page is not None else max(1, len(hand))
    pages = max(1, -(-len(hand) // per))
    page %= pages
    mark = msgs.get("hand.selected", lang)
    out: list[DialogButton] = []
    for card in hand[page * per : (page + 1) * per]:
        face = card_text(card)
        chosen = card.index in selected
        label = Text((mark if chosen else "") + face.plain(), color=face.color, bold=True if chosen else None)
        out.append(DialogButton(label, trigger(int(TriggerCode.DIALOG_CARD_BASE) + card.index)))
    play = play_label(verdict, msgs, lang)
    out.append(
        DialogButton(
            Text(play.text, color=play.color, extra=play.extra), trigger(int(TriggerCode.DIALOG_PLAY))
        )
    )
    out.append(
        DialogButton(
            Text(msgs.get("hand.pass_button", lang), color="yellow"), trigger(int(TriggerCode.DIALOG_PASS))
        )
    )
    out.append(
        DialogButton(
            Text(msgs.get("hand.clear_button", lang), color="gray"), trigger(int(TriggerCode.DIALOG_CLEAR))
        )
    )
    if pages > 1:
        more = msgs.get("hand.dialog_next", lang, page=page + 1, pages=pages)
        out.append(DialogButton(Text(more, color="aqua"), trigger(int(TriggerCode.DIALOG_PAGE))))
    return out, pages
