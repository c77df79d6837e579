"""The policies ``strong``'s playouts play a seat read as careful with (慎重な席のモデル), by setting.

``shape`` is the fast stand-in (:mod:`.careful`), ``normal`` is ``normal`` itself (:mod:`.shape`:
exact, about ten times slower), :class:`FirstMoves` spends ``normal`` on the first moves of each
playout only, where they weigh most, and :class:`SmallHands` on the hands of a few cards, where a move
decides who goes out first; the stand-in plays the rest.
"""

from __future__ import annotations

import random

from dfg_bridge.engine.cpu.careful import careful_policy
from dfg_bridge.engine.cpu.playout import MovePolicy, policy
from dfg_bridge.engine.cpu.shape import normal_policy
from dfg_bridge.engine.moves import Move
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

CAREFUL_MODELS: dict[str, MovePolicy] = {"shape": careful_policy, "normal": normal_policy}
"""By :attr:`~.search.Settings.careful`; any other name is the plain policy."""


class FirstMoves:
    """A playout policy that plays the first :attr:`count` moves it is asked for (over all the seats
    it plays; set :attr:`left` back to :attr:`count` for each playout) by ``first`` and the rest by
    ``then``."""

    def __init__(self, first: MovePolicy, then: MovePolicy, count: int) -> None:
        self.first = first
        self.then = then
        self.count = count
        self.left = count

    def __call__(self, r: Round, rng: random.Random, rules: Rules) -> Move:
        if self.left > 0 and not r.pending_kind:
            self.left -= 1
            return self.first(r, rng, rules)
        return self.then(r, rng, rules)


class SmallHands:
    """A playout policy that plays a seat whose hand is down to :attr:`cards` cards or fewer by ``small``
    (where a move decides who goes out first, and ``normal`` itself costs a seventh of what it costs on a
    full hand) and bigger hands by ``big``."""

    def __init__(self, small: MovePolicy, big: MovePolicy, cards: int) -> None:
        self.small = small
        self.big = big
        self.cards = cards

    def __call__(self, r: Round, rng: random.Random, rules: Rules) -> Move:
        if r.hand_mask(r.turn).bit_count() <= self.cards:
            return self.small(r, rng, rules)
        return self.big(r, rng, rules)


def careful_model(name: str, normal_moves: int, normal_cards: int = 0) -> MovePolicy | FirstMoves:
    """The careful seats' playout policy: ``name``'s, after ``normal_moves`` moves of ``normal`` itself,
    and ``normal``'s for hands of at most ``normal_cards`` cards."""
    chosen = CAREFUL_MODELS.get(name, policy)
    if chosen is normal_policy:
        return chosen
    if normal_cards > 0:
        chosen = SmallHands(normal_policy, chosen, normal_cards)
    if normal_moves > 0:
        return FirstMoves(normal_policy, chosen, normal_moves)
    return chosen
