"""How the other seats play, read from what they did (相手の打ち筋): eager or careful.

Two styles are told apart from the public history. An *eager* seat (like the ``greedy`` baseline)
answers with the weakest card that beats the field, a strong one too, and passes only when it cannot
play. A *careful* seat saves its aces, 2s and jokers while its hand is big and passes on a weak
field when playing would break its hand. Two kinds of act are evidence:

* an answer with an ace, a 2 (in the order now) while the hand is still big: eager seats do this all
  the time, careful ones seldom;
* a pass on a weak single while the hand is big: an eager seat almost surely had a card to beat it.

Each act adds its log likelihood ratio to the seat's score; the score carries over to the next
round at half weight (a human remembers how a table plays, and a new player at a seat is forgotten
soon). :meth:`Style.eagerness` turns it into a probability; ``strong`` plays each seat in its
playouts as eager or careful with that probability, and trusts an eager seat's pass more.
"""

from __future__ import annotations

import math

from dfg_bridge.engine.actions import Pass, Play
from dfg_bridge.engine.cpu.belief import walk
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import JOKER_RANK, K_GROUP, K_SINGLE, move_strength

BIG_HAND = 6
"""Cards in hand (before the act) from which a hand counts as big."""
STRONG_ANSWER = math.log(4.0)
"""Evidence for eager play: an answer with an ace or a 2 from a big hand."""
WEAK_PASS = math.log(0.3)
"""Evidence against eager play: a pass on a weak single (strength ≤ :data:`WEAK_FIELD`) from a big hand."""
WEAK_FIELD = 6
BROKEN_PAIR = math.log(3.0)
"""Evidence for eager play: two singles of one rank, the first from a big hand."""
PRIOR = 0.0
"""Log odds of eager play before any evidence (most people play carefully)."""
CARRY = 0.5
"""Share of a round's evidence kept for the next round."""


def evidence(view: View) -> dict[int, float]:
    """Log likelihood ratio eager : careful of each other seat's acts in this round."""
    obs = view.obs
    history = obs.history
    # hand sizes before each act: today's counts plus what each seat played since
    left = list(obs.hand_counts)
    sizes: list[int] = [0] * len(history)
    for i in range(len(history) - 1, -1, -1):
        a = history[i]
        if isinstance(a, Play):
            left[a.seat] += len(a.meld.cards)
        sizes[i] = left[a.seat]
    out: dict[int, float] = {}
    # a rank played as two separate singles from a big hand: a pair broken to answer
    first_single: dict[tuple[int, int], int] = {}
    for i, a in enumerate(history):
        if isinstance(a, Play) and a.seat != obs.seat and len(a.meld.cards) == 1:
            c = a.meld.cards[0]
            if c.rank is None:
                continue
            key = (a.seat, int(c.rank))
            if key not in first_single:
                first_single[key] = sizes[i]
            elif first_single[key] >= BIG_HAND:
                out[a.seat] = out.get(a.seat, 0.0) + BROKEN_PAIR
    i = -1
    for a, field, inverted, lock in walk(history, view.rules):
        i = history.index(a, i + 1)
        seat = a.seat
        if seat == obs.seat or sizes[i] < BIG_HAND or field is None or field[0] not in (K_SINGLE, K_GROUP):
            continue
        if isinstance(a, Play):
            m = move_of_meld(a.meld)
            if m is None or m[2] or m[4] >= JOKER_RANK:
                continue
            if move_strength(m, inverted) >= 11:
                out[seat] = out.get(seat, 0.0) + STRONG_ANSWER
        elif (
            isinstance(a, Pass)
            and field[0] == K_SINGLE
            and not lock
            and move_strength(field, inverted) <= WEAK_FIELD
        ):
            out[seat] = out.get(seat, 0.0) + WEAK_PASS
    return out


class Style:
    """Each seat's eagerness, remembered across the rounds this CPU plays."""

    def __init__(self) -> None:
        self._carried: dict[int, float] = {}
        self._seen: View | None = None

    def watch(self, view: View) -> None:
        """Remember the latest view of the round (its history is the round's evidence so far)."""
        self._seen = view

    def new_round(self) -> None:
        """Fold the last round's evidence into the memory (at :data:`CARRY` weight)."""
        last = evidence(self._seen) if self._seen is not None else {}
        for seat in set(self._carried) | set(last):
            self._carried[seat] = CARRY * (self._carried.get(seat, 0.0) + last.get(seat, 0.0))
        self._seen = None

    def eagerness(self, view: View) -> list[float]:
        """Per seat, the probability that it plays eagerly (this seat's own entry is 0)."""
        self._seen = view
        last = evidence(view)
        n = len(view.obs.hand_counts)
        out = [0.0] * n
        for s in range(n):
            if s != view.seat:
                z = PRIOR + self._carried.get(s, 0.0) + last.get(s, 0.0)
                out[s] = 1.0 / (1.0 + math.exp(-z))
        return out
