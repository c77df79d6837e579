"""Reading the other seats' style (opponents.py) and what strong does with it (the sampler's pass trust)."""

from __future__ import annotations

import math
import random

import pytest

from dfg_bridge.engine import Meld, Pass, Play, Round, Rules
from dfg_bridge.engine.cpu.acts import walk
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.clues import pass_notes
from dfg_bridge.engine.cpu.knowledge import Knowledge
from dfg_bridge.engine.cpu.opponents import (
    BROKEN_PAIR,
    CARRY,
    PASSED_UP,
    PRIOR,
    QUIET,
    Style,
    evidence,
    shunned,
)
from dfg_bridge.engine.cpu.view import View, read
from dfg_bridge.engine.moves import mask_of

HANDS = [
    "HK S5 S6 D3",
    "SA S7 H7 C8 D9 H10 CJ",
    "S3 H4 D5 C6 H8 D10 DJ",
    "C3 C4 C5 H6 D7 C9 CQ",
]


def _round(hands: list[str] = HANDS) -> Round:
    return Round.from_hands(Rules(), [list(Meld.cards_of(h)) for h in hands], leader=0)


def _view(rnd: Round, seat: int = 0) -> View:
    return read(rnd.observation(seat), rnd.rules)


def _quiet(played: int, dealt: int) -> float:
    return QUIET * (played / dealt) ** 2


def test_an_ace_on_a_king_tells_little() -> None:
    # a careful seat plays its ace too when it wins the lead: only the share of the hand played counts
    rnd = _round()
    rnd.apply(rnd.play_text(0, "HK"))
    rnd.apply(rnd.play_text(1, "SA"))
    assert evidence(_view(rnd)) == {1: _quiet(1, 7), 2: 0.0, 3: 0.0}


def test_a_pass_with_a_beater_played_later_counts_as_careful() -> None:
    rnd = _round()
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(Pass(1))  # holding S7, H7, C8… (seen when it plays them)
    rnd.apply(rnd.play_text(2, "D10"))
    rnd.apply(Pass(3))
    rnd.apply(Pass(0))
    rnd.apply(rnd.play_text(2, "S3"))
    assert evidence(_view(rnd))[1] == _quiet(0, 7)  # nothing seen yet
    rnd.apply(rnd.play_text(3, "C4"))
    rnd.apply(Pass(0))
    rnd.apply(rnd.play_text(1, "S7"))
    assert evidence(_view(rnd))[1] == PASSED_UP


def test_an_answer_above_a_weaker_beater_counts_as_careful() -> None:
    rnd = _round()
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "C8"))  # 8切り: seat 1 leads again
    ev = evidence(_view(rnd))
    assert ev[1] == _quiet(1, 7)
    rnd.apply(rnd.play_text(1, "S7"))  # it held a 7, and answered the 5 with the 8
    assert evidence(_view(rnd))[1] == PASSED_UP


def test_two_singles_of_one_rank_count_as_a_broken_pair() -> None:
    rnd = _round()
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "S7"))
    rnd.apply(Pass(2))
    rnd.apply(Pass(3))
    rnd.apply(Pass(0))
    rnd.apply(rnd.play_text(1, "H7"))
    assert math.isclose(evidence(_view(rnd))[1], BROKEN_PAIR + _quiet(2, 7))


def test_style_turns_evidence_into_a_probability_and_carries_it_to_the_next_round() -> None:
    rnd = _round()
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "C8"))
    rnd.apply(rnd.play_text(1, "S7"))
    style = Style()
    e = style.eagerness(_view(rnd))
    assert e[0] == 0.0
    assert math.isclose(e[1], 1 / (1 + math.exp(-(PRIOR + PASSED_UP))))
    assert math.isclose(e[2], 1 / (1 + math.exp(-PRIOR)))
    style.new_round()
    fresh = _round()
    e2 = style.eagerness(_view(fresh))
    assert math.isclose(e2[1], 1 / (1 + math.exp(-(PRIOR + CARRY * PASSED_UP))))
    # a prior given by the settings (eager_prior) shifts the log odds before any evidence
    e3 = style.eagerness(_view(fresh), prior=2.0)
    assert math.isclose(e3[1], 1 / (1 + math.exp(-(2.0 + CARRY * PASSED_UP))))
    assert math.isclose(e3[2], 1 / (1 + math.exp(-2.0)))


def _readings(levels: list[str], matches: int) -> dict[str, float]:
    """Mean eagerness each level is read with by the other seats, from the second round of a match on."""
    from dfg_bridge.engine.cpu import make_cpu
    from dfg_bridge.engine.cpu.knowledge import Tracker
    from dfg_bridge.engine.match import Match

    rules = Rules.preset("minecraft")
    n = len(levels)
    seen: dict[str, list[float]] = {}
    for k in range(matches):
        lv = [levels[(s + k) % n] for s in range(n)]
        cpus = [make_cpu(lv[s], k * 31 + s, rules=rules) for s in range(n)]
        styles = [Style() for _ in range(n)]
        trackers = [Tracker() for _ in range(n)]
        match = Match(rules, n, seed=k * 7 + 1, rounds=rules.rounds)
        first = True
        while not match.over:
            rnd = match.start_round()
            while not rnd.over:
                seat = min(rnd.awaiting())
                obs = rnd.observation(seat)
                view = read(obs, rules)
                if trackers[seat].update(view):
                    styles[seat].new_round()
                e = styles[seat].eagerness(view)
                if not first:
                    for s in range(n):
                        if s != seat:
                            seen.setdefault(lv[s], []).append(e[s])
                rnd.apply(cpus[seat].decide(obs, list(rnd.legal_actions(seat))))
            match.finish_round()
            first = False
    return {level: sum(v) / len(v) for level, v in seen.items()}


def test_normal_reads_careful_and_greedy_eager() -> None:
    # an ace played on the field is no tell (normal plays its winning cards as often as greedy):
    # an earlier reading took normal for eager at 0.7
    got = _readings(["normal", "greedy", "normal", "greedy"], 8)
    assert got["normal"] < 0.3 and got["greedy"] > 0.75, got


def test_forced_passes_after_a_pass_are_left_out_under_pass_lock() -> None:
    # seat 1 passes on the 5; when seat 2 answers, seat 1 is not asked again, but a history may
    # still record its forced pass (as UECda's owner-again does): it tells nothing new
    history = (
        Play(0, Meld.parse("S5")),
        Pass(1),
        Play(2, Meld.parse("H9")),
        Pass(1),
    )
    locked = Rules()
    assert [n.seat for n in pass_notes(history, locked)] == [1]
    free = Rules().replace(pass_lock=False)
    assert [n.seat for n in pass_notes(history, free)] == [1, 1]
    fields = [f for a, f, _inv, _lock in walk(history, locked) if isinstance(a, Pass)]
    assert [f[4] if f else None for f in fields] == [2]


def test_an_eager_seat_that_passed_is_dealt_no_beater() -> None:
    rnd = _round(["SJ S3 D3", "S4 H4 D5 C5 H6", "C4 S5 D6 C6 S7 H7", "SQ HK SA S2 D7 C7"])
    rnd.apply(rnd.play_text(0, "SJ"))
    rnd.apply(Pass(1))
    view = _view(rnd)
    beaters = mask_of(Meld.cards_of("SQ HK SA S2"))

    def share(trust: list[float] | None) -> float:
        sampler = Sampler(view, Knowledge({}, {}), random.Random(4), trust=trust)
        dealt = [sampler.sample()[1] for _ in range(400)]
        return sum(1 for h in dealt if h & beaters) / len(dealt)

    careful = share(None)
    eager = share([0.0, 1.0, 0.0, 0.0])
    # a careful seat may pass holding a beater (a fifth of such deals kept, more for an ace or a 2);
    # an eager one passes only when it must
    assert eager < 0.2 and careful > 0.4, (eager, careful)


def test_strong_plays_each_seat_as_its_reading_says() -> None:
    from dfg_bridge.engine.cpu.search import Settings, settings_for
    from dfg_bridge.engine.cpu.strong import StrongPlayer

    rnd = _round()
    rnd.apply(rnd.play_text(0, "HK"))
    rnd.apply(rnd.play_text(1, "SA"))
    rnd.apply(Pass(2))
    view = _view(rnd, 3)
    assert StrongPlayer(1, settings=Settings(opponents="plain"))._eagerness(view) is None
    assert StrongPlayer(1, settings=Settings(opponents="greedy"))._eagerness(view) == [1.0] * 4
    read_ = StrongPlayer(1)._eagerness(view)  # the default: read from the plays (minecraft's prior)
    assert read_ == Style().eagerness(view, settings_for("minecraft").eager_prior)
    assert read_[3] == 0.0 and all(0.0 < e < 1.0 for e in read_[:3])
    # and the decision itself stays legal and reproducible with a fixed deal count
    legal = list(rnd.legal_actions(3))
    picks = {
        StrongPlayer(5, budget_ms=60_000, max_deals=20).decide(rnd.observation(3), legal) for _ in range(2)
    }
    assert len(picks) == 1 and picks <= set(legal)


def test_an_eager_seat_is_dealt_around_its_beaters_even_in_one_try() -> None:
    rnd = _round(["SJ S3 D3", "S4 H4 D5 C5 H6", "C4 S5 D6 C6 S7 H7", "SQ HK SA S2 D7 C7"])
    rnd.apply(rnd.play_text(0, "SJ"))
    rnd.apply(Pass(1))
    view = _view(rnd)
    beaters = mask_of(Meld.cards_of("SQ HK SA S2"))
    trust = [0.0, 1.0, 0.0, 0.0]
    sampler = Sampler(view, Knowledge({}, {}), random.Random(4), tries=1, trust=trust, avoid=shunned(view))
    for _ in range(100):
        assert not sampler.sample()[1] & beaters  # rejection alone would keep some, in one try
        assert sampler.eager == [False, True, False, False]


def test_strong_plays_the_seats_the_sampler_dealt_as_eager_eagerly(monkeypatch: pytest.MonkeyPatch) -> None:
    from dfg_bridge.engine.cpu import strong
    from dfg_bridge.engine.cpu.playout import policy as plain_policy
    from dfg_bridge.engine.moves import Move
    from tests.engine.cpu.positions import positions

    original = Sampler.sample
    searching = [-1]

    def all_eager(self: Sampler) -> list[int]:
        hands = original(self)
        self.eager = [s != self.view.seat for s in range(len(hands))]
        return hands

    careful_turns: list[int] = []

    def plain(r: Round, rng: random.Random, rules: Rules) -> Move:
        if r.turn != searching[0]:
            careful_turns.append(r.turn)
        return plain_policy(r, rng, rules)

    monkeypatch.setattr(Sampler, "sample", all_eager)
    monkeypatch.setattr(strong, "careful_model", lambda *_args: plain)  # every careful move
    cpu = strong.StrongPlayer(3, budget_ms=60_000, max_deals=20)
    searched = 0
    for rnd, seat in positions(120, seed=8):
        if rnd.rules.name != "minecraft" or rnd.phase.value != "play":
            continue
        legal = list(rnd.legal_actions(seat))
        if len(legal) > 2:
            searching[0] = seat
            cpu.decide(rnd.observation(seat), legal)
            searched += cpu.last_deals > 0
        if searched >= 3:
            break
    assert searched >= 3
    assert not careful_turns  # the old way drew each seat's style apart from the deal


def test_what_an_eager_seat_cannot_hold() -> None:
    rnd = _round()
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "H10"))  # greedy would have answered with its weakest beater
    rnd.apply(Pass(2))  # and passes only without one (here on the 10)
    got = shunned(_view(rnd, 3))
    between = mask_of(Meld.cards_of("S6 H6 D6 C6 S7 H7 D7 C7 S8 H8 D8 C8 S9 H9 D9 C9"))
    assert got[1] == between | mask_of(Meld.cards_of("S10"))  # and it answers with the lowest suit
    assert got[2] & mask_of(Meld.cards_of("SJ HA C2")) == mask_of(Meld.cards_of("SJ HA C2"))
    assert got[2] & mask_of(Meld.cards_of("S6 C10")) == 0
    assert got[0] == mask_of(
        Meld.cards_of("S3 H3 D3 C3 S4 H4 D4 C4 H5 D5 C5")
    )  # led the 5: nothing weaker, no other 5


def test_a_joker_on_a_single_tells_it_held_no_real_beater() -> None:
    rnd = _round(["S5 S6 D3", "JK C3 D4", "HK SA S7", "C9 C10 D10"])
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "JK"))
    got = shunned(_view(rnd, 3))
    assert got[1] & mask_of(Meld.cards_of("S6 HK SA C2")) == mask_of(Meld.cards_of("S6 HK SA C2"))
    assert not got[1] & mask_of(Meld.cards_of("C3 D4 S5 H5"))


def _greedy_positions(preset: str, games: int, seed: int) -> list[tuple[Round, int]]:
    from dfg_bridge.engine.cpu.eager import greedy_policy
    from dfg_bridge.engine.cpu.playout import decision_move

    rules = Rules.preset(preset)
    out = []
    for g in range(games):
        rnd = Round.deal(rules, rules.players, seed + g)
        rng = random.Random(g)
        while not rnd.over:
            if rnd.pending_kind:
                rnd.make_move(decision_move(rnd))
                continue
            if rng.random() < 0.3:
                out.append((rnd.copy(), rnd.turn))
            rnd.make_move(greedy_policy(rnd, rng, rules))
    return out


@pytest.mark.parametrize("preset", ["uecda", "minecraft", "niconico"])
def test_the_true_hands_of_greedy_seats_always_fit(preset: str) -> None:
    from dfg_bridge.engine.cpu.opponents import EagerFit

    checked = 0
    for rnd, seat in _greedy_positions(preset, 40, 9100):
        fit = EagerFit(_view(rnd, seat))
        truth = [rnd.hand_mask(s) for s in range(rnd.n_seats)]
        assert fit(truth, [True] * rnd.n_seats)
        for s, caps in fit.caps.items():  # the counts they imply hold too
            assert all(((truth[s] >> (4 * r)) & 15).bit_count() <= cap for r, cap in caps.items())
        checked += len(fit.checks)
    assert checked > 1000


def test_a_deal_against_what_a_greedy_seat_did_does_not_fit() -> None:
    from dfg_bridge.engine.cpu.opponents import EagerFit

    rnd = _round(["S5 S6 D10 H10", "H7 C8 D9 SK", "S3 H4 D5 C6", "C3 C4 C5 H6"])
    rnd.apply(rnd.play_text(0, "S5"))
    rnd.apply(rnd.play_text(1, "H7"))  # its weakest beater
    rnd.apply(Pass(2))  # nothing beats ♥7
    fit = EagerFit(_view(rnd, 3))
    hands = [rnd.hand_mask(s) for s in range(4)]
    eager = [True] * 4
    assert fit(hands, eager)

    def swap(seat_a: int, card_a: str, seat_b: int, card_b: str) -> list[int]:
        out = list(hands)
        a, b = mask_of(Meld.cards_of(card_a)), mask_of(Meld.cards_of(card_b))
        out[seat_a] = out[seat_a] & ~a | b
        out[seat_b] = out[seat_b] & ~b | a
        return out

    weaker_beater = swap(1, "SK", 0, "S6")  # seat 1 answered ♠5 with ♥7 holding ♠6
    assert not fit(weaker_beater, eager)
    assert fit(weaker_beater, [True, False, True, True])  # a careful seat may answer as it likes
    assert not fit(swap(2, "H4", 1, "C8"), eager)  # seat 2 passed on ♥7 holding ♣8
    assert fit(swap(1, "SK", 3, "C3"), eager)  # what nobody's acts tell apart


def test_the_sampler_deals_greedy_seats_hands_that_fit_their_plays() -> None:
    from dfg_bridge.engine.cpu.opponents import EagerFit

    fitting = total = 0
    for rnd, seat in _greedy_positions("uecda", 12, 9300):
        view = _view(rnd, seat)
        fit = EagerFit(view)
        n = rnd.n_seats
        trust = [0.0 if s == seat else 1.0 for s in range(n)]
        rng = random.Random(5)
        sampler = Sampler(view, Knowledge({}, {}), rng, trust=trust, avoid=shunned(view), fits=fit)
        for _ in range(10):
            fitting += fit(sampler.sample(), sampler.eager)
            total += 1
    assert fitting / total > 0.85


def test_an_eager_seat_s_answers_and_passes_on_pairs_cap_what_it_holds_of_each_rank() -> None:
    from dfg_bridge.engine.cpu.opponents import EagerFit

    rnd = _round(["S5 H5 D10 H10", "H9 C9 D7 SK S8", "S3 H4 D6 C6 SJ", "C3 C4 H6 D8 CQ"])
    rnd.apply(rnd.play_text(0, "S5 H5"))
    rnd.apply(rnd.play_text(1, "H9 C9"))  # the weakest pair above 5s: no pair of 6, 7 or 8 then
    rnd.apply(Pass(2))  # no pair above 9s
    fit = EagerFit(_view(rnd, 3))
    six, seven, eight, nine = 3, 4, 5, 6  # rank indices (3 is 0)
    assert {r: fit.caps[1][r] for r in (six, seven, eight)} == {six: 1, seven: 1, eight: 1}
    assert nine not in fit.caps[1]
    assert fit.caps[2] == dict.fromkeys(range(nine + 1, 13), 1)
    assert 0 not in fit.caps and 3 not in fit.caps  # a lead caps nothing; the observer is not read


def test_deals_keep_the_caps_and_fit_eager_seats_far_more_often() -> None:
    # one try per sample, so what the dealer gets right shows (rejection hides it): without the caps
    # (caps=None) 60 % of these deals fit every act of the greedy seats
    from dfg_bridge.engine.cpu.opponents import EagerFit

    fitting = total = 0
    for rnd, seat in _greedy_positions("uecda", 16, 9300):
        view = _view(rnd, seat)
        fit = EagerFit(view)
        trust = [0.0 if s == seat else 1.0 for s in range(rnd.n_seats)]
        sampler = Sampler(
            view,
            Knowledge({}, {}),
            random.Random(5),
            tries=1,
            trust=trust,
            avoid=shunned(view),
            fits=fit,
            caps=fit.caps,
        )
        for _ in range(10):
            fitting += fit(sampler.sample(), sampler.eager)
            total += 1
    assert total > 1000
    assert fitting / total > 0.75


def test_cards_only_one_seat_may_hold_go_to_it() -> None:
    # seat 1 may not hold ♠7, seat 2 neither ♠4 nor ♥4: dealt in turn, seat 1 would often take ♥9
    # and leave seat 2 a card it cannot hold; placed by who may hold each card, never
    rnd = _round(["S3 D3 C3", "S4 H4", "S7 H9", "C5 C6 C7"])
    view = _view(rnd, 0)
    avoid = {1: mask_of(Meld.cards_of("S7")), 2: mask_of(Meld.cards_of("S4 H4"))}
    trust = [0.0, 1.0, 1.0, 0.0]
    sampler = Sampler(view, Knowledge({}, {}), random.Random(2), tries=1, trust=trust, avoid=avoid)
    for _ in range(200):
        hands = sampler.deal([False, True, True, False])
        assert not hands[1] & avoid[1] and not hands[2] & avoid[2]
        assert [h.bit_count() for h in hands] == [3, 2, 2, 3]


def test_an_eager_giver_kept_nothing_weaker_than_what_it_gave_back() -> None:
    # uecda round 2 with five greedy seats: the 大富豪 and 富豪 give back their weakest cards once the
    # lower ranks' strongest are in their hands, so the receiver knows each kept nothing weaker
    from dfg_bridge.engine import Match
    from dfg_bridge.engine.cpu import make_cpu
    from dfg_bridge.engine.cpu.opponents import gave_weakest

    rules = Rules.preset("uecda")
    cpu = make_cpu("greedy", 0, rules=rules)
    told = 0
    for seed in range(3, 9):
        match = Match(rules, 5, seed=seed)
        rnd = match.start_round()
        assert all(gave_weakest(_view(rnd, s)) == {} for s in range(5))  # round 1: no exchange
        while not rnd.over:
            s = min(rnd.awaiting())
            rnd.apply(cpu.decide(rnd.observation(s), list(rnd.legal_actions(s))))
        match.finish_round()
        rnd = match.start_round()
        while rnd.phase.value == "exchange":
            s = min(rnd.awaiting())
            rnd.apply(cpu.decide(rnd.observation(s), list(rnd.legal_actions(s))))
        ranking = match.records[-1].ranking
        for giver, receiver in ((ranking[0], ranking[-1]), (ranking[1], ranking[-2])):
            floor = gave_weakest(_view(rnd, receiver))
            assert set(floor) == {giver}
            assert not floor[giver] & rnd.hand_mask(giver)  # true of the real hand
            assert shunned(_view(rnd, receiver)).get(giver, 0) & floor[giver] == floor[giver]
            told += floor[giver].bit_count()
            # the seat whose strongest cards came to it learns no floor (that ceiling is Knowledge's)
            assert gave_weakest(_view(rnd, giver)) == {}
    assert told > 20


@pytest.mark.parametrize(("preset", "capped"), [("uecda", True), ("minecraft", False)])
def test_strong_deals_within_the_caps_where_its_preset_says(
    preset: str, capped: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dfg_bridge.engine.cpu import strong

    given: list[dict[int, dict[int, int]] | None] = []

    class Spy(Sampler):
        def __init__(
            self, *args: object, caps: dict[int, dict[int, int]] | None = None, **kwargs: object
        ) -> None:
            given.append(caps)
            super().__init__(*args, caps=caps, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(strong, "Sampler", Spy)
    rules = Rules.preset(preset)
    cpu = strong.StrongPlayer(3, budget_ms=60_000, rules=rules, max_deals=4)
    for rnd, seat in _greedy_positions(preset, 3, 9400)[:40]:
        legal = list(rnd.legal_actions(seat))
        if rnd.phase.value == "play" and len(legal) > 1:
            cpu.decide(rnd.observation(seat), legal)
    assert given
    assert any(c for c in given) is capped  # caps from the eager seats' groups reach the dealer, or none
