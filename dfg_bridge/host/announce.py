"""Chat announcements (実況): engine events as lines for the table's players and lobby.

Pure: an engine event, the seat names and the message catalogue in, a :class:`Text` (or ``None`` for
events that are not announced) out. Private facts (the exchanged cards) are never announced here;
the table tells the two players concerned directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine.cards import Card, Suit
from dfg_bridge.engine.events import (
    Bombed,
    Cleared,
    Discarded,
    DroppedOut,
    ElevenBackChanged,
    Event,
    Finished,
    Gave,
    Locked,
    MiyakoOchi,
    NumberLocked,
    Passed,
    Played,
    Reversed,
    RevolutionChanged,
    Skipped,
)
from dfg_bridge.engine.rules import rank_titles
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Text

SUIT_COLORS = {Suit.SPADES: "dark_gray", Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "dark_green"}
"""Colours of suits in chat (the dye colours of the hand screen)."""


def card_text(card: Card, reading: Card | None = None) -> Text:
    """One card as coloured text: ``♥Q``; a joker reading ``♥7`` shows as ``★(♥7)``."""
    if card.is_joker:
        label = "★" if reading is None or reading.is_joker else f"★({reading})"
        return Text(label, color="light_purple")
    return Text(str(card), color=SUIT_COLORS.get(card.suit) if card.suit is not None else None)


def cards_text(cards: Sequence[Card], readings: Sequence[Card] | None = None) -> Text:
    """Cards separated by spaces."""
    parts: list[Text] = []
    for i, card in enumerate(cards):
        if i:
            parts.append(Text(" "))
        parts.append(card_text(card, readings[i] if readings is not None else None))
    return Text.join(parts)


def title_of(place: int, n_players: int) -> str:
    """The 階級 of ``place`` (1-based) among ``n_players``."""
    titles = rank_titles(max(2, min(6, n_players)))
    return titles[min(place, len(titles)) - 1]


def announce(
    event: Event, names: Sequence[str], n_players: int, msgs: MessageCatalog, lang: str
) -> Text | None:
    """The chat line for ``event`` (``None`` if it is not announced)."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    def line(key: str, color: str | None = None, **params: object) -> Text:
        return Text(msgs.get(key, lang, **params), color=color)

    if isinstance(event, Played):
        head = line("announce.played", player=name(event.seat))
        return Text.join([head, Text(" "), cards_text(event.meld.cards, event.meld.readings)])
    if isinstance(event, Passed):
        return line("announce.passed", "gray", player=name(event.seat))
    if isinstance(event, Cleared):
        reason = msgs.get(f"reason.{event.reason.value}", lang)
        if event.leader is None:
            return line("announce.cleared_end", "gray", reason=reason)
        return line("announce.cleared", "gray", reason=reason, player=name(event.leader))
    if isinstance(event, RevolutionChanged):
        return line("announce.revolution_on" if event.active else "announce.revolution_off", "gold")
    if isinstance(event, ElevenBackChanged):
        return line("announce.eleven_back_on", "gold") if event.active else None
    if isinstance(event, Locked):
        suits = "".join(Suit[_SUIT_NAMES[s]].symbol for s in event.suits if s in _SUIT_NAMES)
        return line("announce.locked", "gold", suits=suits)
    if isinstance(event, NumberLocked):
        return line("announce.number_locked", "gold")
    if isinstance(event, Finished):
        title = title_of(event.place, n_players)
        if event.reason == "dropout":
            return None
        key = "announce.finished_foul" if event.foul else "announce.finished"
        return line(key, "aqua", player=name(event.seat), place=event.place, title=title)
    if isinstance(event, MiyakoOchi):
        return line("announce.miyako_ochi", "gold", player=name(event.seat))
    if isinstance(event, DroppedOut):
        return line("announce.dropout", "red", player=name(event.seat))
    if isinstance(event, Skipped):
        return line("announce.skipped", "gold", players="、".join(name(s) for s in event.seats))
    if isinstance(event, Reversed):
        return line("announce.reversed", "gold")
    if isinstance(event, Discarded) and event.why in ("ten_discard", "bomb"):
        return line("announce.discarded", "gray", player=name(event.seat), count=len(event.cards))
    if isinstance(event, Bombed):
        return line("announce.bombed", "gold", player=name(event.seat), rank=event.rank)
    if isinstance(event, Gave) and event.why in ("seven_pass",):
        return line("announce.seven_pass", "gray", player=name(event.seat), to=name(event.to))
    return None


_SUIT_NAMES = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
