"""How well ``strong`` reads the hidden hands (読み): its deals scored against the true hands, a gauge.

At each Monte Carlo play decision of a ``strong`` seat, once its search has chosen, ``deals`` more deals
are drawn from the very sampler the search used and compared with the hands the other seats really
hold (the gauge owns the table; the player never sees them). Per unseen card, the share of deals that
give it to each seat is a probability; the report gives

* ``placed_right``: the share of the unseen cards the deals put in the hand that holds them, against
  ``by_chance``, what deals ignoring every clue but the hand sizes would place;
* ``brier``: the mean squared error of those probabilities per card (0: sure and right);
* ``calibration``: the probabilities in ten bins, each with how often the card was in that hand
  (well-read deals: ``held`` close to ``mean_p`` in every bin). A probability from few deals is
  noisy, and the noise alone spreads the pairs towards the outer bins, where ``held`` then falls
  short of ``mean_p``: judge calibration on a couple of hundred deals a decision.

The exchange's searches are not scored (their deals are of the round's start).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dfg_bridge.engine.cpu.gauged import Watcher, play_gauged
from dfg_bridge.engine.cpu.search import Playout, Search, Settings
from dfg_bridge.engine.moves import JOKER_BITS, Move
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

BINS = 10
"""Calibration bins of equal width over [0, 1]."""
CARD_SLOTS = JOKER_BITS.bit_length()
"""Card indices a hand's bits use (the 52 real cards and the jokers above them)."""


@dataclass(slots=True)
class Scores:
    """Running totals of the scored decisions."""

    decisions: int = 0
    cards: int = 0
    """Unseen cards scored (each once per decision)."""
    right: float = 0.0
    """Sum over scored cards of the share of deals that put the card in its true hand."""
    chance: float = 0.0
    """…and of the share deals by hand sizes alone would (its true hand's size over the unseen cards)."""
    brier: float = 0.0
    bins: list[list[float]] = field(default_factory=lambda: [[0, 0.0, 0] for _ in range(BINS)])
    """Per bin: (card-seat pairs, sum of their probabilities, how many of them held the card)."""

    def add(self, deals: Sequence[Sequence[int]], truth: Sequence[int], seats: Sequence[int]) -> None:
        """Score one decision: ``deals`` (hands by seat) against ``truth``, over the other ``seats``."""
        unseen = 0
        for s in seats:
            unseen |= truth[s]
        total = unseen.bit_count()
        if not deals or not total:
            return
        self.decisions += 1
        n = len(deals)
        counts = {s: [0] * CARD_SLOTS for s in seats}
        for hands in deals:
            for s in seats:
                h = hands[s] & unseen
                row = counts[s]
                while h:
                    low = h & -h
                    row[low.bit_length() - 1] += 1
                    h ^= low
        for s in seats:
            size = truth[s].bit_count()
            row = counts[s]
            cards = unseen
            while cards:
                low = cards & -cards
                cards ^= low
                c = low.bit_length() - 1
                p = row[c] / n
                held = bool(truth[s] & low)
                if held:
                    self.right += p
                    self.chance += size / total
                self.brier += (p - held) ** 2
                b = self.bins[min(BINS - 1, int(p * BINS))]
                b[0] += 1
                b[1] += p
                b[2] += held
        self.cards += total

    def report(self) -> dict[str, Any]:
        """The JSON-ready figures (see the module docstring)."""
        cards = self.cards or 1
        return {
            "decisions": self.decisions,
            "cards": self.cards,
            "placed_right": round(self.right / cards, 4),
            "by_chance": round(self.chance / cards, 4),
            "brier": round(self.brier / cards, 4),
            "calibration": [
                {
                    "p_from": i / BINS,
                    "p_to": (i + 1) / BINS,
                    "pairs": int(n),
                    "mean_p": round(ps / n, 4) if n else None,
                    "held": round(held / n, 4) if n else None,
                }
                for i, (n, ps, held) in enumerate(self.bins)
            ],
        }


class Reader(Watcher):
    """Makes the searches of ``strong`` seats (:attr:`~.strong.StrongPlayer.search_factory`) and scores
    the deals of each play decision against the round the gauge is told of (:meth:`watch`)."""

    def __init__(self, deals: int = 40) -> None:
        super().__init__()
        if deals < 1:
            raise ValueError("deals must be at least 1")
        self.deals = deals
        self.scores = Scores()

    def __call__(self, settings: Settings, rng: random.Random) -> Search:
        """A search whose deals are scored when it runs."""
        return _ReadSearch(settings, rng, self)


class _ReadSearch(Search):
    def __init__(self, settings: Settings, rng: random.Random, reader: Reader) -> None:
        super().__init__(settings, rng)
        self.reader = reader

    def run(
        self,
        worlds: Callable[[], Round],
        moves: list[Move],
        playout: Playout,
        deadline: float,
        start: Callable[[Round, int], Round] | None = None,
    ) -> int:
        chosen = super().run(worlds, moves, playout, deadline, start)
        truth_round = self.reader.current
        if start is not None or truth_round is None:
            return chosen
        drawn = [worlds() for _ in range(self.reader.deals)]
        seat = drawn[0].turn
        n = len(truth_round.hand_counts())
        truth = [truth_round.hand_mask(s) for s in range(n)]
        # seats whose cards are face down (脱落) are dealt nothing: their cards are not scored
        seats = [s for s in range(n) if s != seat and truth[s] and drawn[0].hand_mask(s)]
        self.reader.scores.add([[w.hand_mask(s) for s in range(n)] for w in drawn], truth, seats)
        return chosen


def measure(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    deals: int = 40,
    budget_ms: int = 200,
    clock: str = "cpu",
) -> dict[str, Any]:
    """Play a tournament whose ``strong`` seats' deals are scored; the JSON-ready report."""

    reader = Reader(deals)
    result = play_gauged(
        rules,
        seats,
        rounds=rounds,
        seed=seed,
        budget_ms=budget_ms,
        clock=clock,
        search_factory=reader,
        watch=reader.watch,
    )
    strong = result.levels.get("strong")
    return {
        "rules": rules.name,
        "players": len(seats),
        "rounds": rounds,
        "seed": seed,
        "deals": deals,
        **reader.scores.report(),
        "mean_points": strong.summary()["mean_points"] if strong is not None else None,
    }
