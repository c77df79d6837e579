"""The rating (レート): openskill's Plackett–Luce model over finishing orders of 3–6 players.

A rating is a belief (μ, σ) about a player's skill; what players see is the conservative rating
μ − 3σ (openskill's ``ordinal``), which starts at 0 and rises as the system grows sure. A match is
rated by its final places; players who left (脱落) share the last place.

>>> before = [Rating(), Rating(), Rating(), Rating()]
>>> after = rate(before, [1, 2, 3, 4])
>>> [round(r.conservative, 2) for r in after]
[3.0, 2.01, 0.44, -3.29]
>>> rate(before, [1, 2, 3, 3])[2] == rate(before, [1, 2, 3, 3])[3]
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    """μ (the estimated skill) and σ (the uncertainty)."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def conservative(self) -> float:
        """μ − 3σ: what the system is fairly sure the player is at least worth."""
        return self.mu - 3.0 * self.sigma


@functools.cache
def _model() -> PlackettLuce:
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings after one match; ``ranks[i]`` is player *i*'s place (1 = first, ties allowed)."""
    if len(ratings) != len(ranks):
        raise ValueError("one rank per rating")
    if len(ratings) < 2:
        return list(ratings)
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
