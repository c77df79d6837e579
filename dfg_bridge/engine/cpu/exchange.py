"""The exchange searched by ``strong`` (カード交換の探索): which cards to give back, tried by playouts.

As 大富豪 or 富豪 a seat gives back cards of its choice once the lower rank's strongest cards are in its
hand. The ``normal`` chooser keeps the hand that splits into the fewest leads; ``strong`` takes that
choice and the next best few (:func:`give_options`) and plays the round out from the start with each
(:func:`ExchangeWorlds`): the receiver holds the cards given, the other hands are dealt from the unseen
cards as the sampler deals them, and the round starts as the rules start it (its leader, 都落ち).
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine.actions import Action, Give
from dfg_bridge.engine.cpu.choices import card_key, hand_score
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.moves import cards_of
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


def _mask(a: Give) -> int:
    m = 0
    for c in a.cards:
        m |= 1 << c.index
    return m


def give_options(
    view: View, legal: Sequence[Action], favourite: Action, limit: int
) -> list[tuple[int, Action]]:
    """Up to ``limit`` gives (card mask, action): ``favourite`` first, then by the hand they leave."""
    o = view.outlook
    hand = view.hand
    scored: list[tuple[tuple[int, int], int, int, Action]] = []
    seen: set[int] = set()
    for a in legal:
        if not isinstance(a, Give):
            continue
        mask = _mask(a)
        if mask in seen:
            continue
        seen.add(mask)
        weakness = sum(card_key(c.index, o.inverted) for c in a.cards)
        scored.append((hand_score(hand & ~mask, o), weakness, mask, a))
    scored.sort(key=lambda t: (t[0], t[1], t[2]))
    out: list[tuple[int, Action]] = []
    if isinstance(favourite, Give):
        out.append((_mask(favourite), favourite))
    for _score, _weak, mask, a in scored:
        if len(out) >= limit:
            break
        if not out or mask != out[0][0]:
            out.append((mask, a))
    return out


def receiver_of(view: View, size: int) -> int | None:
    """The seat our cards go to: the one whose strongest ``size`` cards came to us (by the exchange's
    pairs when we are not told which cards came, as under UECda's hidden receipt)."""
    me = view.seat
    for giver, receiver, cards in view.obs.transfers:
        if receiver == me and len(cards) == size and giver != me:
            return giver
    for high, low, cards_n in view.obs.exchange_pairs:
        if high == me and cards_n == size and low != me:
            return low
    return None


def previous_ranking(view: View, receiver: int, size: int) -> tuple[int, ...] | None:
    """Last round's ranking as far as it matters here: the 大富豪 first (都落ち), the lowest last (the
    leader under ``later_leader: lowest``); seats we cannot place go in between."""
    me = view.seat
    present = [s for s, c in enumerate(view.obs.hand_counts) if c > 0]
    if size >= 2:
        middle = [s for s in present if s not in (me, receiver)]
        return (me, *middle, receiver)
    top = view.obs.prev_daifugo
    bottom = None
    for high, low, cards_n in view.obs.exchange_pairs:
        if cards_n >= 2:  # the 大富豪 and 大貧民's pair
            top = high if top is None else top
            bottom = low
    if top is None or top in (me, receiver):
        return None
    if bottom is not None and bottom in present and bottom not in (me, receiver, top):
        middle = [s for s in present if s not in (me, receiver, top, bottom)]
        return (top, me, *middle, receiver, bottom)
    rest = [s for s in present if s not in (me, receiver, top)]
    return (top, me, *rest[:-1], receiver, *rest[-1:])


class ExchangeWorlds:
    """Builds, from one sampled deal, the round that follows each candidate give."""

    def __init__(
        self, rules: Rules, seat: int, receiver: int, prev: tuple[int, ...], gives: list[int]
    ) -> None:
        self.rules = rules.replace(exchange=False, bribery=False)
        self.seat = seat
        self.receiver = receiver
        self.prev = prev
        self.gives = gives

    def start(self, deal: Round, i: int) -> Round:
        """The round after give ``i`` in the deal ``deal`` (its hands as sampled, our hand whole)."""
        hands = [deal.hand_mask(s) for s in range(deal.n_seats)]
        mask = self.gives[i]
        hands[self.seat] &= ~mask
        hands[self.receiver] |= mask
        # the deal's own なかまカード seed is the round's private state: one drawn from the deal's hands
        # is the same for every candidate of the deal, which keeps them paired
        seed = hash(tuple(deal.hand_mask(s) for s in range(deal.n_seats))) & 0xFFFFFFFF
        return Round.from_hands(self.rules, [cards_of(h) for h in hands], prev_ranking=self.prev, seed=seed)
