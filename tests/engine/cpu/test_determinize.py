"""The CPU's determinization rebuilds the observed round: same legal moves, same future."""

from __future__ import annotations

import random

from dfg_bridge.engine.cpu import _determinize as det
from dfg_bridge.engine.cpu.belief import Knowledge, Sampler
from dfg_bridge.engine.cpu.playout import playout
from dfg_bridge.engine.cpu.view import read
from dfg_bridge.engine.rules import rank_points
from tests.engine.cpu.positions import positions


def test_template_with_true_hands_replays_the_round() -> None:
    checked = 0
    for rnd, seat in positions(3000, seed=7):
        if rnd.phase.value != "play" or rnd.pending or rnd.to_act != seat:
            continue
        view = read(rnd.observation(seat), rnd.rules)
        base = det.template(view, rnd.prev_daifugo)
        # the hidden cards nobody holds lie face down
        held = 0
        for h in rnd.hands:
            held |= h
        world = det.with_hands(base, list(rnd.hands), view.unseen & ~held, rnd.seed)
        world.nak_miss = rnd.nak_miss
        world.step = rnd.step
        world.discard = rnd.discard
        world.trick = rnd.trick
        assert world.moves() == rnd.moves(), rnd.rules.name
        n_present = rnd.present.bit_count()
        pts = rank_points(rnd.rules, n_present)
        a = playout(world.copy(), seat, random.Random(checked), rnd.rules, pts)
        b = playout(rnd.copy(), seat, random.Random(checked), rnd.rules, pts)
        assert a == b, rnd.rules.name
        checked += 1
    assert checked > 1000


def test_samples_respect_counts_and_known_cards() -> None:
    rng = random.Random(3)
    for rnd, seat in positions(1500, seed=8):
        if rnd.phase.value != "play":
            continue
        view = read(rnd.observation(seat), rnd.rules)
        others = [s for s in range(rnd.n_seats) if s != seat and rnd.hands[s]]
        if not others:
            continue
        known_card = (rnd.hands[others[0]] & view.unseen) & -(rnd.hands[others[0]] & view.unseen)
        known = {known_card.bit_length() - 1: others[0]} if known_card else {}
        sampler = Sampler(view, Knowledge(known, {}), rng)
        hands = sampler.sample()
        assert hands[seat] == rnd.hands[seat]
        dealt = 0
        for s in others:
            assert hands[s].bit_count() == rnd.hands[s].bit_count()
            assert not hands[s] & dealt
            dealt |= hands[s]
        assert dealt & ~view.unseen == 0
        assert (dealt | sampler.leftover(hands)) == view.unseen
        if known_card:
            assert hands[others[0]] & known_card
