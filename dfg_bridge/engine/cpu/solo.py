"""Exact play against predictable seats (読み切り): the best place one seat can reach in a dealt round.

When every other seat is played by a deterministic policy (the eager model of a seat that plays like
``greedy``), a determinized round is a puzzle for one seat: the others' moves follow from the position.
A depth-first search over that seat's own moves, with a transposition table, finds the best points it
can reach. ``strong`` uses it in place of a playout once its hand is small; it gives up (None) past a
node limit or the deadline, and the caller then plays the round on with its playout policy.

It is off in the shipped settings (:attr:`~.search.Settings.solo_cards` 0): with every hand of a deal
known it finds lines that work only when the hands are known (strategy fusion), and ``strong`` measured
no stronger with it, or weaker (README, "CPU levels").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from dfg_bridge.engine.cpu.endgame import Aborted, Bounded
from dfg_bridge.engine.cpu.playout import MovePolicy, decision_move, points_of
from dfg_bridge.engine.moves import K_PASS
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


class _Steady(random.Random):
    """A random source that never errs: the playout policies' chance moves never happen with it, so
    a model that falls back on them (the careful one) decides by the position alone."""

    def random(self) -> float:
        return 0.5

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 0 if stop is None else start


_STEADY = _Steady(0)


class SoloSolver(Bounded):
    """The best points ``seat`` can reach when the others play by ``models`` (deterministic, per seat)."""

    def __init__(
        self,
        seat: int,
        rules: Rules,
        points: Sequence[float],
        models: Sequence[MovePolicy],
        *,
        deadline: float,
        node_limit: int = 3000,
        now: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(deadline, node_limit, now)
        self.seat = seat
        self.rules = rules
        self.points = points
        self.models = models
        self.table: dict[tuple[object, ...], float] = {}

    def value(self, r: Round) -> float | None:
        """The best points reachable from ``r`` (left as it was), or None if the search gave up."""
        self.nodes = 0
        try:
            return self._search(r)
        except Aborted:
            return None

    def _search(self, r: Round) -> float:
        seat = self.seat
        pushed = 0
        models = self.models
        rules = self.rules
        try:
            # the others' moves follow from the position: play them until it is this seat's own choice
            while r.in_play(seat) and (r.turn != seat or r.pending_kind):
                m = decision_move(r) if r.pending_kind else models[r.turn](r, _STEADY, rules)
                r.push_move(m)
                pushed += 1
                if pushed > 500:  # a guard: a trick always ends
                    raise Aborted
            return points_of(r, seat, self.points) if not r.in_play(seat) else self._choose(r)
        finally:
            for _ in range(pushed):
                r.pop()

    def _choose(self, r: Round) -> float:
        k = r.state_key()
        got = self.table.get(k)
        if got is not None:
            return got
        self.tick()
        moves = r.moves()
        if r.field_move is None and len(moves) > 1:
            # a leader's pass (leader_may_pass) can bring the same position back: never search it
            moves = [m for m in moves if m[0] != K_PASS]
        hand = r.hand_mask(self.seat)
        # finishing moves first: a sure first place ends the search at once
        moves.sort(key=lambda m: m[0] == K_PASS or m[1] != hand)
        best_possible = self.points[len(r.winners)]
        best = float("-inf")
        for m in moves:
            r.push_move(m)
            try:
                v = self._search(r)
            finally:
                r.pop()
            if v > best:
                best = v
                if best >= best_possible:
                    break
        self.table[k] = best
        return best
