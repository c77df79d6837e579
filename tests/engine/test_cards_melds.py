"""Cards, notation and meld detection."""

from __future__ import annotations

import pytest

from dfg_bridge.engine import (
    CARDS,
    Card,
    CardParseError,
    Meld,
    MeldKind,
    Rank,
    Rules,
    Suit,
    deck,
    parse_cards,
)


def test_every_card_round_trips_in_both_notations() -> None:
    for card in CARDS:
        assert Card.parse(card.ascii()) == card or card.is_joker
        assert Card.parse(str(card)) == card or card.is_joker
    assert Card.parse("JK2") == Card.joker(1)


@pytest.mark.parametrize("text", ["", "X3", "H1O", "H11", "S", "JK=H3"])
def test_bad_card_text_is_refused(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_two_bare_jokers_are_the_two_jokers() -> None:
    assert parse_cards("JK JK") == (Card.joker(0), Card.joker(1))
    with pytest.raises(CardParseError):
        parse_cards("S3 S3")


def test_rank_and_suit_labels() -> None:
    assert [r.label for r in Rank][:3] == ["3", "4", "5"]
    assert Rank.ACE.face == 1 and Rank.TWO.face == 2 and Rank.KING.face == 13
    assert Suit.HEARTS.symbol == "♥" and Suit.CLUBS.letter == "C"
    assert len(deck(2)) == 54 and len(deck(1)) == 53


def test_order_is_default_strength() -> None:
    assert Card.parse("S2") > Card.parse("HA") > Card.parse("CK") > Card.parse("D3")
    assert Card.joker() > Card.parse("S2")


def test_group_detection_respects_max_group() -> None:
    five = Meld.cards_of("S7 H7 D7 C7 JK")
    assert Meld.detect(five) == ()
    assert Meld.detect(five, Rules.preset("uecda"))[0].kind is MeldKind.GROUP


def test_stairs_do_not_wrap_and_need_one_suit() -> None:
    assert Meld.detect(Meld.cards_of("SK SA S2"))[0].kind is MeldKind.STAIRS
    assert Meld.detect(Meld.cards_of("SA S2 S3")) == ()
    assert Meld.detect(Meld.cards_of("S4 S5 H6")) == ()
    assert Meld.detect(Meld.cards_of("S4 S5 S6"), Rules.preset("niconico")) == ()


def test_pins_choose_the_reading() -> None:
    m = Meld.parse("H7 JK=D7")
    assert [c.ascii() for c in m.readings] == ["H7", "D7"]
    assert Meld.detect(*[Meld.cards_of("H7 JK")], pins=[None, Card.parse("S8")]) == ()
    assert Meld.parse("S4 JK=S5 S6").ascii() == "S4 JK=S5 S6"


def test_meld_views() -> None:
    m = Meld.parse("S5 S6 JK")
    assert m.size == 3 and m.has_joker and m.rank is Rank.FIVE and m.top is Rank.SEVEN
    assert m.suits == frozenset({Suit.SPADES})
    lone = Meld.parse("JK")
    assert lone.rank is None and lone.suits == frozenset()
