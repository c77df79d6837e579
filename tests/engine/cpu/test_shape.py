"""``normal``'s decision on compact moves is ``normal`` itself: the playout model plays its every move."""

from __future__ import annotations

import random

import pytest

from dfg_bridge.engine import Round, Rules
from dfg_bridge.engine.cpu.heuristic import NormalPlayer
from dfg_bridge.engine.cpu.shape import normal_policy
from dfg_bridge.engine.moves import K_PASS
from tests.engine.cpu.positions import PRESETS, normal_games, positions


@pytest.mark.parametrize("preset", PRESETS)
def test_the_playout_model_plays_normal_s_move_in_games_of_normal(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(0)
    checked = 0
    for r, ms, chosen in normal_games(rules, 5 if preset == "uecda" else 4, range(900, 912)):
        mine = normal_policy(r, rng, rules)
        assert mine[:2] == chosen[:2], (preset, hex(r.hand_mask(r.turn)), r.field_move, chosen, mine)
        checked += len(ms) > 1
    assert checked > 200


def test_the_playout_model_plays_normal_s_move_in_odd_positions() -> None:
    # random play between the decisions: 革命, 縛り, 11バック and near-empty hands turn up
    rng = random.Random(1)
    checked = 0
    for rnd, seat in positions(600, seed=41):
        if rnd.phase.value != "play" or rnd.pending_kind or rnd.turn != seat:
            continue
        ms = rnd.moves()
        if len(ms) < 2:
            continue
        action = NormalPlayer(rnd.rules).decide(rnd.observation(seat), rnd.legal_actions(seat))
        chosen = next(m for m in ms if rnd.action_of(seat, m) == action)
        mine = normal_policy(rnd, rng, rnd.rules)
        assert mine[:2] == chosen[:2]
        checked += 1
        assert mine[0] == K_PASS or mine in ms
    assert checked > 150


def test_normal_plays_exactly_as_it_did_before_its_rules_moved_to_compact_moves() -> None:
    # ``normal`` is the yardstick of every tournament figure (README, "Where strong stands"): its
    # games of 40 fixed deals are pinned by a digest of every action, taken from the View-based
    # definition it had before (commit 56580cc) and equal over 19,037 decisions then
    import hashlib

    digest = hashlib.sha256()
    decisions = 0
    for preset in ("minecraft", "uecda", "dqx", "niconico"):
        rules = Rules.preset(preset)
        for game in range(10):
            r = Round.deal(rules, 5 if preset == "uecda" else 4, 100 + game)
            player = NormalPlayer(rules)
            while not r.over:
                seat = min(r.awaiting())
                action = player.decide(r.observation(seat), r.legal_actions(seat))
                digest.update(repr(action).encode())
                decisions += 1
                r.apply(action)
    assert decisions == 2786
    assert digest.hexdigest() == "4c3b48217420a3ee19288db5e5f740f9d1859040ff0689f260a1c4dbfec293ca"


def test_first_moves_spends_normal_on_the_first_moves_of_each_playout_only() -> None:
    from dfg_bridge.engine.cpu import models
    from dfg_bridge.engine.cpu.careful import careful_policy
    from dfg_bridge.engine.cpu.models import FirstMoves, careful_model

    assert careful_model("shape", 0) is careful_policy
    assert careful_model("normal", 5) is normal_policy  # normal throughout already
    mixed = careful_model("shape", 3)
    assert isinstance(mixed, FirstMoves) and mixed.first is normal_policy and mixed.then is careful_policy
    asked: list[str] = []
    rules = Rules.preset("minecraft")
    r = Round.deal(rules, 4, 5)
    probe = FirstMoves(
        lambda r, g, ru: asked.append("first") or normal_policy(r, g, ru),  # type: ignore[func-returns-value]
        lambda r, g, ru: asked.append("then") or models.careful_policy(r, g, ru),  # type: ignore[func-returns-value]
        3,
    )
    rng = random.Random(0)
    for _ in range(2):  # two playouts: the count starts again for each
        probe.left = probe.count
        w = r.copy()
        for _ in range(5):
            w.make_move(probe(w, rng, rules))
    assert asked == ["first"] * 3 + ["then"] * 2 + ["first"] * 3 + ["then"] * 2


def test_small_hands_are_played_by_normal_itself() -> None:
    from dfg_bridge.engine.cpu.careful import careful_policy
    from dfg_bridge.engine.cpu.models import FirstMoves, SmallHands, careful_model

    assert careful_model("normal", 0, 5) is normal_policy
    small = careful_model("shape", 0, 5)
    assert isinstance(small, SmallHands) and small.small is normal_policy and small.big is careful_policy
    both = careful_model("shape", 2, 5)
    assert isinstance(both, FirstMoves) and isinstance(both.then, SmallHands)
    rules = Rules.preset("minecraft")
    rng = random.Random(3)
    asked: list[tuple[str, int]] = []
    probe = SmallHands(
        lambda r, g, ru: asked.append(("small", r.hand_mask(r.turn).bit_count())) or normal_policy(r, g, ru),  # type: ignore[func-returns-value]
        lambda r, g, ru: asked.append(("big", r.hand_mask(r.turn).bit_count())) or careful_policy(r, g, ru),  # type: ignore[func-returns-value]
        5,
    )
    r = Round.deal(rules, 4, 11)
    while not r.over:
        r.make_move(probe(r, rng, rules))
    assert {k for k, _ in asked} == {"small", "big"}
    assert all((k == "small") == (n <= 5) for k, n in asked)
