"""What one seat's hand screen shows (画面の状態), as a frozen value built from the table's state.

:func:`dfg_bridge.host.handscreen.view.cells` turns a :class:`ScreenState` into slot contents; nothing
here touches the engine's mutable round, so the view stays a pure function that tests can feed by hand.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from dfg_bridge.engine import Card
from dfg_bridge.host.decisions import Decision
from dfg_bridge.host.handscreen.verdict import ButtonColor, Verdict


class SortOrder(enum.Enum):
    """How rows 3–5 order the hand (並べ替え toggles it)."""

    STRENGTH = "strength"
    """強さ順: weakest first, as the cards stand now (革命 reverses the ranks; jokers stay last)."""
    SUIT = "suit"
    """マーク順: ♠ ♥ ♦ ♣, each by strength, jokers last."""

    def toggled(self) -> SortOrder:
        """The other order."""
        return SortOrder.SUIT if self is SortOrder.STRENGTH else SortOrder.STRENGTH


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player of row 2 (出場者): item count = cards left, or the place once finished."""

    name: str
    cards: int
    place: int | None = None
    title: str | None = None
    """The 階級 once finished, in the player's language."""
    to_act: bool = False
    passed: bool = False
    dropped: bool = False
    cpu: bool = False
    me: bool = False


NO_VERDICT = Verdict(ButtonColor.ORANGE, Decision.PLAY, code="not_now")
"""The play button outside a round."""


@dataclass(frozen=True, slots=True)
class ScreenState:
    """Everything one seat's screen depends on; equal states draw equal screens."""

    hand: tuple[Card, ...] = ()
    selected: frozenset[int] = frozenset()
    sort: SortOrder = SortOrder.STRENGTH
    inverted: bool = False
    """Whether ranks are reversed now (革命 XOR 11バック): strength order follows it."""
    field: tuple[Card, ...] = ()
    readings: tuple[Card, ...] = ()
    """What each field card stands for (a joker's assumed card)."""
    field_kind: str | None = None
    """``single``, ``group`` or ``stairs`` (the engine's ``MeldKind`` value)."""
    field_by: str | None = None
    players: tuple[PlayerLine, ...] = ()
    revolution: bool = False
    eleven_back: bool = False
    lock: str = ""
    """Locked suits as symbols (``♥``), empty when there is no 縛り."""
    number_lock: bool = False
    round_no: int = 0
    rounds: int = 0
    seconds_left: int | None = None
    """Shown only to a seat that may act now, and only near the end (the clock counts down)."""
    time_limit: int | None = None
    """The turn's (or exchange's) time limit: what the clock shows while it does not count down."""
    verdict: Verdict = NO_VERDICT
    pass_code: str | None = "not_now"
    """Why パス would be refused (``None``: it would be accepted)."""
    exchange: bool = False
    """The title reads 交換 and the play button is 渡す."""
    give_count: int | None = None
    info: tuple[str, ...] = ()
    """Lines of 自分の情報 (name, points, last rank …)."""
    page: int = 0
    """The ender-chest page shown (ignored by the chest)."""
    placed: tuple[Card | None, ...] | None = None
    """The hand as rows 3–5 show it, gaps (``None``) where cards were played; ``None``: sorted afresh."""

    def sorted_hand(self) -> tuple[Card, ...]:
        """The hand in its sort order (the chat hand, the book and the dialog show it so)."""
        return sort_cards(self.hand, self.sort, inverted=self.inverted)

    def shown_hand(self) -> tuple[Card | None, ...]:
        """The hand as rows 3–5 show it: :attr:`placed`, else :meth:`sorted_hand`."""
        return self.placed if self.placed is not None else self.sorted_hand()


def placed_hand(before: tuple[Card | None, ...] | None, state: ScreenState) -> tuple[Card | None, ...]:
    """Where rows 3–5 put ``state``'s hand, given where they put it ``before`` (手札の並び).

    A played card leaves a gap and the others keep their slots, so a play rewrites only the slots it
    emptied instead of shifting the rest of the hand (each slot write is an RCON command, issue 19).
    The hand is sorted afresh when a card came in (a deal, an exchange) or the order changed
    (並べ替え, 革命).

    >>> from dfg_bridge.engine.cards import parse_cards
    >>> full = ScreenState(hand=parse_cards("S3 H5 D9 SK"))
    >>> before = placed_hand(None, full)
    >>> [str(c) if c else "-" for c in placed_hand(before, ScreenState(hand=parse_cards("S3 D9")))]
    ['♠3', '-', '♦9']
    >>> [str(c) for c in placed_hand(before, ScreenState(hand=parse_cards("S3 H5 D9 SK C4")))]
    ['♠3', '♣4', '♥5', '♦9', '♠K']
    """
    order = state.sorted_hand()
    if before is None:
        return order
    now = {card.index for card in order}
    kept = tuple(card for card in before if card is not None and card.index in now)
    if len(kept) != len(order) or kept != order:
        return order
    placed = [card if card is not None and card.index in now else None for card in before]
    while placed and placed[-1] is None:
        placed.pop()
    return tuple(placed)


def sort_cards(
    cards: tuple[Card, ...] | list[Card], order: SortOrder, *, inverted: bool = False
) -> tuple[Card, ...]:
    """Cards in ``order``; ``inverted`` (革命) reverses the ranks, jokers always come last.

    >>> from dfg_bridge.engine import parse_cards
    >>> hand = parse_cards("H2 S3 JK C3 DK")
    >>> [str(c) for c in sort_cards(hand, SortOrder.STRENGTH)]
    ['♠3', '♣3', '♦K', '♥2', '★']
    >>> [str(c) for c in sort_cards(hand, SortOrder.STRENGTH, inverted=True)]
    ['♥2', '♦K', '♠3', '♣3', '★']
    >>> [str(c) for c in sort_cards(hand, SortOrder.SUIT)]
    ['♠3', '♥2', '♦K', '♣3', '★']
    """

    def strength(card: Card) -> int:
        rank = int(card.rank) if card.rank is not None else 0
        return -rank if inverted else rank

    def key(card: Card) -> tuple[int, int, int, int]:
        if card.is_joker:
            return (1, 0, 0, card.index)
        suit = int(card.suit) if card.suit is not None else 0
        if order is SortOrder.SUIT:
            return (0, suit, strength(card), card.index)
        return (0, strength(card), suit, card.index)

    return tuple(sorted(cards, key=key))
