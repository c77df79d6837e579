"""What one seat may see (見えている情報): the input of CPU players."""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.engine.actions import Action
from dfg_bridge.engine.cards import Card, Suit
from dfg_bridge.engine.melds import Meld


@dataclass(frozen=True, slots=True)
class Finish:
    """A seat's place (順位) in the round; ``reason``: out, foul, miyako_ochi, dropout or last."""

    seat: int
    place: int
    foul: bool
    reason: str = "out"


@dataclass(frozen=True, slots=True)
class Observation:
    """A frozen snapshot of one seat's view of a round.

    ``unseen`` are the cards this seat cannot locate: in other hands (a card seen earlier may be
    back in a hand after なかまカード), or discarded face down (脱落 / 都落ち hands); the hidden
    cards of a determinized deal come from exactly this set. ``history`` lists the public plays
    and passes of the round, in order.
    """

    seat: int
    phase: str
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    to_act: int | None
    field: Meld | None
    field_by: int | None
    revolution: bool
    eleven_back: bool
    lock: frozenset[Suit] | None
    number_lock: bool
    direction: int
    passed: frozenset[int]
    finished: tuple[Finish, ...]
    history: tuple[Action, ...]
    seen: frozenset[Card]
    unseen: frozenset[Card]
    pending: str | None
    risen: Card | None
    slime: int
    wallets: tuple[int, ...]
    jokers: int
    field_cards: tuple[Card, ...] = ()
    """Every card played in the current trick (face up on the table)."""
    present: frozenset[int] = frozenset()
    """Seats taking part in this round."""
    pending_count: int = 0
    """Cards or ranks the pending decision allows (when this seat is to act)."""
    prev_daifugo: int | None = None
    """The previous round's 大富豪 (都落ち), if any."""
    step: int = 0
    """Actions taken so far in the round."""
    transfers: tuple[tuple[int, int, tuple[Card, ...]], ...] = ()
    """Cards this seat gave or received (exchange, 買収, 7渡し): ``(giver, receiver, cards)``."""
    exchange_pairs: tuple[tuple[int, int, int], ...] = ()
    """This round's card exchange (カード交換), public as the titles are: ``(higher, lower, cards)`` per
    pair; the lower rank gave its strongest cards, the higher gave back as many of its choice."""
