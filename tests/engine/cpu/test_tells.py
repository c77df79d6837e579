"""What a careful seat's plays tell card by card (tells.py), and the sampler dealing by it."""

from __future__ import annotations

from dfg_bridge.engine import Meld, Round, Rules
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.tells import (
    ANSWER_SAME,
    ANSWER_SAME_TOP,
    LEAD_BELOW_BIG,
    LEAD_SAME,
    careful_weights,
)
from dfg_bridge.engine.cpu.view import read
from tests.engine.cpu.positions import cards_placed_right


def _index(card: str) -> int:
    return Meld.cards_of(card)[0].index


def test_a_lead_and_an_answer_shift_the_odds_of_the_cards_around_them() -> None:
    hands = ["S3 H9 D10 CJ", "S6 H3 D4 C5 S8 D8", "H7 HA S2 D2 CQ HQ", "C3 C4 C6 C7 C9 D9"]
    rnd = Round.from_hands(Rules(), [list(Meld.cards_of(h)) for h in hands], leader=1)
    rnd.apply(rnd.play_text(1, "S6"))  # a lead from six cards
    rnd.apply(rnd.play_text(2, "H7"))
    rnd.apply(rnd.play_text(3, "C9"))
    got = careful_weights(read(rnd.observation(0), rnd.rules))
    # (the observer sees only the cards dealt: those in the other hands are its unseen cards)
    assert got[1][_index("C6")] == LEAD_SAME  # the rest of the led rank
    assert got[1][_index("C4")] == LEAD_BELOW_BIG  # weaker than the lead
    assert _index("HA") not in got[1]  # stronger: no tell
    assert got[2][_index("C7")] == ANSWER_SAME[0]
    assert got[3][_index("D9")] == ANSWER_SAME[0]
    assert 0 not in got  # the observer's own plays tell it nothing


def test_an_ace_answered_keeps_better_odds_for_its_rank_mates() -> None:
    hands = ["S3 H9", "S6 HK D4 C5", "HA SA S2 D2", "C3 C4 C6 DA"]
    rnd = Round.from_hands(Rules(), [list(Meld.cards_of(h)) for h in hands], leader=1)
    rnd.apply(rnd.play_text(1, "HK"))
    rnd.apply(rnd.play_text(2, "HA"))
    got = careful_weights(read(rnd.observation(0), rnd.rules))
    assert got[2][_index("DA")] == ANSWER_SAME_TOP[0]


def test_dealing_by_the_tells_gets_more_of_normals_cards_right() -> None:
    got, total = cards_placed_right(
        Rules.preset("minecraft"),
        range(600, 630),
        {
            "plain": lambda view, known, rng: Sampler(view, known, rng, soft=False),
            "soft": lambda view, known, rng: Sampler(view, known, rng, soft=True),
        },
    )
    right = {False: got["plain"], True: got["soft"]}
    assert total > 100
    assert right[True] > 1.02 * right[False]
