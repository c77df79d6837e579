"""What each level does in small, hand-built situations (seed 001's and the issue's descriptions)."""

from __future__ import annotations

import pytest

from dfg_bridge.engine import Action, Meld, Pass, Play, Round, Rules
from dfg_bridge.engine.cpu import CpuError, make_cpu


def _round(hands: list[str], leader: int = 0, rules: Rules | None = None) -> Round:
    """Cards named nowhere are out of play (as if seen long ago)."""
    return Round.from_hands(rules or Rules(), [list(Meld.cards_of(h)) for h in hands], leader=leader)


def _decide(level: str, rnd: Round, seat: int = 0, seed: int = 1) -> Action:
    cpu = make_cpu(level, seed, budget_ms=60, rules=rnd.rules)
    return cpu.decide(rnd.observation(seat), list(rnd.legal_actions(seat)))


def _cards(action: Action) -> set[str]:
    assert isinstance(action, Play), action
    return {c.ascii() for c in action.meld.cards}


def test_greedy_leads_the_weakest_rank_with_its_largest_group() -> None:
    rnd = _round(["D4 S4 H4 C9 JK", "S5 H6", "D7 H8"])
    assert _cards(_decide("greedy", rnd)) == {"D4", "S4", "H4"}


def test_greedy_uses_a_joker_only_when_forced() -> None:
    rnd = _round(["S3 S9", "HQ JK D5", "D7 H8"])
    rnd.apply(rnd.play_text(0, "S9"))
    assert _cards(_decide("greedy", rnd, 1)) == {"HQ"}
    rnd2 = _round(["S3 SA", "JK D5", "D7 H8"])
    rnd2.apply(rnd2.play_text(0, "SA"))
    assert _cards(_decide("greedy", rnd2, 1)) == {"JK"}


def test_normal_keeps_a_pair_together() -> None:
    level = "normal"
    # answering a 7 with a 9 would break the pair of 9s; the king is the better answer
    rnd = _round(["S5 S7", "S9 H9 D4 CK", "D10 HJ CQ S2"], leader=0)
    rnd.apply(rnd.play_text(0, "S7"))
    assert _cards(_decide(level, rnd, 1)) == {"CK"}


def test_normal_saves_the_joker() -> None:
    level = "normal"
    # the joker would take the lead but leave the same hand to play: keep it for later
    rnd = _round(["SA S5", "JK D5 C6 H9", "D10 HJ CQ S2 H3"], leader=0)
    rnd.apply(rnd.play_text(0, "SA"))
    assert isinstance(_decide(level, rnd, 1), Pass)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_plays_the_strong_card_first_when_it_can_finish(level: str) -> None:
    # ♠2 wins the lead for sure (no 2 or joker left), then ♦4 finishes; the other way round
    # would end on a 2, a foul (反則上がり)
    rnd = _round(["S2 D4", "H5 C6 H9", "D10 HJ CQ H3"], leader=0)
    assert _cards(_decide(level, rnd)) == {"S2"}


def test_normal_makes_a_lock_with_the_top_heart() -> None:
    # ♥9 on ♥5 locks hearts (縛り), and ♥A is then the best heart left
    rnd = _round(["H5 S3", "H9 HA C6 DK", "D10 HJ CQ S4 D3"], leader=0)
    rnd.apply(rnd.play_text(0, "H5"))
    assert _cards(_decide("normal", rnd, 1)) == {"H9"}


def test_normal_turns_a_weak_hand_with_a_revolution() -> None:
    rnd = _round(["S4 H4 D4 C4 S5 H6 D7", "SK HA D2 CA", "DK C2 HK SQ"], leader=0)
    assert _cards(_decide("normal", rnd)) == {"S4", "H4", "D4", "C4"}


def test_easy_blunders_sometimes_but_stays_legal() -> None:
    rnd = _round(["S3 S4 S5 H9 D9 CK SA JK", "D10 HJ CQ", "H3 H4 D5"], leader=0)
    greedy = _decide("greedy", rnd)
    choices = {_decide("easy", rnd, seed=s) for s in range(40)}
    assert greedy in choices
    assert len(choices) >= 3  # a random strong card now and then
    assert all(rnd.is_legal(a) for a in choices)


def test_unknown_level_is_a_typed_error() -> None:
    with pytest.raises(CpuError) as err:
        make_cpu("grandmaster", 1)
    assert err.value.code == "unknown_level"
