"""The ``greedy`` baseline (貪欲法): always the weakest legal meld, jokers only when forced.

* A play: the weakest legal meld now (the order follows 革命 / 11バック); at that strength the
  largest one; a joker only when no joker-free play exists. It passes only when it cannot play,
  or when every play would finish with a forbidden card (反則上がり) and it may pass instead.
* Other decisions take the plainest option: exchange, 7渡し and 10捨て hand over the weakest cards
  (as many as allowed); Qボンバー, なかまカード and 買収 are declined.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Recruit
from dfg_bridge.engine.cards import Card
from dfg_bridge.engine.cpu.base import Decision, as_list, decision_of
from dfg_bridge.engine.cpu.hand import is_foul
from dfg_bridge.engine.cpu.view import View, pass_in, plays_of, read, rules_of
from dfg_bridge.engine.moves import (
    Move,
    move_strength,
)
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.rules import Rules


def card_strength(card: Card, inverted: bool) -> int:
    """Strength of one card now (jokers strongest)."""
    if card.rank is None:
        return 100
    r = int(card.rank) - 3
    return 12 - r if inverted else r


def weakest_first(cards: Sequence[Card], inverted: bool) -> list[Card]:
    """``cards`` sorted weakest first in the order now (ties by index)."""
    return sorted(cards, key=lambda c: (card_strength(c, inverted), c.index))


def greedy_play(view: View, legal: Sequence[Action]) -> Action:
    """The greedy play decision (see the module docstring)."""
    plays = plays_of(legal)
    passing = pass_in(legal)
    if not plays:
        return passing if passing is not None else legal[0]
    inv = view.inverted
    free = [p for p in plays if not p[0][2]]
    pool = free or plays

    def order(p: tuple[Move, Action]) -> tuple[int, int, int]:
        m = p[0]
        return (move_strength(m, inv), -m[3], m[1])

    pool.sort(key=order)
    hand = view.hand
    for m, action in pool:
        if hand & ~m[1] or not is_foul(m, inv, view.rules, view.on_joker and m[1] == 1):
            return action
    return passing if passing is not None else pool[0][1]


def plain_choice(observation: Observation, legal: Sequence[Action]) -> Action:
    """Greedy's non-play decisions: weakest cards for exchange / 7渡し / 10捨て, decline the rest."""
    first = legal[0]
    inverted = observation.revolution != observation.eleven_back
    if isinstance(first, (Give, Discard)):
        size = max(len(a.cards) for a in legal if isinstance(a, (Give, Discard)))
        want = frozenset(weakest_first(observation.hand, inverted)[:size])
        for a in legal:
            if isinstance(a, (Give, Discard)) and frozenset(a.cards) == want:
                return a
        return first
    for a in legal:
        if isinstance(a, Bomb) and a.rank is None and not a.joker:
            return a
        if isinstance(a, Recruit) and a.card is None:
            return a
        if isinstance(a, Bribe) and not a.cards:
            return a
    return first


class GreedyPlayer:
    """The greedy baseline CPU (level ``greedy``)."""

    level = "greedy"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules

    def decide(self, observation: Observation, legal: Iterable[Action]) -> Action:
        """Pick one of ``legal``."""
        acts = as_list(legal)
        if len(acts) == 1:
            return acts[0]
        if decision_of(acts) is Decision.PLAY:
            return greedy_play(read(observation, rules_of(observation, self.rules)), acts)
        return plain_choice(observation, acts)
