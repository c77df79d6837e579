"""What a seat knows for sure about the hidden hands (確定情報): cards whose holder it knows, and
per-seat ceilings from the exchange, remembered across its decisions in a round by :class:`Tracker`.

The sampler (:mod:`.belief`) deals around these facts. Under UECda's hidden receipt the ceiling is
uncertain: :func:`ceiling_choices` gives each one with the number of ways it arises.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from dfg_bridge.engine.actions import Action, Give
from dfg_bridge.engine.cpu.clues import top_ranks
from dfg_bridge.engine.cpu.exchange import receiver_of
from dfg_bridge.engine.cpu.view import View


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Hard facts about hidden hands: cards whose holder is known, and per-seat ceilings.

    ``placed`` maps a card index to the seat holding it. ``ceiling`` maps a seat to the highest card
    index it may hold apart from ``placed`` cards: it gave its strongest cards away (the exchange's
    automatic part), so nothing stronger than what it gave is left.
    """

    placed: dict[int, int]
    ceiling: dict[int, int]
    choices: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Per seat whose strongest cards came to us unseen (UECda's hidden receipt), the ceilings it may
    have (highest card index first, the loosest being its ``ceiling``) with the number of ways each
    arises: which of our cards came from it is unknown, any ``k`` of them may have (see
    :func:`ceiling_choices`)."""


class Tracker:
    """Memory of one seat across its decisions in a round, and what the transfers it saw reveal.

    Remembering one's own actions is fair play: a human remembers them too.
    """

    def __init__(self) -> None:
        self._history: tuple[Action, ...] = ()
        self._step = -1
        self._strong_from: set[int] = set()
        self._below: dict[int, tuple[tuple[int, int], ...]] = {}
        """Per seat whose strongest cards came to us unseen (``exchange_hidden``), the highest card
        index it may still hold apart from ours (no rank above the weakest of the cards we took), as
        :func:`ceiling_choices`."""

    def update(self, view: View) -> bool:
        """Start afresh when ``view`` belongs to a new round (then True)."""
        obs = view.obs
        h = obs.history
        prev = self._history
        fresh = obs.step < self._step or len(h) < len(prev) or h[: len(prev)] != prev
        if fresh:
            self._strong_from = set()
            self._below = {}
        self._history = h
        self._step = obs.step
        return fresh

    def note(self, view: View, action: Action) -> None:
        """Remember whose first cards to us were their strongest (the exchange, as the higher rank)."""
        # (a 買収 target gives its strongest cards too, but it may have bribed a lower rank before
        # and get stronger cards afterwards, so that tells no ceiling)
        if isinstance(action, Give) and view.obs.phase == "exchange":
            strong_from, below = _exchange_facts(view, len(action.cards))
            self._strong_from |= strong_from
            self._below.update(below)

    def knowledge(self, view: View, giving: int = 0) -> Knowledge:
        """The hard facts of ``view`` (see :class:`Knowledge`); ``giving``: the cards this seat is about
        to give back in the exchange, whose facts hold already while it decides."""
        obs = view.obs
        counts = obs.hand_counts
        strong_from = self._strong_from
        below = self._below
        if giving and obs.phase == "exchange":
            now_from, now_below = _exchange_facts(view, giving)
            strong_from = strong_from | now_from
            below = {**below, **now_below}
        placed: dict[int, int] = {}
        ceiling: dict[int, int] = {}
        choices: dict[int, tuple[tuple[int, int], ...]] = {}
        first_from: set[int] = set()
        for giver, receiver, cards in obs.transfers:
            if giver == obs.seat and counts[receiver] > 0:
                for c in cards:
                    if view.unseen >> c.index & 1:
                        placed[c.index] = receiver
            elif receiver == obs.seat and giver not in first_from:
                first_from.add(giver)
                if giver in strong_from and cards and counts[giver] > 0:
                    ceiling[giver] = min(c.index for c in cards)
        for seat, options in below.items():
            if counts[seat] > 0 and seat not in ceiling:
                top = options[0][0]
                if top < JOKER_TOP:
                    ceiling[seat] = top
                if len(options) > 1:
                    choices[seat] = options
        return Knowledge(placed, ceiling, choices)


JOKER_TOP = 4 * 13 + 3
"""The "ceiling" of a rank-13 card (a joker): it bans nothing."""


def ceiling_choices(ranks: list[int], k: int) -> tuple[tuple[int, int], ...]:
    """The lower rank's possible ceilings after it gave us its ``k`` strongest cards unseen, and in how
    many ways each arises: our hand's ``ranks`` (strongest first, :func:`~.clues.top_ranks`) hold the
    ``k`` cards, any ``k`` of them alike before anything else is known (the deal is uniform); if the
    weakest of them is our ``j``-th strongest card, the other ``k - 1`` are among the ``j`` above it, and
    the lower rank kept no rank above it. Highest ceiling (card index ``4 * rank + 3``) first.

    >>> ceiling_choices([13, 12, 12, 11, 5], 2)
    ((51, 3), (47, 3), (23, 4))
    >>> ceiling_choices([12, 3], 1)
    ((51, 1), (15, 1))
    """
    ways: dict[int, int] = {}
    for j in range(k - 1, len(ranks)):
        top = 4 * ranks[j] + 3
        ways[top] = ways.get(top, 0) + math.comb(j, k - 1)
    return tuple(sorted(ways.items(), reverse=True))


def _exchange_facts(view: View, k: int) -> tuple[set[int], dict[int, tuple[tuple[int, int], ...]]]:
    """What choosing ``k`` cards to give back in the exchange tells: this seat is the higher rank, so
    the cards the lower rank already handed over were its strongest (the seats they came from), or,
    told nothing of which cards came (UECda), the lower rank's possible ceilings (any ``k`` cards of
    this hand may have come; at the loosest the rest of its hand ranks no higher than this hand's
    ``k``-th strongest card): :func:`ceiling_choices`."""
    obs = view.obs
    strong_from = {giver for giver, receiver, _cards in obs.transfers if receiver == obs.seat}
    below: dict[int, tuple[tuple[int, int], ...]] = {}
    partner = receiver_of(view, k) if not strong_from and k else None
    if partner is not None:
        ranks = top_ranks(view.hand)
        if len(ranks) >= k:
            below[partner] = ceiling_choices(ranks, k)
    return strong_from, below
