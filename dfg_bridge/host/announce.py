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
    ClearReason,
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

_RANK_KEYS = {"大富豪": "daifugo", "富豪": "fugo", "平民": "heimin", "貧民": "hinmin", "大貧民": "daihinmin"}
_SUIT_OF_LETTER = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_HOLE = "\x00"


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


def with_cards(template: str, cards: Text, color: str | None = None) -> Text:
    """A message rendered with ``cards=<hole>``, the hole replaced by the coloured cards."""
    before, _, after = template.partition(_HOLE)
    parts = [Text(before, color=color), cards]
    if after:
        parts.append(Text(after, color=color))
    return Text.join(parts)


def cards_message(msgs: MessageCatalog, key: str, lang: str, cards: Text, color: str | None = None,
                  **params: object) -> Text:  # fmt: skip
    """Message ``key`` whose ``{cards}`` placeholder shows the coloured ``cards``."""
    return with_cards(msgs.get(key, lang, cards=_HOLE, **params), cards, color)


def title_of(place: int, n_players: int) -> str:
    """The 階級 of ``place`` (1-based) among ``n_players`` (Japanese, as the engine names them)."""
    titles = rank_titles(max(2, min(6, n_players)))
    return titles[min(place, len(titles)) - 1]


def rank_name(title: str, msgs: MessageCatalog, lang: str) -> str:
    """A 階級 in the player's language (``ranks.*``)."""
    key = _RANK_KEYS.get(title)
    return msgs.get(f"ranks.{key}", lang) if key else title


def suits_symbols(letters: Sequence[str]) -> str:
    """Suit letters (``"H"``) as symbols (``"♥"``)."""
    return "".join(_SUIT_OF_LETTER[s].symbol for s in letters if s in _SUIT_OF_LETTER)


def announce(
    event: Event, names: Sequence[str], n_players: int, msgs: MessageCatalog, lang: str
) -> Text | None:
    """The chat line for ``event`` (``None`` if it is not announced)."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    def line(key: str, color: str | None = None, **params: object) -> Text:
        return Text(msgs.get(key, lang, **params), color=color)

    if isinstance(event, Played):
        cards = cards_text(event.meld.cards, event.meld.readings)
        return cards_message(msgs, "play.played", lang, cards, player=name(event.seat))
    if isinstance(event, Passed):
        return line("play.passed", "gray", player=name(event.seat))
    if isinstance(event, Cleared):
        if event.reason is ClearReason.EIGHT_CUT:
            return line("play.eight_cut", "gold")
        if event.reason is ClearReason.SPADE3:
            return line("play.spade3", "gold")
        if event.leader is None:
            return None
        return line("play.cleared", "gray", player=name(event.leader))
    if isinstance(event, RevolutionChanged):
        return line("play.revolution" if event.active else "play.revolution_back", "gold")
    if isinstance(event, ElevenBackChanged):
        return line("play.eleven_back", "gold") if event.active else None
    if isinstance(event, Locked):
        return line("play.locked", "gold", suit=suits_symbols(event.suits))
    if isinstance(event, NumberLocked):
        return line("play.number_locked", "gold")
    if isinstance(event, Finished):
        if event.reason == "dropout":
            return None
        if event.foul:
            return line("play.foul_finish", "red", player=name(event.seat))
        rank = rank_name(title_of(event.place, n_players), msgs, lang)
        return line("play.finished", "aqua", player=name(event.seat), place=event.place, rank=rank)
    if isinstance(event, MiyakoOchi):
        return line("play.miyako_ochi", "gold", player=name(event.seat))
    if isinstance(event, DroppedOut):
        return line("match.dropout", "red", player=name(event.seat))
    if isinstance(event, Skipped):
        return line("play.five_skip", "gold", count=len(event.seats))
    if isinstance(event, Reversed):
        return line("play.reversed", "gold")
    if isinstance(event, Discarded) and event.why in ("ten_discard", "bomb"):
        return line("play.discarded", "gray", player=name(event.seat), count=len(event.cards))
    if isinstance(event, Bombed):
        return line("play.bombed", "gold", player=name(event.seat), rank=event.rank)
    if isinstance(event, Gave) and event.why == "seven_pass":
        return line("play.seven_pass", "gray", player=name(event.seat), to=name(event.to))
    return None
