"""The eager playout policy: its fast paths give exactly the move-list answer, and every move is legal."""

from __future__ import annotations

import random

from dfg_bridge.engine.cpu.eager import greedy_listed, greedy_policy
from dfg_bridge.engine.moves import K_PASS, K_SINGLE, cards_of
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules
from tests.engine.cpu.positions import positions


def test_fast_paths_agree_with_the_move_list_all_the_way() -> None:
    rng = random.Random(3)
    steps = 0
    fast = small = 0
    for rnd, _seat in positions(300, seed=21):
        if rnd.phase.value != "play":
            continue
        r = rnd.copy()
        while not r.over:
            m = greedy_policy(r, rng, r.rules)
            if not r.pending_kind:
                listed = greedy_listed(r, r.rules, r.hand_mask(r.turn))
                assert m == listed, (m, listed, r.rules.name)
                assert m in r.moves()
                fast += r.hand_mask(r.turn).bit_count() > 4
                small += r.hand_mask(r.turn).bit_count() <= 4
            r.make_move(m)
            steps += 1
    # big hands and the last few cards (where finishing on a forbidden card is weighed) alike
    assert steps > 5000 and fast > 2000 and small > 1000


def test_eager_answers_with_its_weakest_card_even_an_ace_and_passes_only_when_forced() -> None:
    rules = Rules.preset("uecda")
    # seat 1 holds a 4, 5, 6, 7 and two aces; seat 0 leads a K
    masks = [
        1 << 40 | 1 << 0,
        1 << 4 | 1 << 8 | 1 << 12 | 1 << 16 | 1 << 44 | 1 << 45,
        1 << 2,
        1 << 3,
        1 << 7,
    ]
    r = Round.from_hands(rules, [cards_of(m) for m in masks], leader=0)
    r.make_move((K_SINGLE, 1 << 40, 0, 1, 10, 10, 1))
    m = greedy_policy(r, random.Random(1), rules)
    assert m == (K_SINGLE, 1 << 44, 0, 1, 11, 11, 1)  # ♠A: the weakest card that beats a K
    r.make_move(m)
    # seat 2 holds only a 3: it cannot beat the ace and passes
    assert greedy_policy(r, random.Random(1), rules)[0] == K_PASS
