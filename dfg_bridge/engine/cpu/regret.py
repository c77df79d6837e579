"""How far ``strong``'s choices fall short within its own playout model (後悔, regret): a tuning gauge.

At each Monte Carlo play decision of a ``strong`` seat, once its search has chosen, every candidate is
played on ``reference`` fresh deals (no pruning, no clock). The deals are split in halves: the best
candidate of one half is scored on the other, so a candidate's luck on a half does not count, and the
search's shortfall is averaged over both halves. Summed over a round it is what the search's limited
deals cost, in the points of its own model (the playout policies and the reading of the seats); the
heuristic's favourite (candidate 0) shows what the search gains. Variants (other search settings,
each with the same time left, or a multiple of it) are judged on the same positions, which pairs them
with the shipped search far more tightly than tournaments of their own could.

It says nothing about the model's own errors: a variant that changes the playouts is judged by the
shipped playouts. The exchange is not judged. With ``truth`` the reference deals hold the hands the other
seats really hold (each deal still sets the seats' styles, as in :mod:`.oracle`): the losses are then
against what the cards really were, which also counts what the search loses by not knowing them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dfg_bridge.engine.cpu.gauged import Watcher, play_gauged
from dfg_bridge.engine.cpu.search import Playout, Search, Settings, clock_of
from dfg_bridge.engine.moves import Move
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

SEARCH = "search"
"""The name of the shipped search's choice in a :class:`Judgement`."""
FAVOURITE = "favourite"
"""…and of the heuristic's favourite (candidate 0)."""
TIME = "time"
"""A variant's change that is no setting: its share of the shipped search's time (2: twice the time)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """One judged decision: candidates compared, deals the search used, and each choice's loss."""

    candidates: int
    deals: int
    losses: Mapping[str, float]
    hand: int = 0
    """Cards in the searching seat's hand."""


def cross_fitted_losses(values: Sequence[Sequence[float]], picks: Mapping[str, int]) -> dict[str, float]:
    """Each pick's shortfall against the best candidate, chosen on one half of the deals and scored on
    the other, averaged over both halves (``values[i][d]``: candidate ``i``'s points on deal ``d``).

    >>> cross_fitted_losses([[1, 1, 1, 1], [0, 0, 0, 0]], {"a": 0, "b": 1})
    {'a': 0.0, 'b': 1.0}
    """
    n = len(values[0])
    h = n // 2
    first = [sum(v[:h]) / h for v in values]
    second = [sum(v[h:]) / (n - h) for v in values]
    k = len(values)
    best_first = max(range(k), key=lambda i: (first[i], -i))
    best_second = max(range(k), key=lambda i: (second[i], -i))
    top1, top2 = second[best_first], first[best_second]
    return {name: 0.5 * ((top1 - second[p]) + (top2 - first[p])) for name, p in picks.items()}


class Referee(Watcher):
    """Makes the searches of ``strong`` seats (:attr:`~.strong.StrongPlayer.search_factory`) and keeps a
    :class:`Judgement` of each play decision they make."""

    def __init__(
        self,
        reference: int = 1200,
        variants: Mapping[str, Mapping[str, Any]] | None = None,
        *,
        truth: bool = False,
    ):
        super().__init__()
        if reference < 4:
            raise ValueError("reference must be at least 4 deals")
        self.reference = reference
        self.variants = dict(variants or {})
        self.truth = truth
        self.judgements: list[Judgement] = []

    def __call__(self, settings: Settings, rng: random.Random) -> Search:
        """A search that is judged when it runs."""
        return _JudgedSearch(settings, rng, self)


class _JudgedSearch(Search):
    def __init__(self, settings: Settings, rng: random.Random, referee: Referee) -> None:
        super().__init__(settings, rng)
        self.referee = referee

    def run(
        self,
        worlds: Callable[[], Round],
        moves: list[Move],
        playout: Playout,
        deadline: float,
        start: Callable[[Round, int], Round] | None = None,
    ) -> int:
        now = clock_of(self.s)
        left = deadline - now()
        chosen = super().run(worlds, moves, playout, deadline, start)
        if len(moves) < 2 or start is not None:
            return chosen
        referee = self.referee
        picks = {SEARCH: chosen, FAVOURITE: 0}
        for name, changes in referee.variants.items():
            # the time the shipped search had left on this position, times the variant's TIME
            settings = {k: v for k, v in changes.items() if k != TIME}
            other = Search(replace(self.s, **settings), self.rng)
            picks[name] = other.run(worlds, moves, playout, now() + left * float(changes.get(TIME, 1.0)))
        reference = worlds
        truth = referee.current
        if referee.truth and truth is not None:
            hands = [truth.hand_mask(s) for s in range(len(truth.hand_counts()))]

            def reference() -> Round:
                return worlds().with_hands(hands)

        values: list[list[float]] = [[] for _ in moves]
        for _ in range(referee.reference):
            world = reference()
            for i, m in enumerate(moves):
                r = world.copy()
                r.make_move(m)
                values[i].append(playout(r, self.rng))
        hand = world.hand_mask(world.turn).bit_count()
        losses = cross_fitted_losses(values, picks)
        referee.judgements.append(Judgement(len(moves), self.deals, losses, hand))
        return chosen


def summary(judgements: Sequence[Judgement], rounds: int) -> dict[str, Any]:
    """Per choice: loss per round and per decision; for the variants and the favourite also their
    difference from the search per round with its standard error (paired by decision)."""
    out: dict[str, Any] = {}
    if not judgements:
        return out
    n = len(judgements)
    for name in judgements[0].losses:
        losses = [j.losses[name] for j in judgements]
        row: dict[str, float] = {
            "loss_per_round": round(sum(losses) / rounds, 4),
            "loss_per_decision": round(sum(losses) / n, 4),
        }
        if name != SEARCH:
            diffs = [j.losses[name] - j.losses[SEARCH] for j in judgements]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            row["vs_search_per_round"] = round(sum(diffs) / rounds, 4)
            row["se_per_round"] = round(math.sqrt(var * n) / rounds, 4)
        out[name] = row
    return out


def measure(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    reference: int = 1200,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    budget_ms: int = 200,
    clock: str = "cpu",
    truth: bool = False,
    split: int = 6,
) -> dict[str, Any]:
    """Play a tournament whose ``strong`` seats are judged; the JSON-ready report. With ``truth`` the
    reference deals hold the true hands; the losses are also given apart for decisions with fewer than
    ``split`` cards in hand and with at least that many."""

    referee = Referee(reference, variants, truth=truth)
    result = play_gauged(
        rules,
        seats,
        rounds=rounds,
        seed=seed,
        budget_ms=budget_ms,
        clock=clock,
        search_factory=referee,
        watch=referee.watch if truth else None,
    )
    js = referee.judgements
    strong = result.levels.get("strong")
    return {
        "rules": rules.name,
        "players": len(seats),
        "rounds": rounds,
        "seed": seed,
        "reference": reference,
        "decisions": len(js),
        "mean_candidates": round(sum(j.candidates for j in js) / len(js), 2) if js else 0.0,
        "mean_deals": round(sum(j.deals for j in js) / len(js), 1) if js else 0.0,
        "variants": {name: dict(changes) for name, changes in referee.variants.items()},
        "truth": truth,
        "losses": summary(js, rounds),
        "losses_by_hand": {
            f"below_{split}": summary([j for j in js if j.hand < split], rounds),
            f"from_{split}": summary([j for j in js if j.hand >= split], rounds),
        },
        "mean_points": strong.summary()["mean_points"] if strong is not None else None,
    }
