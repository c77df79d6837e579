"""The hand screen as a pure function (画面の表示): a :class:`ScreenState` in, slot contents out.

Cards are dyes of their suit's colour (♠ black, ♥ red, ♦ blue, ♣ green) with count = face (A=1, J=11,
Q=12, K=13, 2=2); the joker is a carved pumpkin. Every item is named (``♥Q``); a selected card glows
and its name starts with ✔. Every stack carries its own ``custom_data`` tag (``h<slot>``), so two
stacks never merge and a stack that wandered to another slot is recognised.

>>> from dfg_bridge.engine import Card
>>> spec = card_item(Card.parse("HQ"), selected=True, tag="h18")
>>> spec.item, spec.count, spec.name.plain() if spec.name else None, spec.glint
('red_dye', 12, '✔♥Q', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.engine import Card, Suit
from dfg_bridge.host.announce import card_text, cards_message, cards_text
from dfg_bridge.host.decisions import Decision, button_label
from dfg_bridge.host.handscreen.layout import Button, Layout
from dfg_bridge.host.handscreen.state import PlayerLine, ScreenState, SortOrder
from dfg_bridge.host.handscreen.verdict import ButtonColor, reason_text
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.text import Text

SUIT_DYES = {
    Suit.SPADES: "black_dye",
    Suit.HEARTS: "red_dye",
    Suit.DIAMONDS: "blue_dye",
    Suit.CLUBS: "green_dye",
}
"""The dye of each suit (seed 001 「マーク = アイテムの色」)."""
JOKER_ITEM = "carved_pumpkin"
"""The joker (くり抜かれたカボチャ)."""
CARD_ITEMS = frozenset({*SUIT_DYES.values(), JOKER_ITEM})
"""Every item a card can be drawn as."""

PLAY_ITEMS = {
    ButtonColor.GREEN: "lime_concrete",
    ButtonColor.ORANGE: "orange_concrete",
    ButtonColor.PURPLE: "purple_concrete",
}
"""The 出す button's item per colour."""

MAX_COUNT = 64
"""The largest count we draw: every item we use stacks to 64 (``item replace`` refuses more)."""

Target = Button | int
"""What a click on a slot means: a button, or a card (its index 0–53)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One slot's content and what clicking it means (``None``: nothing, it is only shown)."""

    spec: ItemSpec
    target: Target | None = None


def tag_of(slot: int) -> str:
    """The ``custom_data`` tag of the stack in ``slot`` (``h18``)."""
    return f"h{slot}"


def _name(text: str, color: str | None = None, *, bold: bool | None = None) -> Text:
    # Custom names are italic unless told otherwise.
    return Text(text, color=color, italic=False, bold=bold)


def _plain(text: Text) -> Text:
    """``text`` with italics off (item names)."""
    return Text(text.text, color=text.color, bold=text.bold, italic=False, extra=text.extra)


def _count(n: int) -> int:
    return max(1, min(MAX_COUNT, n))


def card_item(card: Card, *, selected: bool = False, tag: str, reading: Card | None = None) -> ItemSpec:
    """A card as an item: suit dye × face (joker: a carved pumpkin), named, glowing when selected."""
    face = card_text(card, reading)
    label = ("✔" if selected else "") + face.plain()
    color = face.color
    if card.is_joker:
        return ItemSpec(JOKER_ITEM, 1, _name(label, color), glint=True if selected else None, tag=tag)
    assert card.suit is not None and card.rank is not None
    return ItemSpec(
        SUIT_DYES[card.suit],
        card.rank.face,
        _name(label, color),
        glint=True if selected else None,
        tag=tag,
    )


def cells(state: ScreenState, layout: Layout, msgs: MessageCatalog, lang: str) -> dict[int, Cell]:
    """Every non-empty slot of ``layout`` for ``state`` (empty slots are absent)."""
    out: dict[int, Cell] = {}

    def put(slot: int | None, spec: ItemSpec | None, target: Target | None = None) -> None:
        if slot is not None and spec is not None:
            out[slot] = Cell(
                ItemSpec(spec.item, _count(spec.count), spec.name, spec.lore, spec.glint, tag_of(slot)),
                target,
            )

    if layout.field_info is not None:
        put(layout.field_info, _field_info(state, msgs, lang))
        shown = list(zip(state.field, state.readings or state.field, strict=False))
        slots = layout.field_slots
        if len(shown) > len(slots):
            # A long stairs: show what fits and say how many more there are.
            more = len(shown) - len(slots) + 1
            shown = shown[: len(slots) - 1]
            text = msgs.get("hand.field_more", lang, count=more)
            put(slots[-1], ItemSpec("paper", more, _name(text, "gray")))
        for slot, (card, reading) in zip(slots, shown, strict=False):
            put(slot, card_item(card, tag="", reading=reading if card.is_joker else None))
    for slot, line in zip(layout.player_slots, state.players, strict=False):
        put(slot, _player_item(line, msgs, lang))
    put(layout.status_slot, _status_item(state, msgs, lang))
    if layout.round_slot is not None and state.round_no:
        text = msgs.get("hand.round", lang, round=state.round_no, rounds=state.rounds)
        put(layout.round_slot, ItemSpec("map", state.round_no, _name(text, "gold")))
    if layout.time_slot is not None and state.seconds_left is not None:
        text = msgs.get("hand.time_left", lang, seconds=state.seconds_left)
        put(layout.time_slot, ItemSpec("clock", state.seconds_left, _name(text, "yellow")))
    elif layout.time_slot is not None and state.time_limit:
        text = msgs.get("hand.time_limit", lang, seconds=state.time_limit)
        put(layout.time_slot, ItemSpec("clock", 1, _name(text, "gray")))
    hand = state.shown_hand()[layout.hand_offset :]
    for slot, held in zip(layout.hand_slots, hand, strict=False):
        if held is not None:
            put(slot, card_item(held, selected=held.index in state.selected, tag=""), held.index)
    for button, slot in layout.buttons.items():
        put(slot, _button(button, state, layout, msgs, lang), button)
    return out


def _field_info(state: ScreenState, msgs: MessageCatalog, lang: str) -> ItemSpec:
    if not state.field:
        return ItemSpec("paper", 1, _name(msgs.get("display.centre_empty", lang), "white"))
    shown = cards_text(state.field, state.readings or None)
    name = cards_message(msgs, "display.centre_field", lang, shown, "white")
    lore: list[Text] = []
    if state.field_kind is not None:
        kind = msgs.get(f"kinds.{state.field_kind}", lang, size=len(state.field))
        lore.append(_name(kind, "gray"))
    if state.field_by is not None:
        lore.append(_name(msgs.get("hand.field_by", lang, player=state.field_by), "gray"))
    return ItemSpec("paper", len(state.field), _plain(name), tuple(lore))


def _player_item(line: PlayerLine, msgs: MessageCatalog, lang: str) -> ItemSpec:
    lore = (_name(msgs.get("hand.you", lang), "aqua"),) if line.me else ()
    if line.dropped:
        return ItemSpec(
            "barrier", 1, _name(msgs.get("display.seat_dropped", lang, player=line.name), "red"), lore
        )
    if line.place is not None:
        text = msgs.get(
            "display.seat_finished", lang, player=line.name, place=line.place, rank=line.title or ""
        )
        return ItemSpec("green_dye", line.place, _name(text, "green"), lore)
    if line.passed:
        text = msgs.get("display.seat_pass", lang, player=line.name)
        return ItemSpec("skeleton_skull", line.cards, _name(f"{text} {line.cards}", "gray"), lore)
    # Whose turn it is shows on the bossbar, the sidebar and over the seats; marking it here too would
    # cost a slot write on every turn of every player (issue 19).
    text = msgs.get("display.seat", lang, player=line.name, count=line.cards)
    item = "zombie_head" if line.cpu else "player_head"
    return ItemSpec(item, line.cards, _name(text, "white"), lore)


def _status_item(state: ScreenState, msgs: MessageCatalog, lang: str) -> ItemSpec | None:
    if not state.players:
        return None
    parts = []
    if state.revolution:
        parts.append(msgs.get("display.revolution", lang))
    if state.eleven_back:
        parts.append(msgs.get("display.eleven_back", lang))
    if state.lock:
        parts.append(msgs.get("display.locked", lang, suit=state.lock))
    if state.number_lock:
        parts.append(msgs.get("display.number_lock", lang))
    if not parts:
        return ItemSpec("torch", 1, _name(msgs.get("hand.status_none", lang), "gray"))
    item = "redstone_torch" if state.revolution or state.eleven_back else "chain"
    return ItemSpec(item, 1, _name(" ".join(parts), "gold"))


def _button(button: Button, state: ScreenState, layout: Layout, msgs: MessageCatalog, lang: str) -> ItemSpec:
    if button is Button.PLAY:
        return _play_button(state, msgs, lang)
    if button is Button.PASS:
        label = msgs.get("hand.pass_button", lang)
        if state.pass_code is None:
            return ItemSpec("white_concrete", 1, _name(label, "white", bold=True))
        reason = reason_text(state.pass_code, {}, msgs, lang)
        return ItemSpec("gray_concrete", 1, _name(f"{label}: {reason}", "gray"))
    if button is Button.CLEAR:
        # No selection count here: it would cost a write on every selection change.
        return ItemSpec("light_gray_concrete", 1, _name(msgs.get("hand.clear_button", lang), "white"))
    if button is Button.SORT:
        order = msgs.get("hand.sort_suit" if state.sort is SortOrder.SUIT else "hand.sort_strength", lang)
        text = msgs.get("hand.sort_label", lang, label=msgs.get("hand.sort_button", lang), order=order)
        return ItemSpec("comparator", 1, _name(text, "white"))
    if button is Button.INFO:
        info = tuple(_name(line, "gray") for line in state.info)
        return ItemSpec("name_tag", 1, _name(msgs.get("hand.info_button", lang), "aqua"), info)
    text = msgs.get("hand.page", lang, page=layout.page + 1, pages=layout.pages)
    return ItemSpec("arrow", layout.page + 1, _name(text, "white"))


def _play_button(state: ScreenState, msgs: MessageCatalog, lang: str) -> ItemSpec:
    v = state.verdict
    label = button_label(v.mode, msgs, lang)
    item = PLAY_ITEMS[v.color]
    lore: tuple[Text, ...] = ()
    if state.give_count is not None and v.mode is Decision.EXCHANGE and state.exchange:
        lore = (_name(msgs.get("hand.give_exactly", lang, count=state.give_count), "gray"),)
    if v.color is ButtonColor.ORANGE:
        reason = reason_text(v.code or "not_now", v.params, msgs, lang)
        text = msgs.get("hand.play_blocked", lang, label=label, reason=reason)
        return ItemSpec(item, 1, _name(text, "gold"), lore)
    cards = cards_text(v.cards, v.readings or None)
    key = "hand.play_foul" if v.color is ButtonColor.PURPLE else "hand.play_ok"
    color = "light_purple" if v.color is ButtonColor.PURPLE else "green"
    name = cards_message(msgs, key, lang, cards, color, label=label)
    return ItemSpec(
        item, max(1, len(v.cards)), _plain(Text(name.text, color=color, bold=True, extra=name.extra)), lore
    )


__all__ = ["CARD_ITEMS", "JOKER_ITEM", "SUIT_DYES", "Cell", "Target", "card_item", "cells", "tag_of"]
