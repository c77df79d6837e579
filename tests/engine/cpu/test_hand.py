"""Hand analysis: splits, controls (支配札), mates (詰み), fouls (反則上がり)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Rules, parse_cards
from dfg_bridge.engine.cpu.hand import Outlook, answerable, is_control, is_foul
from dfg_bridge.engine.cpu.mates import follow_mate, mate_line
from dfg_bridge.engine.cpu.splits import split
from dfg_bridge.engine.moves import (
    K_SINGLE,
    group_move,
    jokers_in,
    move_strength,
    rank_suits,
    single_move,
    stairs_move,
    strength,
)
from dfg_bridge.engine.moves import mask_of as mask_of_cards

ALL = (1 << 54) - 1
RULES = Rules()


def m(text: str) -> int:
    return mask_of_cards(parse_cards(text))


def outlook(hand: str, gone: str = "", inverted: bool = False, rules: Rules = RULES) -> Outlook:
    """Everything not in ``hand`` or ``gone`` is unseen."""
    return Outlook(rules, inverted, ALL & ~m(hand) & ~m(gone) & ~(1 << 53 if rules.jokers < 2 else 0))


def test_split_keeps_pairs_and_stairs_whole() -> None:
    sp = split(m("S3 S4 S5 S6 H9 D9 CK"), outlook("S3 S4 S5 S6 H9 D9 CK"))
    kinds = sorted((mv[0], mv[3]) for mv in sp.melds)
    assert kinds == [(1, 1), (2, 2), (3, 4)]


def test_controls_follow_the_unseen_cards_and_the_order() -> None:
    o = outlook("S2 D4", gone="H2 D2 C2 JK")
    assert is_control(single_move(48), o)  # ♠2 with every other 2 and the joker gone
    o2 = outlook("S2 D4")
    assert not is_control(single_move(48), o2)  # an unseen joker beats it
    assert is_control(single_move(52), o2) is False  # ♠3 unseen: スペ3返し answers the joker
    o3 = outlook("S2 D4 S3")
    assert is_control(single_move(52), o3)
    # under 革命 the 3s are strongest
    inv = outlook("S3 H3", gone="D3 C3 JK", inverted=True)
    assert is_control(group_move(0, 0b0011), inv)


def test_an_eight_always_wins_the_lead() -> None:
    assert is_control(single_move(5 * 4), outlook("S8"))
    assert not is_control(single_move(5 * 4), outlook("S8", rules=RULES.replace(eight_cut=False)))


def test_stairs_answers_under_both_beat_rules() -> None:
    st = stairs_move(1, 0, 2)  # ♥3 ♥4 ♥5
    unseen = m("S6 S7 S8")
    assert answerable(st, unseen, False, RULES)
    above = RULES.replace(stairs_beat="above")
    assert answerable(st, unseen, False, above)
    assert not answerable(st, m("S4 S5 S6"), False, above)
    assert answerable(st, m("S4 S5 S6"), False, RULES)


def test_mate_plays_strong_first_and_never_finishes_on_a_foul() -> None:
    hand = "S2 D4"
    line = mate_line(m(hand), outlook(hand, gone="H2 D2 C2 JK"))
    assert line is not None
    assert [mv[1] for mv in line] == [m("S2"), m("D4")]
    # two strong singles only: the 2 must not be last, the 8 may (an 8 finish is a foul too)
    hand = "S2 S8"
    assert mate_line(m(hand), outlook(hand, gone="H2 D2 C2 JK")) is None
    # no mate with two weak melds
    hand = "S4 D6 S2"
    assert mate_line(m(hand), outlook(hand, gone="H2 D2 C2 JK")) is None


def test_follow_mate_wins_the_trick_then_finishes() -> None:
    hand = "S2 D4"
    o = outlook(hand, gone="H2 D2 C2 JK")
    plays = [single_move(48), single_move(4 * 1 + 2)]
    assert follow_mate(plays, m(hand), o) == single_move(48)
    # a lone card finishing on a 2 is a foul: not a mate
    assert follow_mate([single_move(48)], m("S2"), o) is None


def test_fouls_follow_the_rules() -> None:
    assert is_foul(single_move(48), False, RULES)  # 2
    assert not is_foul(single_move(48), True, RULES)  # 2 under 革命 is weakest
    assert is_foul(single_move(0), True, RULES)  # 3 under 革命
    assert is_foul(single_move(20), False, RULES)  # 8
    assert is_foul(single_move(52), False, RULES)  # joker
    assert not is_foul(single_move(20), False, RULES.replace(foul_finish=False))


def _plain_answerable(mv: tuple[int, ...], unseen: int, inverted: bool) -> bool:
    """The plain definition of :func:`answerable` for singles and groups: some rank stronger than
    the play, holding at least one unseen card, makes the play's size with the unseen jokers (a
    single joker beats any single; jokers alone make a group only below the strongest rank)."""
    j = jokers_in(unseen)
    if mv[0] == K_SINGLE:
        if j:
            return True
        k = strength(mv[4], inverted)
        return any(strength(r, inverted) > k and rank_suits(unseen, r) for r in range(13))
    k = move_strength(mv, inverted)
    if j >= mv[3] and k < 12:
        return True
    return any(
        strength(r, inverted) > k and rank_suits(unseen, r) and rank_suits(unseen, r).bit_count() + j >= mv[3]
        for r in range(13)
    )


@settings(max_examples=400, deadline=None)
@given(
    unseen=st.integers(0, (1 << 54) - 1),
    density=st.sampled_from((1.0, 0.3, 0.1)),
    rank=st.integers(0, 12),
    suits=st.integers(1, 15),
    inverted=st.booleans(),
    jokers=st.integers(0, 3),
    seed=st.integers(0, 1 << 30),
)
def test_answerable_by_table_matches_the_plain_definition(
    *, unseen: int, density: float, rank: int, suits: int, inverted: bool, jokers: int, seed: int
) -> None:
    """The per-outlook table behind :func:`answerable` (computed once, asked for every play) gives
    the plain definition's answer for singles and groups, dense and sparse unseen sets alike."""
    rng = random.Random(seed)
    sparse = jokers << 52  # the jokers' bits, so that they fill in for sparse sets too
    for b in range(52):
        if unseen >> b & 1 and rng.random() < density:
            sparse |= 1 << b
    plays = [single_move(rank * 4 + (suits.bit_length() - 1)), group_move(rank, suits)]
    for play in plays:
        assert answerable(play, sparse, inverted, RULES) == _plain_answerable(play, sparse, inverted)
