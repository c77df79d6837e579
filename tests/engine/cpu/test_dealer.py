"""Dealing with per-card odds (dealer.py): bans hold where the cards allow, weights shift the odds."""

from __future__ import annotations

import random
from collections.abc import Iterator

from dfg_bridge.engine.cpu.dealer import deal, odds


def _deals(
    free: list[int], room: list[int], banned: list[int], weights: list[dict[int, float]], n: int
) -> Iterator[list[int]]:
    plan = odds(free, banned, weights)
    rng = random.Random(3)
    for _ in range(n):
        cards = free[:]
        rng.shuffle(cards)
        yield deal(cards, list(room), [0] * len(room), plan, rng)


def test_a_card_only_one_seat_may_take_goes_there_first() -> None:
    # seat 0 may not take card 2, seat 1 neither 0 nor 1: only one deal fits
    for hands in _deals([0, 1, 2, 3], [2, 2], [0b0100, 0b0011], [{}, {}], 200):
        assert hands == [0b0011, 0b1100]


def test_weights_shift_the_odds_as_the_posterior_does() -> None:
    # two seats, one card each; seat 0 holds card 0 a tenth as likely: P = 0.1 / 1.1
    got = sum(hands[0] == 0b01 for hands in _deals([0, 1], [1, 1], [0, 0], [{0: 0.1}, {}], 4000))
    assert 0.06 < got / 4000 < 0.12


def test_cards_beyond_the_room_lie_face_down_and_every_hand_is_filled() -> None:
    free = list(range(10))
    for hands in _deals(free, [3, 2], [0b11, 0], [{}, {5: 0.2}], 300):
        assert [h.bit_count() for h in hands] == [3, 2]
        assert not hands[0] & hands[1] and not hands[0] & 0b11


def test_a_card_no_seat_may_take_still_fills_a_hand() -> None:
    for hands in _deals([0, 1], [1, 1], [0b01, 0b01], [{}, {}], 50):
        assert sorted(h.bit_count() for h in hands) == [1, 1]


def test_a_capped_seat_gets_no_more_of_a_rank_than_its_cap_while_others_have_room() -> None:
    # cards 0-3 are one rank: seat 0 may hold at most one of them, seat 1 any; both have room for 4
    free = list(range(8))
    plan = odds(free, [0, 0], [{}, {}], [{0: 1}, {}])
    assert set(plan.caps) == {0, 1, 2, 3}
    rng = random.Random(4)
    seen = set()
    for _ in range(300):
        cards = free[:]
        rng.shuffle(cards)
        hands = deal(cards, [4, 4], [0, 0], plan, rng)
        assert (hands[0] & 0b1111).bit_count() <= 1
        assert [h.bit_count() for h in hands] == [4, 4]
        seen.add(hands[0] & 0b1111)
    assert seen == {0, 0b1, 0b10, 0b100, 0b1000}  # none of the rank, or any one card of it


def test_a_cap_the_room_cannot_keep_still_fills_every_hand() -> None:
    # seat 1 must take four cards of two ranks but may hold one of each: the cards win over the cap
    plan = odds(list(range(8)), [0, 0], [{}, {}], [{}, {0: 1, 1: 1}])
    rng = random.Random(5)
    for _ in range(50):
        cards = list(range(8))
        rng.shuffle(cards)
        hands = deal(cards, [2, 6], [0, 0], plan, rng)
        assert [h.bit_count() for h in hands] == [2, 6]
