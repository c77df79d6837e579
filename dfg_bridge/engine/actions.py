"""Actions a seat can take (手番の行動): frozen values, each with the acting ``seat``."""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.engine.cards import Card, Rank
from dfg_bridge.engine.melds import Meld


@dataclass(frozen=True, slots=True)
class Play:
    """Play a meld on the field (出す)."""

    seat: int
    meld: Meld

    def __str__(self) -> str:
        return f"{self.seat}: {self.meld}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (パス)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: pass"


@dataclass(frozen=True, slots=True)
class Give:
    """Give cards: the exchange's chosen cards (カード交換), or 7渡し (empty = give nothing)."""

    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Discard:
    """10捨て: discard up to as many cards as tens played (empty = discard nothing)."""

    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Bomb:
    """Qボンバー: name a rank (or the jokers) that every hand discards; neither = stop naming."""

    seat: int
    rank: Rank | None = None
    joker: bool = False


@dataclass(frozen=True, slots=True)
class Bribe:
    """買収: give ``len(cards)`` 100億 cards and these cards to ``target``; no cards = decline."""

    seat: int
    cards: tuple[Card, ...] = ()
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Recruit:
    """なかまカード: swap the risen discard for ``card`` from the hand; None = decline."""

    seat: int
    card: Card | None = None


Action = Play | Pass | Give | Discard | Bomb | Bribe | Recruit
"""Any action."""
