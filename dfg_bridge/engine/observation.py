"""What one seat may see (見えている情報): the input of CPU players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._core import TRANSFER
from dfg_bridge.engine.actions import Action
from dfg_bridge.engine.cards import CARDS, Card, Suit, cards_of_mask
from dfg_bridge.engine.melds import Meld, meld_of_move

if TYPE_CHECKING:
    from dfg_bridge.engine._views import Finish, RoundViews


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


def observe(rnd: RoundViews, seat: int) -> Observation:
    """Build the :class:`Observation` of ``seat``."""
    from dfg_bridge.engine.actions import Pass, Play

    history: list[Action] = []
    transfers: list[tuple[int, int, tuple[Card, ...]]] = []
    for s, m in rnd.history:
        if m[0] == TRANSFER:
            # a hidden transfer (exchange_hidden) is known to its giver only
            if seat == m[2] or (seat == m[3] and not (len(m) > 4 and m[4])):
                transfers.append((m[2], m[3], cards_of_mask(m[1])))
        elif m[0] == mv.K_PASS:
            history.append(Pass(s))
        elif m[0] <= mv.K_STAIRS:
            history.append(Play(s, meld_of_move(m)))
    own = rnd.hands[seat]
    # in another hand (even a card seen before: なかまカード and 7渡し move cards back into hands),
    # or discarded face down (脱落, 都落ち)
    unseen = rnd.discard & ~rnd.seen
    for s, h in enumerate(rnd.hands):
        if s != seat:
            unseen |= h
    for h in rnd.held:
        unseen |= h
    unseen &= ~own
    to_act = rnd.to_act
    return Observation(
        seat=seat,
        phase=rnd.phase.value,
        hand=cards_of_mask(own),
        hand_counts=rnd.hand_counts(),
        to_act=to_act,
        field=rnd.field,
        field_by=rnd.field_by,
        revolution=rnd.revolution,
        eleven_back=rnd.eleven_back,
        lock=rnd.lock,
        number_lock=rnd.number_lock,
        direction=rnd.direction,
        passed=rnd.passed,
        finished=tuple(rnd.finished),
        history=tuple(history),
        seen=frozenset(cards_of_mask(rnd.seen)),
        unseen=frozenset(cards_of_mask(unseen)),
        pending=rnd.pending_decision if to_act == seat else None,
        risen=CARDS[rnd.risen] if rnd.risen >= 0 and to_act == seat else None,
        slime=rnd.slime,
        wallets=rnd.wallets,
        jokers=rnd.rules.jokers,
        field_cards=cards_of_mask(rnd.trick),
        present=frozenset(s for s in range(rnd.n) if rnd.present >> s & 1),
        pending_count=rnd.pending[0][1] if rnd.pending and to_act == seat else 0,
        prev_daifugo=rnd.prev_daifugo if rnd.prev_daifugo >= 0 else None,
        step=rnd.step,
        transfers=tuple(transfers),
    )
