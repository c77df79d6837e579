"""The fast split (手役の分解) gives exactly the split of its first, plain definition.

``normal`` is defined by its split, so the faster search with the control table must not change a
single meld or control flag: the plain definition below (every meld's control asked of
:func:`is_control`) is the oracle, over random hands, unseen cards, orders and rule sets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine.cpu.hand import Outlook, is_control
from dfg_bridge.engine.cpu.splits import SPLIT_BUDGET, Split, _split, stairs_options
from dfg_bridge.engine.moves import JOKER_SHIFT, REAL_BITS, Move, group_move, move_strength, single_move
from dfg_bridge.engine.rules import Rules

PRESETS = ("minecraft", "uecda", "dqx", "niconico")


def plain_split(hand: int, o: Outlook) -> Split:
    """The split as first written: fewest leads needed, then fewest melds, then the weakest weak melds."""
    real = hand & REAL_BITS
    jokers = [single_move(i) for i in (JOKER_SHIFT, JOKER_SHIFT + 1) if hand >> i & 1]
    options = sorted(stairs_options(real, o.rules), key=lambda m: -m[3])
    best: tuple[tuple[int, int, int], tuple[Move, ...], tuple[bool, ...]] | None = None
    budget = [SPLIT_BUDGET]

    def consider(chosen: list[Move], rest: int) -> None:
        nonlocal best
        budget[0] -= 1
        groups = [group_move(r, (rest >> (4 * r)) & 15) for r in range(13) if (rest >> (4 * r)) & 15]
        melds = tuple(chosen) + tuple(groups) + tuple(jokers)
        ctrl = tuple(is_control(m, o) for m in melds)
        n_ctrl = sum(ctrl)
        weak_keys = sum(move_strength(m, o.inverted) for m, c in zip(melds, ctrl, strict=True) if not c)
        score = (len(melds) - 2 * n_ctrl, len(melds), -weak_keys)
        if best is None or score < best[0]:
            best = (score, melds, ctrl)

    def dfs(start: int, chosen: list[Move], rest: int) -> None:
        consider(chosen, rest)
        if len(chosen) >= 3 or budget[0] <= 0:
            return
        for i in range(start, len(options)):
            m = options[i]
            if m[1] & ~rest:
                continue
            chosen.append(m)
            dfs(i + 1, chosen, rest & ~m[1])
            chosen.pop()
            if budget[0] <= 0:
                return

    dfs(0, [], real)
    assert best is not None
    return Split(best[1], best[2])


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, Outlook]:
    rules = Rules.preset(draw(st.sampled_from(PRESETS)))
    if draw(st.booleans()):
        rules = rules.replace(eleven_back=True)
    deck = REAL_BITS | (((1 << rules.jokers) - 1) << JOKER_SHIFT)
    cards = [i for i in range(54) if deck >> i & 1]
    # dense hands of one suit now and then, so that long and crossing stairs are common
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        cards = [c for c in cards if c >= 52 or c & 3 == suit or draw(st.booleans())]
    hand_cards = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=16, unique=True))
    hand = sum(1 << c for c in hand_cards)
    rest = [c for c in cards if not hand >> c & 1]
    unseen_cards = draw(st.lists(st.sampled_from(rest), max_size=len(rest), unique=True))
    unseen = sum(1 << c for c in unseen_cards)
    return hand, Outlook(rules, draw(st.booleans()), unseen, draw(st.booleans()))


@settings(max_examples=600, deadline=None)
@given(positions())
def test_the_fast_split_is_the_plain_split(position: tuple[int, Outlook]) -> None:
    hand, o = position
    assert _split.__wrapped__(hand, o) == plain_split(hand, o)


def test_long_runs_in_every_suit_hit_the_same_budget_cap() -> None:
    rules = Rules.preset("minecraft")
    hand = REAL_BITS & ~(15 << 48)  # 3 … A of every suit: thousands of stairs combinations
    o = Outlook(rules, False, (15 << 48) | (1 << JOKER_SHIFT))
    assert _split.__wrapped__(hand, o) == plain_split(hand, o)


def test_two_unseen_jokers_do_not_answer_a_pair_of_the_strongest_rank() -> None:
    rules = Rules.preset("dqx")  # two jokers
    hand = (0b0011 << 48) | (0b0011 << 4)  # ♠2 ♥2, ♠4 ♥4
    o = Outlook(rules, False, (0b11 << JOKER_SHIFT) | (0b0011 << 8))
    got = _split.__wrapped__(hand, o)
    assert got == plain_split(hand, o)
    assert got.control == (False, True)  # the 4s are answered (by the 5s or two jokers), the 2s not


def test_the_rest_s_counts_are_those_of_its_split_after_every_play() -> None:
    # every play of the hand to act in walked positions of every preset: groups, jokers, stairs, 革命
    from dfg_bridge.engine.cpu.splits import RestSplits, after_trick
    from dfg_bridge.engine.moves import K_PASS
    from tests.engine.cpu.positions import positions

    checked = fast = 0
    for rnd, seat in positions(400, seed=17):
        if rnd.phase.value != "play" or rnd.pending_kind or rnd.turn != seat:
            continue
        hand = rnd.hand_mask(seat)
        o = Outlook(rnd.rules, rnd.inverted, rnd.unseen_mask(seat), rnd.eleven_back)
        rest = RestSplits(hand, o)
        assert rest.turns == _split(hand, o).turns
        for m in rnd.moves():
            if m[0] == K_PASS:
                continue
            sp = _split.__wrapped__(hand & ~m[1], after_trick(m, o))
            assert rest.counts(m) == (sp.weak, sp.controls), (hex(hand), m)
            checked += 1
        fast += rest.fast
    assert checked > 1000 and fast > 50
