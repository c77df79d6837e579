"""What the hidden cards are worth to ``strong`` (情報の価値): its searches given the true hands.

A diagnostic, not a level. At each Monte Carlo play decision of a ``strong`` seat whose own hand has
between ``fewest`` and ``most`` cards, every deal the search draws is replaced by the hands the other
seats really hold (the gauge runs the table; outside this gauge the player never sees them). Each deal
is still drawn first, so each seat is still played by the style the sampler took it for in that deal
and the search keeps the time a deal costs: what changes is the cards alone. Played on a tournament's
seed, the gap to the tournament's figure is what not knowing the cards costs at those hand sizes
(``--fewest 0 --most 5``: the ending; ``--fewest 6``: the rest of the round). The candidates are still
proposed from a sampled deal, and the exchange search and the exact two-seat ending are left as they
are (with two seats left the unseen cards are the other hand's anyway).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dfg_bridge.engine.cpu.gauged import Watcher, play_gauged
from dfg_bridge.engine.cpu.search import Playout, Search, Settings
from dfg_bridge.engine.moves import Move
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


def check_sizes(fewest: int, most: int | None) -> None:
    """Raise ValueError unless ``0 <= fewest <= most`` (``most`` None: no upper bound)."""
    if fewest < 0 or (most is not None and most < fewest):
        raise ValueError("hand sizes: 0 <= fewest <= most")


class Oracle(Watcher):
    """Makes the searches of ``strong`` seats (:attr:`~.strong.StrongPlayer.search_factory`); those at
    hand sizes it covers play on the round it is told of (:meth:`watch`) instead of sampled deals."""

    def __init__(self, fewest: int = 0, most: int | None = None) -> None:
        super().__init__()
        check_sizes(fewest, most)
        self.fewest = fewest
        self.most = most
        self.searched = 0
        """Monte Carlo play decisions seen."""
        self.known = 0
        """…of which the search played on the true hands."""

    def covers(self, cards: int) -> bool:
        """Whether a decision with ``cards`` cards in the searching seat's hand is given the true hands."""
        return self.fewest <= cards and (self.most is None or cards <= self.most)

    def __call__(self, settings: Settings, rng: random.Random) -> Search:
        """A search that plays on the true hands where the oracle covers the decision."""
        return _KnownSearch(settings, rng, self)


class _KnownSearch(Search):
    def __init__(self, settings: Settings, rng: random.Random, oracle: Oracle) -> None:
        super().__init__(settings, rng)
        self.oracle = oracle

    def run(
        self,
        worlds: Callable[[], Round],
        moves: list[Move],
        playout: Playout,
        deadline: float,
        start: Callable[[Round, int], Round] | None = None,
    ) -> int:
        oracle = self.oracle
        truth = oracle.current
        if start is not None or truth is None:  # the exchange: not covered
            return super().run(worlds, moves, playout, deadline, start)
        oracle.searched += 1
        if not oracle.covers(truth.hand_mask(truth.turn).bit_count()):
            return super().run(worlds, moves, playout, deadline, start)
        oracle.known += 1
        hands = [truth.hand_mask(s) for s in range(len(truth.hand_counts()))]

        def known() -> Round:
            # the deal still sets each seat's style for its playouts; its cards give way to the truth
            return worlds().with_hands(hands)

        return super().run(known, moves, playout, deadline, start)


def measure(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    fewest: int = 0,
    most: int | None = None,
    budget_ms: int = 200,
    clock: str = "cpu",
) -> dict[str, Any]:
    """Play a tournament whose ``strong`` seats search on the true hands at the covered hand sizes;
    the JSON-ready report (``strong``'s figures as the tournament gives them)."""

    oracle = Oracle(fewest, most)
    result = play_gauged(
        rules,
        seats,
        rounds=rounds,
        seed=seed,
        budget_ms=budget_ms,
        clock=clock,
        search_factory=oracle,
        watch=oracle.watch,
    )
    strong = result.levels.get("strong")
    summary = strong.summary() if strong is not None else {}
    return {
        "rules": rules.name,
        "players": len(seats),
        "rounds": rounds,
        "seed": seed,
        "fewest": fewest,
        "most": most,
        "searched": oracle.searched,
        "known": oracle.known,
        **{k: summary[k] for k in ("mean_points", "ci95", "places", "places_by_start") if k in summary},
    }
