"""Belief: what the exchange and 買収 reveal, pass notes, and the sampler's use of both."""

from __future__ import annotations

import random

import pytest

from dfg_bridge.engine import Match, Play, Round, Rules
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.clues import pass_notes
from dfg_bridge.engine.cpu.knowledge import Knowledge
from dfg_bridge.engine.cpu.view import read
from tests.engine.cpu.positions import play_exchange, second_round

CASES = [(p, s) for p in ("minecraft", "niconico", "uecda") for s in range(6)]


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_exchange_reveals_ceilings_that_hold(preset: str, seed: int) -> None:
    match, rnd = second_round(preset, seed)
    rules = match.rules
    n = rnd.n_seats
    trackers, _at_give = play_exchange(rnd, rules)
    ceilings = 0
    for s in range(n):
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
        assert ceilings >= 2  # 大富豪 and 富豪 each learn their partner's ceiling from the cards that came
    if preset == "uecda":
        # told nothing of which cards came (exchange_hidden), each learns it from its own strongest
        # cards once those came (nothing when that is the joker)
        assert ceilings >= 1


def test_sampler_keeps_ceilings() -> None:
    match, rnd = second_round("minecraft", 3)
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
    from dfg_bridge.engine.cpu.clues import MID_PASS, PassNote, beaters, violation
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
    from dfg_bridge.engine.cpu.clues import SURE_PASS
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
    from dfg_bridge.engine.cpu.clues import BROKEN_FACTOR
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


def test_a_careful_lead_from_a_big_hand_tells_what_was_weaker() -> None:
    # ``normal`` leads its weakest loose meld: from seven cards or more, a lead of 7s says the seat
    # held nothing weaker, 8s aside (kept for 8切り), in 95 % of its leads
    from dfg_bridge.engine import Meld
    from dfg_bridge.engine.cpu.clues import LEAD_FACTOR, lead_floors
    from dfg_bridge.engine.moves import mask_of

    rules = Rules.preset("minecraft")
    assert rules.eight_cut
    hands = ("S3 S4 HK", "S7 H7 D9 C10 SJ HQ H8 S2", "S5 H6 DA CA D2 S9 C9 D8", "H3 C4 C5 D6 DJ CQ")
    rnd = Round.from_hands(rules, [list(Meld.cards_of(h)) for h in hands], leader=1)
    rnd.apply(rnd.play_text(1, "S7 H7"))
    view = read(rnd.observation(0), rnd.rules)
    floors = lead_floors(view)
    weaker = mask_of(Meld.cards_of("H3 D3 C3 H4 D4 C4 S5 H5 D5 C5 S6 H6 D6 C6 D7 C7")) & view.unseen
    assert floors == [(1, weaker)]
    sampler = Sampler(view, Knowledge({}, {}), random.Random(1), leads=True)
    plain = Sampler(view, Knowledge({}, {}), random.Random(1))
    truth = [rnd.hand_mask(s) for s in range(4)]
    assert sampler.weight(truth) == plain.weight(truth)  # its true hand: nothing weaker

    def swap(card_1: str, card_2: str) -> list[int]:
        out = list(truth)
        a, b = mask_of(Meld.cards_of(card_1)), mask_of(Meld.cards_of(card_2))
        out[1] = out[1] & ~a | b
        out[2] = out[2] & ~b | a
        return out

    assert sampler.weight(swap("D9", "S5")) == pytest.approx(LEAD_FACTOR * plain.weight(swap("D9", "S5")))
    assert sampler.weight(swap("H8", "H6")) == pytest.approx(LEAD_FACTOR * plain.weight(swap("H8", "H6")))
    assert sampler.weight(swap("D9", "D8")) == plain.weight(swap("D9", "D8"))  # an 8 is kept on purpose
    # an eager seat's leads are checked exactly elsewhere (EagerFit, shunned): no soft weight here
    assert sampler.weight(swap("D9", "S5"), [False, True, False, False]) == plain.weight(
        swap("D9", "S5"), [False, True, False, False]
    )
    # from a small hand a careful seat plays its winners first: the lead tells nothing
    small = ("S3 S4 HK", "S7 H7 D9 C10", "S5 H6 DA CA D2 S9 C9 H9", "H3 C4 C5 D6 DJ CQ")
    rnd = Round.from_hands(rules, [list(Meld.cards_of(h)) for h in small], leader=1)
    rnd.apply(rnd.play_text(1, "S7 H7"))
    assert lead_floors(read(rnd.observation(0), rnd.rules)) == []


def _exchange_positions(preset: str, level: str, matches: int) -> list[Round]:
    """Positions in the play of later rounds (after an exchange) of matches of ``level`` seats."""
    from dfg_bridge.engine.cpu import make_cpu

    rules = Rules.preset(preset)
    cpu = make_cpu(level, 0, rules=rules)
    out = []
    for seed in range(matches):
        match = Match(rules, rules.players, seed=seed, rounds=3)
        while not match.over:
            rnd = match.start_round()
            while not rnd.over:
                s = min(rnd.awaiting())
                obs = rnd.observation(s)
                if obs.exchange_pairs and obs.phase == "play" and obs.step % 3 == 0:
                    out.append(rnd.copy())
                rnd.apply(cpu.decide(obs, list(rnd.legal_actions(s))))
            match.finish_round()
    return out


def _whole_hands(rnd: Round) -> list[int]:
    """Each seat's cards of the whole round: in hand and played since the exchange."""
    from dfg_bridge.engine.moves import mask_of

    hands = [rnd.hand_mask(s) for s in range(rnd.n_seats)]
    for a in rnd.observation(0).history:
        if isinstance(a, Play):
            hands[a.seat] |= mask_of(a.meld.cards)
    return hands


@pytest.mark.parametrize("preset", ["uecda", "minecraft"])
def test_the_true_hands_always_fit_the_exchange_of_eager_seats(preset: str) -> None:
    from dfg_bridge.engine.cpu.clues import exchange_fit

    checked = 0
    for rnd in _exchange_positions(preset, "greedy", 10):
        obs = rnd.observation(0)
        hands = _whole_hands(rnd)
        for hi, lo, k in obs.exchange_pairs:
            if obs.hand_counts[hi] and obs.hand_counts[lo]:  # (a 都落ち hand went face down)
                assert exchange_fit(hands[hi], hands[lo], k, True)
                checked += 1
    assert checked > 300


def test_the_exchange_tells_a_lot_about_random_hands_and_little_that_is_wrong_about_normal() -> None:
    # a random pair of 11-card hands fits an eager 2-card exchange in about one deal of eight, a
    # 1-card one in under half; ``normal`` gives back a strong card now and then, so its true hands
    # miss the careful check (the lower rank's part) in under 2 % of positions
    from dfg_bridge.engine.cpu.clues import exchange_fit

    rng = random.Random(1)
    fits = {(k, e): 0 for k in (1, 2) for e in (False, True)}
    for _ in range(2000):
        cards = list(range(53))
        rng.shuffle(cards)
        high = sum(1 << c for c in cards[:11])
        low = sum(1 << c for c in cards[11:22])
        for k, e in fits:
            fits[k, e] += exchange_fit(high, low, k, e)
    assert fits[2, True] < 0.2 * 2000 and fits[1, True] < 0.55 * 2000
    assert fits[2, False] < 0.85 * 2000 and fits[1, False] < 0.9 * 2000
    missed = checked = 0
    for rnd in _exchange_positions("minecraft", "normal", 10):
        obs = rnd.observation(0)
        hands = _whole_hands(rnd)
        for hi, lo, k in obs.exchange_pairs:
            if obs.hand_counts[hi] and obs.hand_counts[lo]:
                missed += not exchange_fit(hands[hi], hands[lo], k, False)
                checked += 1
    assert checked > 300 and missed < 0.02 * checked


def test_the_sampler_weighs_deals_by_the_exchange_between_two_other_seats() -> None:
    from dfg_bridge.engine.cpu.clues import SURE_PASS, exchange_fit

    tried = 0
    for rnd in _exchange_positions("uecda", "greedy", 3):
        obs = rnd.observation(0)
        others = [(hi, lo, k) for hi, lo, k in obs.exchange_pairs if 0 not in (hi, lo)]
        if not obs.history or not others or min(obs.hand_counts) < 3:
            continue
        hi, lo, k = others[0]
        truth = [rnd.hand_mask(s) for s in range(rnd.n_seats)]
        whole = _whole_hands(rnd)
        played_hi, played_lo = whole[hi] & ~truth[hi], whole[lo] & ~truth[lo]
        # the higher rank's strongest card in hand swapped for the lower rank's weakest: the lower
        # rank would have given that strong card away, or an eager higher rank kept a weaker card
        top = truth[hi].bit_length() - 1
        bottom = (truth[lo] & -truth[lo]).bit_length() - 1
        swapped = list(truth)
        swapped[hi] = truth[hi] & ~(1 << top) | 1 << bottom
        swapped[lo] = truth[lo] & ~(1 << bottom) | 1 << top
        if exchange_fit(swapped[hi] | played_hi, swapped[lo] | played_lo, k, True):
            continue
        tried += 1
        view = read(obs, rnd.rules)
        trust = [0.0] + [1.0] * (rnd.n_seats - 1)  # every other seat taken as eager (greedy)
        eager = [t > 0 for t in trust]
        sampler = Sampler(view, Knowledge({}, {}), random.Random(2), trust=trust, exchange=True)
        plain = Sampler(view, Knowledge({}, {}), random.Random(2), trust=trust)
        assert sampler.weight(truth, eager) == plain.weight(truth, eager)
        assert sampler.weight(swapped, eager) == pytest.approx(SURE_PASS * plain.weight(swapped, eager))
        # drawn deals fit far more often with the check than without
        fit_on = fit_off = 0
        for _ in range(100):
            h = sampler.sample()
            fit_on += exchange_fit(h[hi] | played_hi, h[lo] | played_lo, k, True)
            h = plain.sample()
            fit_off += exchange_fit(h[hi] | played_hi, h[lo] | played_lo, k, True)
        assert fit_on > fit_off and fit_on > 80
        if tried >= 3:
            break
    assert tried >= 3


def test_deals_are_dealt_around_the_exchange_between_two_other_seats() -> None:
    # not by rejection: a bare deal already fits the exchange (a random one fits a 2-card exchange
    # of eager seats one time in eight), every card goes to a seat that may hold it, and the true
    # hands keep their weight
    from dfg_bridge.engine.cpu.clues import exchange_fit, top_ranks

    fit_on = fit_off = dealt = kept = 0
    for rnd in _exchange_positions("uecda", "greedy", 4)[::3]:
        obs = rnd.observation(0)
        view = read(obs, rnd.rules)
        trust = [0.0] + [1.0] * (rnd.n_seats - 1)
        eager = [t > 0 for t in trust]
        whole = _whole_hands(rnd)
        truth = [rnd.hand_mask(s) for s in range(rnd.n_seats)]
        around = Sampler(view, Knowledge({}, {}), random.Random(3), trust=trust, exchange=True)
        plain = Sampler(view, Knowledge({}, {}), random.Random(3), trust=trust)
        pairs = [
            (hi, lo, k, whole[hi] & ~truth[hi], whole[lo] & ~truth[lo])
            for hi, lo, k in obs.exchange_pairs
            if 0 not in (hi, lo) and obs.hand_counts[hi] > 6 and obs.hand_counts[lo] > 6
        ]
        if not pairs:
            continue
        assert around.weight(truth, eager) == plain.weight(truth, eager)
        for _ in range(20):
            for sampler in (around, plain):
                h = sampler.deal(eager)
                assert h[0] == truth[0]
                assert [h[s].bit_count() for s in range(1, rnd.n_seats)] == list(obs.hand_counts[1:])
                dealt_cards = 0
                for s in range(1, rnd.n_seats):
                    dealt_cards |= h[s]
                assert dealt_cards == view.unseen  # no card lost or doubled
                # the lower rank kept nothing above the higher rank's k-th strongest card (the eager
                # higher rank's part, that it kept nothing weaker than it gave back, is left to the
                # weight)
                ok = all(
                    top_ranks(h[lo] | pl)[0] <= top_ranks(h[hi] | ph)[k - 1] for hi, lo, k, ph, pl in pairs
                )
                if sampler is around:
                    fit_on += ok
                    dealt += 1
                else:
                    fit_off += ok
            h = around.sample()
            kept += all(exchange_fit(h[hi] | ph, h[lo] | pl, k, True) for hi, lo, k, ph, pl in pairs)
    assert dealt >= 200
    assert fit_on > 0.9 * dealt and fit_off < 0.75 * dealt, (fit_on, fit_off, dealt)
    assert kept > 0.9 * dealt, (kept, dealt)  # one sample per bare deal of ``around``
