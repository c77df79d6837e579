"""Exact endgame search (終盤の完全読み) for two seats left: who gets the better place?

With two seats in play the rest of the round is a two-player zero-sum game of perfect information
once the hidden hand is fixed (known outright, or sampled). Alpha-beta over {0, 1} with a
transposition table; it gives up (None) past a node limit or the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.moves import K_PASS
from dfg_bridge.engine.round import Round


class Aborted(Exception):
    """The search ran out of nodes or time (internal)."""


class Bounded:
    """A search that gives up (:class:`Aborted`) past ``node_limit`` positions or the ``deadline``."""

    def __init__(self, deadline: float, node_limit: int, now: Callable[[], float]) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.now = now
        self.nodes = 0

    def tick(self) -> None:
        """Count one position; raise :class:`Aborted` when the search must stop (the clock is read
        every 16 positions, from the first)."""
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes & 15 == 1 and self.now() > self.deadline):
            raise Aborted


class Solver(Bounded):
    """Solves two-seat endings for ``seat``: 1 if it ends above the other seat, else 0."""

    def __init__(
        self,
        seat: int,
        rival: int,
        deadline: float,
        node_limit: int = 60_000,
        now: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(deadline, node_limit, now)
        self.seat = seat
        self.rival = rival
        self.table: dict[tuple[Any, ...], int] = {}

    def value(self, r: Round) -> int | None:
        """The exact outcome of ``r`` (1 win, 0 loss), or None if the search gave up."""
        try:
            return self._search(r)
        except Aborted:
            return None

    def _search(self, r: Round) -> int:
        if r.over or not r.in_play(self.seat):
            return self._outcome(r)
        k = r.state_key()
        got = self.table.get(k)
        if got is not None:
            return got
        self.tick()
        mine = r.turn == self.seat
        # decisions after 7/10/Q plays are taken by the plain rule (keeps the tree small)
        moves = [decision_move(r)] if r.pending_kind else r.moves()
        if r.field_move is None and not r.pending_kind:
            # a leader's pass (leader_may_pass) can bring the same position back: never search it
            moves = [m for m in moves if m[0] != K_PASS]
        best = 0 if mine else 1
        for m in moves:
            r.push_move(m)
            try:
                v = self._search(r)
            finally:
                r.pop()
            if mine and v == 1:
                best = 1
                break
            if not mine and v == 0:
                best = 0
                break
        self.table[k] = best
        return best

    def _outcome(self, r: Round) -> int:
        theirs = r.place_of(self.rival)
        if theirs is None:  # placed first: above the rival unless it was a foul
            return int(self.seat in r.winners)
        mine = r.place_of(self.seat)
        return int(mine is not None and mine < theirs)


def best_moves(
    r: Round,
    seat: int,
    moves: list[tuple[int, ...]],
    deadline: float,
    now: Callable[[], float] = time.perf_counter,
) -> list[int] | None:
    """For each candidate move (0/1 each): does it win the two-seat ending? None if unsolved."""
    rivals = [s for s in range(r.n_seats) if s != seat and r.in_play(s)]
    if len(rivals) != 1:
        return None
    solver = Solver(seat, rivals[0], deadline, now=now)
    out = []
    for m in moves:
        r.push_move(m)
        try:
            v = solver.value(r)
        finally:
            r.pop()
        if v is None:
            return None
        out.append(v)
    return out
