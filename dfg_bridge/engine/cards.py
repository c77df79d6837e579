"""Cards (トランプ): suits, ranks, jokers and their two text forms.

Every card has a compact index used by the engine's internals: ``(rank - 3) * 4 + suit`` for the
52 ordinary cards (so the four cards of one rank are four adjacent bits) and 52 / 53 for the two
jokers. Index order is default strength order (3 < … < 2 < joker), ties broken by suit.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import total_ordering

JOKER_INDEX = 52
"""Index of the first joker; the second is ``JOKER_INDEX + 1``."""


class Suit(enum.IntEnum):
    """A suit (マーク). There is no strength difference between suits."""

    SPADES = 0
    """♠ スペード (black dye)."""
    HEARTS = 1
    """♥ ハート (red dye)."""
    DIAMONDS = 2
    """♦ ダイヤ (blue dye)."""
    CLUBS = 3
    """♣ クラブ (green dye)."""

    @property
    def letter(self) -> str:
        """ASCII letter: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """Symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]


class Rank(enum.IntEnum):
    """A rank (数字), valued in natural strength order: 3 is weakest, 2 strongest."""

    THREE = 3
    """3 (the strongest card under 革命)."""
    FOUR = 4
    """4."""
    FIVE = 5
    """5 (5飛び / 5スキップ)."""
    SIX = 6
    """6."""
    SEVEN = 7
    """7 (7パサー)."""
    EIGHT = 8
    """8 (8切り)."""
    NINE = 9
    """9 (9リバース)."""
    TEN = 10
    """10 (10ステ)."""
    JACK = 11
    """J (11バック)."""
    QUEEN = 12
    """Q (Qボンバー)."""
    KING = 13
    """K."""
    ACE = 14
    """A."""
    TWO = 15
    """2 (the strongest ordinary card)."""

    @property
    def label(self) -> str:
        """Text label: ``3`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``2``."""
        return _LABELS[self.value - 3]

    @property
    def face(self) -> int:
        """The face value shown as an item count: A=1, 2=2, 3..10, J=11, Q=12, K=13."""
        if self is Rank.ACE:
            return 1
        if self is Rank.TWO:
            return 2
        return self.value


_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_LABEL_TO_RANK = {label: Rank(i + 3) for i, label in enumerate(_LABELS)}
_LABEL_TO_RANK["T"] = Rank.TEN
_LABEL_TO_RANK["1"] = Rank.ACE
_SUIT_BY_CHAR = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_BY_CHAR.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})
_JOKER_TEXTS = {"JK", "JOKER", "★", "☆", "JK1"}


class CardParseError(ValueError):
    """A card or card list could not be read. ``code`` is ``bad_card``."""

    code = "bad_card"


@total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Card:
    """One playing card (カード); jokers (ジョーカー) are ``Card.joker(0)`` and ``Card.joker(1)``.

    Cards compare by default strength (3 weakest, then … K, A, 2, joker), ties by suit.

    >>> Card.parse("♥Q"), Card.parse("hq"), Card.parse("JK")
    (Card.parse('HQ'), Card.parse('HQ'), Card.parse('JK'))
    >>> str(Card.parse("H10")), Card.parse("♠3").ascii(), str(Card.joker())
    ('♥10', 'S3', '★')
    >>> sorted(Card.parse(t) for t in ("JK", "S2", "D3", "HA"))
    [Card.parse('D3'), Card.parse('HA'), Card.parse('S2'), Card.parse('JK')]
    """

    suit: Suit | None
    rank: Rank | None
    joker_no: int = -1
    index: int = field(default=-1, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.suit is None or self.rank is None:
            if self.suit is not None or self.rank is not None or self.joker_no not in (0, 1):
                raise ValueError("a joker has neither suit nor rank, and joker_no 0 or 1")
            object.__setattr__(self, "index", JOKER_INDEX + self.joker_no)
        else:
            if self.joker_no != -1:
                raise ValueError("an ordinary card has joker_no -1")
            object.__setattr__(self, "index", (int(self.rank) - 3) * 4 + int(self.suit))

    @staticmethod
    def joker(i: int = 0) -> Card:
        """The joker number ``i`` (0 or 1): two jokers are distinct values."""
        return CARDS[JOKER_INDEX + i]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this compact index (0–53)."""
        return CARDS[index]

    @property
    def is_joker(self) -> bool:
        """True for either joker."""
        return self.joker_no >= 0

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``HQ``, ``♥Q``, ``h10``, ``S3``, ``JK``, ``★``. Raises :class:`CardParseError`."""
        t = text.strip()
        up = t.upper()
        if up in _JOKER_TEXTS:
            return CARDS[JOKER_INDEX]
        if up == "JK2":
            return CARDS[JOKER_INDEX + 1]
        if len(t) >= 2:
            suit = _SUIT_BY_CHAR.get(up[0])
            rank = _LABEL_TO_RANK.get(up[1:])
            if suit is not None and rank is not None:
                return CARDS[(int(rank) - 3) * 4 + int(suit)]
        raise CardParseError(f"not a card: {text!r}")

    def ascii(self) -> str:
        """ASCII form: ``HQ``, ``S10``, ``JK``."""
        if self.suit is None or self.rank is None:
            return "JK"
        return self.suit.letter + self.rank.label

    def __str__(self) -> str:
        if self.suit is None or self.rank is None:
            return "★"
        return self.suit.symbol + self.rank.label

    def __repr__(self) -> str:
        if self.joker_no == 1:
            return "Card.joker(1)"
        return f"Card.parse({self.ascii()!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


def _build_cards() -> tuple[Card, ...]:
    cards = [Card(Suit(i % 4), Rank(i // 4 + 3)) for i in range(52)]
    cards += [Card(None, None, 0), Card(None, None, 1)]
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
"""All 54 cards by compact index."""


def deck(jokers: int = 1) -> tuple[Card, ...]:
    """The 52 cards plus ``jokers`` (0–2) jokers, in index order."""
    if not 0 <= jokers <= 2:
        raise ValueError("jokers must be 0, 1 or 2")
    return CARDS[: JOKER_INDEX + jokers]


_TOKEN = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class PlayText:
    """A parsed play: the cards and, per card, the pinned reading of a joker (``JK=H6``) or None."""

    cards: tuple[Card, ...]
    pins: tuple[Card | None, ...]


def parse_play(text: str | list[str] | tuple[str, ...]) -> PlayText:
    """Read a play such as ``"S5 JK=S6 S7"`` (or a list of tokens), keeping joker pins.

    >>> p = parse_play("S5 JK=S6 S7")
    >>> [c.ascii() for c in p.cards], [None if c is None else c.ascii() for c in p.pins]
    (['S5', 'JK', 'S7'], [None, 'S6', None])
    """
    tokens = [t for t in _TOKEN.split(text.strip()) if t] if isinstance(text, str) else list(text)
    cards: list[Card] = []
    pins: list[Card | None] = []
    jokers_seen = 0
    for token in tokens:
        raw, _, pin = str(token).partition("=")
        card = Card.parse(raw)
        if card.is_joker:
            # Two bare "JK" tokens mean the two distinct jokers.
            if raw.strip().upper() not in ("JK2",):
                card = CARDS[JOKER_INDEX + min(jokers_seen, 1)]
            jokers_seen += 1
        pinned = None
        if pin:
            if not card.is_joker:
                raise CardParseError(f"only a joker can be pinned: {token!r}")
            pinned = Card.parse(pin)
            if pinned.is_joker:
                raise CardParseError(f"a joker must be pinned to an ordinary card: {token!r}")
        cards.append(card)
        pins.append(pinned)
    if len(set(cards)) != len(cards):
        raise CardParseError(f"a card appears twice: {text!r}")
    return PlayText(tuple(cards), tuple(pins))


def parse_cards(text: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Read a list of cards such as ``"S3 H3 JK"``; joker pins (``JK=H4``) are accepted and dropped.

    Use :func:`parse_play` to keep the pins. Two bare ``JK`` tokens are the two distinct jokers.

    >>> parse_cards("S3 ♥3 JK=H4")
    (Card.parse('S3'), Card.parse('H3'), Card.parse('JK'))
    """
    return parse_play(text).cards


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards whose index bits are set in ``mask``, in index (strength) order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(cards: tuple[Card, ...] | list[Card]) -> int:
    """The index bitmask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m
