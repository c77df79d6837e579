"""Determinization on the public API: ``Round.from_observation`` + ``with_hands`` rebuild the round."""

from __future__ import annotations

import random

from dfg_bridge.engine import Round
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.knowledge import Knowledge
from dfg_bridge.engine.cpu.playout import playout
from dfg_bridge.engine.cpu.view import read
from dfg_bridge.engine.rules import rank_points
from tests.engine.cpu.positions import positions


def test_template_with_true_hands_replays_the_round() -> None:
    checked = 0
    for rnd, seat in positions(3000, seed=7):
        if rnd.phase.value != "play" or rnd.pending_kind or rnd.to_act != seat:
            continue
        obs = rnd.observation(seat)
        base = Round.from_observation(obs, rnd.rules)
        world = base.with_hands(rnd.hand_masks(), seed=rnd.seed)
        assert world.moves() == rnd.moves(), rnd.rules.name
        assert world.state_key() == rnd.state_key() or rnd.rules.nakama_card, rnd.rules.name
        if not rnd.rules.nakama_card:  # なかまカード draws hang on the face-down cards' order
            n_present = rnd.present_mask.bit_count()
            pts = rank_points(rnd.rules, n_present)
            a = playout(world.copy(), seat, random.Random(checked), rnd.rules, pts)
            b = playout(rnd.copy(), seat, random.Random(checked), rnd.rules, pts)
            assert a == b, rnd.rules.name
        checked += 1
    assert checked > 1000


def test_with_hands_keeps_the_template_and_lays_the_rest_face_down() -> None:
    for rnd, seat in positions(400, seed=3):
        if rnd.phase.value != "play":
            continue
        base = Round.from_observation(rnd.observation(seat), rnd.rules)
        before = base.state_key()
        world = base.with_hands(rnd.hand_masks())
        assert base.state_key() == before  # the template is untouched
        assert world.hand_masks() == rnd.hand_masks()
        held = world.trick_mask
        for h in world.hand_masks():
            held |= h
        assert held | set_bits(world.discard_pile) == (1 << 52) - 1 | ((1 << rnd.rules.jokers) - 1) << 52


def set_bits(cards: tuple[object, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index  # type: ignore[attr-defined]
    return out


def test_samples_respect_counts_and_known_cards() -> None:
    rng = random.Random(3)
    for rnd, seat in positions(1500, seed=8):
        if rnd.phase.value != "play":
            continue
        view = read(rnd.observation(seat), rnd.rules)
        hands_now = rnd.hand_masks()
        others = [s for s in range(rnd.n_seats) if s != seat and hands_now[s]]
        if not others:
            continue
        known_card = (hands_now[others[0]] & view.unseen) & -(hands_now[others[0]] & view.unseen)
        known = {known_card.bit_length() - 1: others[0]} if known_card else {}
        sampler = Sampler(view, Knowledge(known, {}), rng)
        hands = sampler.sample()
        assert hands[seat] == hands_now[seat]
        dealt = 0
        for s in others:
            assert hands[s].bit_count() == hands_now[s].bit_count()
            assert not hands[s] & dealt
            dealt |= hands[s]
        assert dealt & ~view.unseen == 0
        assert (dealt | sampler.leftover(hands)) == view.unseen
        if known_card:
            assert hands[others[0]] & known_card
