"""The exact two-seat endgame search agrees with a plain minimax on small endings."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Play, Round, Rules, deck
from dfg_bridge.engine.cpu.endgame import Solver, best_moves


def naive(r: Round, seat: int, rival: int) -> int:
    """1 if ``seat`` ends above ``rival`` with best play from both (no table, no pruning)."""
    if r.over:
        rk = r.ranking()
        return int(rk.index(seat) < rk.index(rival))
    mine = r.to_act == seat
    values = []
    for m in r.moves():
        if r.pending_kind and m[0] != r.moves()[0][0]:
            continue
        if r.field is None and not r.pending and m[0] == 0:
            continue  # like the solver, no leader's pass (uecda's leader_may_pass could loop)
        c = r.copy()
        c.make_move(m)
        values.append(naive(c, seat, rival))
        if r.pending_kind:
            break  # the solver takes pending decisions by the plain rule; only check plays
    return max(values) if mine else min(values)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n0=st.integers(1, 4),
    n1=st.integers(1, 4),
    preset=st.sampled_from(["minecraft", "uecda", "niconico"]),
)
def test_solver_matches_minimax(seed: int, n0: int, n1: int, preset: str) -> None:
    rules = Rules.preset(preset)
    cards = list(deck(rules.jokers))
    random.Random(seed).shuffle(cards)
    hands = [cards[:n0], cards[n0 : n0 + n1]]
    r = Round.from_hands(rules, hands, leader=0)
    solver = Solver(0, 1, time.perf_counter() + 30)
    got = solver.value(r.copy())
    assert got == naive(r.copy(), 0, 1)


def test_best_moves_finds_the_winning_lead() -> None:
    rules = Rules()
    from dfg_bridge.engine import parse_cards

    # the 2 must go first: led last it would finish on a 2, a foul (反則上がり)
    r = Round.from_hands(rules, [list(parse_cards("S2 D4")), list(parse_cards("HA C5"))], leader=0)
    moves = r.moves()
    got = best_moves(r, 0, moves, time.perf_counter() + 10)
    assert got is not None
    wins = {}
    for m, v in zip(moves, got, strict=True):
        action = r.action_of(0, m)
        assert isinstance(action, Play)
        wins[tuple(c.ascii() for c in action.meld.cards)] = v
    assert wins[("S2",)] == 1
    assert wins[("D4",)] == 0
