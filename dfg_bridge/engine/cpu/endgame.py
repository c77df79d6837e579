"""Exact endgame search (終盤の完全読み) for two seats left: who gets the better place?

With two seats in play the rest of the round is a two-player zero-sum game of perfect information
once the hidden hand is fixed (known outright, or sampled). Alpha-beta over {0, 1} with a
transposition table; it gives up (None) past a node limit or the deadline.
"""

from __future__ import annotations

import time
from typing import Any

from dfg_bridge.engine.cpu._bits import K_PASS
from dfg_bridge.engine.cpu.playout import decision_move, place_of
from dfg_bridge.engine.round import Round

_OVER = 2


class Aborted(Exception):
    """The search ran out of nodes or time (internal)."""


class Solver:
    """Solves two-seat endings for ``seat``: 1 if it ends above the other seat, else 0."""

    def __init__(self, seat: int, rival: int, deadline: float, node_limit: int = 60_000) -> None:
        self.seat = seat
        self.rival = rival
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple[Any, ...], int] = {}

    def value(self, r: Round) -> int | None:
        """The exact outcome of ``r`` (1 win, 0 loss), or None if the search gave up."""
        try:
            return self._search(r)
        except Aborted:
            return None

    def _key(self, r: Round) -> tuple[Any, ...]:
        return (
            tuple(r.hands),
            r.cur,
            r.fmove,
            r.fby,
            r.passm,
            r.lockm,
            r.nlock,
            r.rev,
            r.eb,
            r.pending,
            r.dirn,
            r.slime,
            r.active,
        )

    def _search(self, r: Round) -> int:
        if r.ph == _OVER or not r.active >> self.seat & 1:
            return self._outcome(r)
        k = self._key(r)
        got = self.table.get(k)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes & 255 == 0 and time.perf_counter() > self.deadline):
            raise Aborted
        mine = r.cur == self.seat
        # decisions after 7/10/Q plays are taken by the plain rule (keeps the tree small)
        moves = [decision_move(r)] if r.pending else r.moves()
        if r.fmove is None and not r.pending:
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
        if r.active >> self.rival & 1:
            return int(self.seat in r.top)  # placed first: above the rival unless it was a foul
        return int(place_of(r, self.seat) < place_of(r, self.rival))


def best_moves(r: Round, seat: int, moves: list[tuple[int, ...]], deadline: float) -> list[int] | None:
    """For each candidate move (0/1 each): does it win the two-seat ending? None if unsolved."""
    rivals = [s for s in range(r.n) if s != seat and r.active >> s & 1]
    if len(rivals) != 1:
        return None
    solver = Solver(seat, rivals[0], deadline)
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
