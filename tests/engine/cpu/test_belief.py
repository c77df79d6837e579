"""Belief: what the exchange and 買収 reveal, pass notes, and the sampler's use of both."""

from __future__ import annotations

import random

import pytest

from dfg_bridge.engine import Match, Play, Round, Rules
from dfg_bridge.engine.cpu.base import decision_of
from dfg_bridge.engine.cpu.belief import Knowledge, Sampler, Tracker, pass_notes
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.greedy import GreedyPlayer
from dfg_bridge.engine.cpu.view import read


def _second_round(preset: str, seed: int) -> tuple[Match, Round]:
    rules = Rules.preset(preset)
    match = Match(rules, 4, seed=seed, rounds=2)
    greedy = GreedyPlayer(rules)
    rnd = match.start_round()
    while not rnd.over:
        s = min(rnd.awaiting())
        rnd.apply(greedy.decide(rnd.observation(s), rnd.legal_actions(s)))
    match.finish_round()
    return match, match.start_round()


CASES = [("minecraft", s) for s in range(6)] + [("niconico", s) for s in range(6)]


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_exchange_reveals_ceilings_that_hold(preset: str, seed: int) -> None:
    match, rnd = _second_round(preset, seed)
    rules = match.rules
    trackers = {s: Tracker() for s in range(4)}
    while rnd.phase.value == "exchange":
        s = min(rnd.awaiting())
        legal = list(rnd.legal_actions(s))
        view = read(rnd.observation(s), rules)
        trackers[s].update(view)
        action = choose(view, legal, decision_of(legal))
        trackers[s].note(view, action)
        rnd.apply(action)
    ceilings = 0
    for s in range(4):
        view = read(rnd.observation(s), rules)
        trackers[s].update(view)
        know = trackers[s].knowledge(view)
        for idx, holder in know.placed.items():
            assert rnd.hand_mask(holder) >> idx & 1
        for holder, top in know.ceiling.items():
            ceilings += 1
            mine = sum(1 << i for i, h in know.placed.items() if h == holder)
            rest = rnd.hand_mask(holder) & ~mine
            assert rest < (1 << (top + 1)), (holder, top)
    if preset == "minecraft":
        assert ceilings >= 2  # 大富豪 and 富豪 each learn their partner's ceiling


def test_sampler_keeps_ceilings() -> None:
    match, rnd = _second_round("minecraft", 3)
    rules = match.rules
    s = min(rnd.awaiting())
    view = read(rnd.observation(s), rules)
    others = [x for x in range(4) if x != s]
    know = Knowledge({}, {others[0]: 20})
    sampler = Sampler(view, know, random.Random(1))
    for _ in range(50):
        hands = sampler.deal()
        assert hands[others[0]] < (1 << 21)
        assert sum(h.bit_count() for h in hands) == sum(rnd.hand_counts())


def test_pass_notes_pair_each_pass_with_the_field() -> None:
    rules = Rules()
    from dfg_bridge.engine import Meld, Pass

    history = (
        Play(0, Meld.parse("S5")),
        Pass(1),
        Play(2, Meld.parse("H9")),
        Pass(3),
        Pass(0),
        Play(2, Meld.parse("D4 C4")),
        Pass(3),
    )
    notes = pass_notes(history, rules)
    assert [(n.seat, n.field[3], n.field[4]) for n in notes] == [(1, 1, 2), (3, 1, 6), (0, 1, 6), (3, 2, 1)]


def test_a_careful_pass_tells_little_and_nothing_about_the_strongest_cards() -> None:
    from dfg_bridge.engine import Meld
    from dfg_bridge.engine.cpu.belief import MID_PASS, PassNote, beaters, violation
    from dfg_bridge.engine.moves import mask_of, single_move

    five = single_move(mask_of(Meld.cards_of("S5")).bit_length() - 1)
    note = PassNote(1, five, False, 0)
    masks = beaters(note)

    def factor(cards: str) -> float | None:
        return violation(mask_of(Meld.cards_of(cards)), note, masks)

    # measured on ``normal``: it passes holding a 7 nearly as often as a random hand holds one, and
    # holding only aces or 2s no less often (an earlier weighting kept a fifth and three fifths)
    assert factor("S3 H4 D7 CK") == MID_PASS > 0.5
    assert factor("S3 H4 DA C2") == 1.0
    assert factor("S3 H4 D5") is None


def test_an_eager_pass_rules_out_even_the_strongest_beaters() -> None:
    from dfg_bridge.engine import Meld, Pass
    from dfg_bridge.engine.cpu.belief import SURE_PASS
    from dfg_bridge.engine.moves import mask_of

    rnd = Round.from_hands(
        Rules(), [list(Meld.cards_of(h)) for h in ("S5 S6 D3", "SA C3 D4", "S4 H6 D8", "H3 C4 C5")], leader=0
    )
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(Pass(1))
    view = read(rnd.observation(0), rnd.rules)
    sampler = Sampler(view, Knowledge({}, {}), random.Random(1), trust=[0.0, 1.0, 0.0, 0.0])
    hands = sampler.deal()
    hands[1] = mask_of(Meld.cards_of("SA C3 D4"))
    assert sampler.weight(hands) == pytest.approx(SURE_PASS)
    careful = Sampler(view, Knowledge({}, {}), random.Random(1))
    assert careful.weight(hands) == 1.0


def test_an_eager_seat_s_rank_mates_are_judged_by_its_acts_alone() -> None:
    # Seat 1 answers ♠5 with ♥6 although it also holds ♣6: an eager seat answers with the weakest
    # beater, from a pair or not. Its acts are checked exactly (EagerFit); the soft hint that a lone
    # card played leaves no rank-mates (meant for careful players) must not count against the deal.
    from dfg_bridge.engine import Meld
    from dfg_bridge.engine.cpu.belief import BROKEN_FACTOR
    from dfg_bridge.engine.cpu.opponents import EagerFit
    from dfg_bridge.engine.moves import mask_of

    rnd = Round.from_hands(
        Rules(), [list(Meld.cards_of(h)) for h in ("S5 S9 D3", "H6 C6 D4", "S4 H8 D8", "H3 C4 C5")], leader=0
    )
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "H6"))
    view = read(rnd.observation(0), rnd.rules)
    trust = [0.0, 1.0, 0.0, 0.0]
    sampler = Sampler(view, Knowledge({}, {}), random.Random(1), trust=trust, fits=EagerFit(view))
    hands = sampler.deal()
    hands[1] = mask_of(Meld.cards_of("C6 D4"))
    hands[2] = mask_of(Meld.cards_of("S4 H8 D8"))
    hands[3] = mask_of(Meld.cards_of("H3 C4 C5"))
    assert sampler.weight(hands, [False, True, False, False]) == 1.0
    assert sampler.weight(hands, [False, False, False, False]) == pytest.approx(BROKEN_FACTOR)
