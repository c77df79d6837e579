"""The playout policy: its moves (fast paths included) are legal, and playouts end with a place."""

from __future__ import annotations

import random

from dfg_bridge.engine.cpu.playout import playout, policy
from dfg_bridge.engine.moves import K_DISCARD, K_GIVE, PASS
from dfg_bridge.engine.rules import rank_points
from tests.engine.cpu.positions import positions


def test_policy_moves_are_legal_all_the_way() -> None:
    rng = random.Random(5)
    steps = 0
    for rnd, _seat in positions(300, seed=11):
        if rnd.phase.value != "play":
            continue
        r = rnd.copy()
        while not r.over:
            m = policy(r, rng, r.rules)
            if r.pending_kind:
                code, count = r.pending_kind, r.pending_count()
                assert m[0] == code
                if code in (K_GIVE, K_DISCARD):  # checked, not listed: the list can be huge
                    assert not m[1] & ~r.hand_mask(r.turn)
                    assert m[1].bit_count() <= count
                else:
                    assert m in r.moves()
            else:
                legal = r.moves()
                assert m in legal or (m == PASS and r.field_move is not None), (m, r.rules.name)
            r.make_move(m)
            steps += 1
    assert steps > 5000


def test_playout_returns_the_points_of_a_place() -> None:
    rng = random.Random(6)
    for rnd, seat in positions(200, seed=12):
        if rnd.phase.value != "play" or not rnd.in_play(seat):
            continue
        pts = rank_points(rnd.rules, rnd.present_mask.bit_count())
        assert playout(rnd.copy(), seat, rng, rnd.rules, pts) in pts
