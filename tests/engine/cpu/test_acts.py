"""The history read act by act with the field each act faced (acts.py): trick ends come from the engine."""

from __future__ import annotations

import random

from dfg_bridge.engine import Meld, Pass, Round, Rules
from dfg_bridge.engine.actions import Play
from dfg_bridge.engine.cpu.acts import acts_of, walk
from dfg_bridge.engine.cpu.eager import greedy_policy
from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.cpu.view import read
from dfg_bridge.engine.moves import single_move


def _round(hands: list[str], rules: Rules | None = None) -> Round:
    return Round.from_hands(rules or Rules(), [list(Meld.cards_of(h)) for h in hands], leader=0)


def test_a_stronger_lead_after_everyone_passed_faces_an_empty_field() -> None:
    rnd = _round(["S5 S6 D9", "H4 C8 D10", "S3 C4 D7", "D3 H5 C9"])
    rnd.apply(rnd.play_text(0, "S5"))
    for seat in (1, 2, 3):
        rnd.apply(Pass(seat))  # the trick ends: seat 0 leads again
    rnd.apply(rnd.play_text(0, "S6"))  # a stronger single: it looks like an answer to ♠5
    view = read(rnd.observation(1), rnd.rules)
    fields = [field for _a, field, _inv, _lock in acts_of(view)]
    assert fields[-1] is None
    assert fields[1:4] == [single_move(Meld.cards_of("S5")[0].index)] * 3
    # the plays alone cannot tell: the old reading took ♠6 as an answer
    guessed = [field for _a, field, _inv, _lock in walk(view.obs.history, view.rules)]
    assert guessed[-1] is not None


def _recorded_rounds(preset: str, games: int) -> list[tuple[Round, list[tuple[object, ...]]]]:
    """Rounds played by greedy seats, with what each act faced, recorded from the engine as it went."""
    rules = Rules.preset(preset)
    out = []
    for g in range(games):
        rnd = Round.deal(rules, rules.players, 4000 + g)
        rng = random.Random(g)
        faced: list[tuple[object, ...]] = []
        while not rnd.over:
            if rnd.pending_kind:
                rnd.make_move(decision_move(rnd))
                continue
            m = greedy_policy(rnd, rng, rules) if rng.random() < 0.8 else rnd.moves()[0]
            faced.append((rnd.turn, rnd.field_move, rnd.inverted, rnd.lock_mask))
            rnd.make_move(m)
            if rnd.over:
                break
            seat = rnd.turn
            if len(faced) % 3 == 0 and rnd.hand_mask(seat):
                out.append((rnd.copy(), list(faced)))
    return out


def test_every_act_faces_the_field_the_engine_had() -> None:
    checked = 0
    for preset in ("uecda", "minecraft", "niconico"):
        for rnd, faced in _recorded_rounds(preset, 25):
            seat = rnd.turn
            view = read(rnd.observation(seat), rnd.rules)
            got = [(a.seat, field, inv, lock) for a, field, inv, lock in acts_of(view)]
            assert got == faced, preset
            checked += 1
    assert checked > 500


def test_a_history_the_engine_cannot_follow_is_read_from_the_plays() -> None:
    # dqx hands cards on (7渡し): the replay cannot know who holds what, the plays alone are read
    rules = Rules.preset("dqx")
    seen = 0
    for g in range(30):
        rnd = Round.deal(rules, 4, 77 + g)
        rng = random.Random(g)
        while not rnd.over:
            if rnd.pending_kind:
                rnd.make_move(decision_move(rnd))
                continue
            obs = rnd.observation(rnd.turn)
            if obs.transfers:
                view = read(obs, rules)
                assert acts_of(view) == list(walk(obs.history, rules))
                seen += 1
            rnd.make_move(greedy_policy(rnd, rng, rules))
    assert seen > 0
    assert all(isinstance(a, (Play, Pass)) for a, *_ in acts_of(view))


def test_each_seat_s_played_cards_are_its_dealt_cards_minus_its_hand() -> None:
    from dfg_bridge.engine.cpu.acts import played_by_seat

    checked = 0
    for rnd, _faced in _recorded_rounds("minecraft", 10):
        obs = rnd.observation(rnd.turn)
        played = played_by_seat(obs.history, rnd.n_seats)
        for s in range(rnd.n_seats):
            assert not played[s] & rnd.hand_mask(s)
            checked += played[s] != 0
        assert sum(p.bit_count() for p in played) == sum(
            len(a.meld.cards) for a in obs.history if isinstance(a, Play)
        )
    assert checked > 20
