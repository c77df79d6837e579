"""Determinized Monte Carlo over a few candidate moves (モンテカルロ), spending time where it matters.

Every *deal* samples the hidden hands once (:class:`~.belief.Sampler`) and plays every live
candidate in it to the end with the playout policy, so candidates are compared on the same deals
(paired). Candidates clearly behind the leader are dropped; the search stops as soon as one is
left, when the ones left are too close to matter, at the deal cap, or at the deadline. Easy
decisions therefore cost a few milliseconds and close ones the whole budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from dfg_bridge.engine.moves import K_PASS, Move
from dfg_bridge.engine.round import Round


@dataclass(frozen=True, slots=True)
class Settings:
    """The knobs of the ``strong`` search (defaults: the shipped level)."""

    search_cards: int = 60
    """The search runs when at most this many cards are left in all hands together."""
    max_candidates: int = 8
    """Plays compared (the prior's favourites; a pass is always added)."""
    searched: int = 0
    """Only the first this many play candidates (the favourites) and a pass are searched (0: every one)."""
    min_deals: int = 12
    """Deals before any candidate may be dropped."""
    max_deals: int = 400
    """Deals after which the search stops even with time left."""
    drop_z: float = 3.0
    """A candidate behind the leader by this many standard errors (and 0.05 points) is dropped."""
    close: float = 0.06
    """Candidates whose difference is surely below this many points are not worth more deals."""
    settle_deals: int = 40
    """…once every live candidate has at least this many deals."""
    prior_margin: float = 0.03
    """Mean points a candidate must gain over the favourite (index 0) to replace it…"""
    override_z: float = 1.5
    """…by how many standard errors of the paired difference…"""
    override_deals: int = 10
    """…and on at least this many deals."""
    deadline_share: float = 0.6
    """Share of the budget the search may use (the rest covers set-up and the caller)."""
    playouts: str = "mixed"
    """Playout policy: ``plain`` (the hand-written fast policy for every seat), ``learned`` (the learned
    policy for every seat) or ``mixed`` (learned for the searching seat, plain for the others)."""
    clock: str = "wall"
    """``wall`` (the budget is real time, for live play) or ``cpu`` (this thread's CPU time: the budget
    of one core whatever else the machine runs, for measuring on a shared machine)."""
    opponents: str = "model"
    """Playout policy of the other seats under ``mixed``: ``plain`` (:func:`~.playout.policy`),
    ``greedy`` (:func:`~.playout.greedy_policy`), ``careful`` (every seat by the careful policy, see
    :attr:`careful`) or ``model`` (per seat, what its plays so far fit)."""
    trust_passes: bool = True
    """A pass of a seat that plays eagerly (see :mod:`.opponents`) is read as: it held no beater."""
    learned_candidates: int = 2
    """How many of the learned policy's favourites join the candidates (after the heuristic's)."""
    exchange_search: bool = False
    """The cards given in the exchange (as 大富豪 / 富豪) are chosen by playouts among the heuristic's
    favourites, rather than by the heuristic alone (off: no gain measured against ``normal``)."""
    exchange_candidates: int = 4
    """Gives compared in the exchange (whole-round playouts are long: few candidates, more deals each)."""
    careful: str = "shape"
    """Playout policy of a seat read as careful under ``model``: ``plain`` (:func:`~.playout.policy`),
    ``shape`` (:func:`~.careful.careful_policy`, which keeps pairs, runs and winning cards and sees sure
    ways out like ``normal``, and decides as it does 90 % of the time, the plain policy 50 %) or
    ``normal`` (:func:`~.shape.normal_policy`: ``normal`` itself, about ten times slower)."""
    normal_moves: int = 0
    """In each playout, the first this many moves of the seats read as careful are ``normal``'s own
    (:func:`~.shape.normal_policy`, exact but about ten times slower), the rest by :attr:`careful`."""
    normal_cards: int = 0
    """Seats read as careful play ``normal``'s own moves (:func:`~.shape.normal_policy`) in the playouts
    once their hand is down to this many cards (0: never): the ending, where the stand-in errs as often
    as elsewhere but a move decides who goes out first, and ``normal`` costs about 20 µs a move."""
    endgame_share: float = 0.85
    """Share of the time left that the exact two-seat endgame may use; when it gives up there, the
    Monte Carlo search decides in the rest (1: the whole budget, leaving it none)."""
    own: str = "learned"
    """Policy of the searching seat's own later moves in the playouts under ``mixed``: ``learned`` (the
    learned policy) or ``normal`` (:func:`~.shape.normal_policy`: ``normal`` itself, deterministic).
    Against ``greedy`` seats ``normal`` alone outscores the shared learned policy (3.36 against 3.15
    in ``uecda`` playouts), yet in ``strong``'s playouts it measured no better (README, "CPU opponents")."""
    temperature: float = 1.0
    """Temperature of the learned playout policy (below 1: closer to its favourite move)."""
    common_random: bool = False
    """Each deal's playouts of the candidates draw the same random numbers (common random numbers:
    the paired differences are less noisy), rather than one stream running through them all."""
    title_value: float = 0.0
    """Weight of the next round: a place is worth its points plus this share of what the title it
    brings is worth in the next round (:data:`TITLE_VALUES`: the exchange favours the higher titles,
    and in ``minecraft`` a 大富豪 risks 都落ち). Not in a match's last round; 0: this round only."""
    solo_cards: int = 0
    """With every other seat read as eager (deterministic in a deal; see :attr:`solo_careful`), a playout
    ends in an exact search of the searching seat's best place (:mod:`.solo`) once its hand is down to
    this many cards (0: never)."""
    solo_careful: bool = False
    """The exact search also runs with seats read as careful, their policy made deterministic (it never
    errs on purpose): the model of a level like ``normal``, which decides by the position alone."""
    solo_nodes: int = 3000
    """Positions one such search may visit before it gives up (the playout then goes on)."""
    eager_prior: float = 0.0
    """Log odds that a seat plays eagerly before its acts say anything (0: even odds; 2: 88 %)."""
    sample_tries: int = 12
    """Deals drawn for one sample before the best-fitting one is taken (rejection on what the seats'
    passes and plays tell, :meth:`~.belief.Sampler.sample`)."""
    read_exchange: bool = False
    """Deals fit this round's card exchange between two other seats (:func:`~.clues.exchange_fit`: the
    lower rank gave its strongest cards; a seat taken as eager gave back its weakest): the lower rank
    is dealt around the higher rank's strongest cards (:meth:`~.belief.Sampler.deal`), the rest is
    checked by rejection. On in ``minecraft``; in ``uecda`` the deals fit better but play measured the
    same (README, "CPU opponents")."""
    careful_leads: bool = False
    """A seat read as careful that led from a big hand is dealt a card weaker than its lead rarely
    (:func:`~.clues.lead_floors`: ``normal`` leads its weakest loose meld)."""
    careful_replay: int = 0
    """Deals drawn per sample, one kept by how many acts of the seats read as careful it explains when
    the history is replayed from it (:mod:`.replay`: the careful policy's moves; each replay costs
    about 0.4 ms). 0 or 1: off (the deals fit ``normal`` better, but there are fewer of them, and
    play measured no better: README, "CPU opponents")."""
    careful_tells: bool = False
    """Deal the seats read as careful their cards by what their plays tell card by card (:mod:`.tells`)
    rather than only rejecting deals in which a single's rank-mates stayed in the hand."""
    eager_caps: bool = True
    """Deal a seat taken as eager no more cards of a rank than its answers and passes on groups allow
    (:attr:`~.opponents.EagerFit.caps`). Off in ``minecraft``, where most seats taken as eager in a
    deal are careful people and it measured 3.54 and 3.53 against 3.61 and 3.53 (README, "CPU opponents")."""
    receipt_odds: bool = False
    """Under UECda's hidden receipt (a 大富豪 or 富豪 is not told which of its cards came from the lower
    rank), deal the lower rank under a ceiling drawn by how likely each is (any of our cards may have
    come: :func:`~.knowledge.ceiling_choices`), rather than always under the loosest one. Off: the deals
    place the lower rank's cards better, but play measured lower at four seeds (README, "CPU opponents")."""
    estimate: str = ""
    """Deal the seats read as careful their cards by the learned hand estimator (:mod:`.estimate`) with
    the weights of this file in the package (empty: off); it replaces :attr:`careful_tells`. On under
    ``minecraft``, whose weights were learned on rounds of ``normal`` seats."""


PRESET_SETTINGS: dict[str, dict[str, Any]] = {
    "uecda": {
        "override_z": 0.5,
        "prior_margin": 0.0,
        "close": 0.03,
        "deadline_share": 0.72,
        "exchange_search": True,
        "eager_prior": 2.0,
    },
    "minecraft": {
        "eager_prior": -2.0,
        "deadline_share": 0.72,
        "read_exchange": True,
        "estimate": "estimate_weights_minecraft.json",
        "eager_caps": False,
    },
}
"""Per rules preset, the changes to :class:`Settings` measured better there (README, "CPU levels").

Against ``greedy`` (uecda) the search may overrule the heuristic readily and choose the exchange by
playouts; against ``normal`` (minecraft) those changes measured worse, so that preset keeps their
defaults. A UECda field is programs, most of them rule-based clients that play their weakest
cards: there a seat is taken as eager until its acts say otherwise (``eager_prior``; one beater passed
up weighs about as much against it). People mostly play carefully: under ``minecraft`` a seat starts
at 12 % eager (at even odds the deals were over-confident against ``normal``: cards dealt at 83 %
were in that hand 57 % of the time). ``minecraft`` also searches as long as ``uecda`` does (its
decisions stayed within 150 ms at the 99th percentile) and deals around the exchange between two other
seats."""


TITLE_VALUES: dict[tuple[str, int], tuple[float, ...]] = {
    ("uecda", 5): (4.72, 4.37, 3.83, 3.33, 2.9),
    ("minecraft", 4): (3.72, 3.81, 2.77, 2.98),
}
"""Per (rules preset, players), ``strong``'s mean points in a round it starts with each title (大富豪 first),
measured against the tournament's opponents (2,000 rounds at seed 2026: ``places_by_start``)."""


def place_values(preset: str, points: tuple[int, ...], weight: float) -> tuple[float, ...]:
    """What each place is worth to the search: its points and ``weight`` of the next round's.

    The next round's are :data:`TITLE_VALUES` (none for a table they do not cover).

    >>> place_values("minecraft", (5, 4, 2, 1), 1.0)
    (8.72, 7.81, 4.77, 3.98)
    >>> place_values("minecraft", (5, 4, 2, 1), 0.0), place_values("uecda", (5, 4, 2, 1), 1.0)
    ((5, 4, 2, 1), (5, 4, 2, 1))
    """
    later = TITLE_VALUES.get((preset, len(points)))
    if not weight or later is None:
        return points
    return tuple(round(p + weight * v, 4) for p, v in zip(points, later, strict=True))


def settings_for(preset: str, **changes: Any) -> Settings:
    """The shipped settings of ``strong`` under the rules ``preset``, with ``changes`` on top.

    >>> settings_for("uecda").exchange_search, settings_for("minecraft").exchange_search
    (True, False)
    >>> settings_for("uecda", exchange_search=False, clock="cpu").exchange_search
    False
    """
    return replace(Settings(), **{**PRESET_SETTINGS.get(preset, {}), **changes})


Playout = Callable[[Round, random.Random], float]
"""Plays a world on to the end for the searching seat; returns its points."""


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the same deals."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def clock_of(settings: Settings) -> Callable[[], float]:
    """The clock the budget is measured on."""
    return time.thread_time if settings.clock == "cpu" else time.perf_counter


class Search:
    """One decision's search; :meth:`run` returns the chosen candidate's index."""

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.s = settings
        self.rng = rng
        self.deals = 0
        self.longest_draw = 0.0
        """The longest any deal took to draw, in seconds of the budget's clock (for finding slow steps)."""
        self.longest_playout = 0.0
        """…and the longest playout."""

    def run(
        self,
        worlds: Callable[[], Round],
        moves: list[Move],
        playout: Playout,
        deadline: float,
        start: Callable[[Round, int], Round] | None = None,
    ) -> int:
        """Search ``moves`` (index 0 the favourite) over deals drawn by ``worlds()``.

        ``start(world, i)``, when given, makes candidate ``i``'s round from a deal instead of playing
        ``moves[i]`` in a copy (for decisions that are no move of the round, like the exchange).
        """
        s = self.s
        k = len(moves)
        results: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        if 0 < s.searched < k and start is None:  # the exchange's stand-ins are no moves to sort
            alive = [i for i in alive if i < s.searched or moves[i][0] == K_PASS]
        rng = self.rng
        now = clock_of(s)
        deals = 0
        t = now()
        while deals < s.max_deals:
            world = worlds()
            t, drawn = now(), t
            self.longest_draw = max(self.longest_draw, t - drawn)
            if t > deadline:
                break  # drawing the deal took the time left: its playouts would overrun the budget
            row: list[float] = []
            late = False
            common = rng.getrandbits(64) if s.common_random else None
            for i in alive:
                if start is not None:
                    r = start(world, i)
                else:
                    r = world.copy()
                    r.make_move(moves[i])
                row.append(playout(r, rng if common is None else random.Random(common)))
                t, played = now(), t
                self.longest_playout = max(self.longest_playout, t - played)
                if t > deadline:
                    late = len(row) < len(alive)
                    break
            if late:
                break  # an unfinished deal would compare candidates on different deals
            for i, v in zip(alive, row, strict=True):
                results[i].append(v)
            deals += 1
            if len(alive) == 1 or t > deadline:
                break
            if deals >= s.min_deals and deals % 4 == 0:
                alive, done = self._prune(results, alive)
                if done:
                    break
            t = now()
        self.deals = deals
        if deals == 0:
            return 0
        return self._pick(results, alive)

    def _prune(self, results: list[list[float]], alive: list[int]) -> tuple[list[int], bool]:
        """Drop candidates clearly behind; ``done`` when the rest are too close to separate."""
        s = self.s
        n = min(len(results[i]) for i in alive)
        tail = {i: results[i][-n:] for i in alive}
        lead = max(alive, key=lambda i: (sum(tail[i]), -i))
        keep = [lead]
        close = True
        for i in alive:
            if i == lead:
                continue
            mean, se = _paired(tail[lead], tail[i])
            if mean > s.drop_z * se + 0.05:
                continue
            keep.append(i)
            if mean + 2 * se > s.close:
                close = False
        keep.sort()
        done = len(keep) == 1 or (close and n >= s.settle_deals)
        return keep, done

    def _pick(self, results: list[list[float]], alive: list[int]) -> int:
        """The best live candidate; the favourite (index 0) unless another is clearly better."""
        s = self.s
        n = min(len(results[i]) for i in alive)
        best = max(alive, key=lambda i: (sum(results[i][-n:]), -i))
        if best == 0 or 0 not in alive:
            return best
        if n < s.override_deals:
            return 0
        mean, se = _paired(results[best][-n:], results[0][-n:])
        # the best of several noisy candidates looks better than it is: a high bar against that
        if mean > s.prior_margin and mean > s.override_z * se:
            return best
        return 0
