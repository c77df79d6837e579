"""Issue 14 through the Round API: the UECda options and the settled seed readings.

The scenario files (``tests/scenarios/uecda_*.yaml`` and the others named in docs/RULES.md) pin the
table-level behaviour; these tests cover what a replay cannot show: observations, readings that
cannot be written as text, dropouts in the new situations, and dealing.
"""

from __future__ import annotations

from dfg_bridge.engine import (
    Card,
    EngineError,
    Meld,
    MeldKind,
    Pass,
    Play,
    Round,
    Rules,
    parse_cards,
)
from dfg_bridge.engine.events import Gave
from dfg_bridge.engine.melds import meld_of_move, move_of_meld

UECDA = Rules.preset("uecda")


def _hands(*texts: str) -> list[list[Card]]:
    return [list(parse_cards(t)) for t in texts]


def _exchange_round(rules: Rules) -> Round:
    # seats 0..4 placed 1st..5th last round: 4 (大貧民) gives 0 two cards, 3 (貧民) gives 1 one
    return Round.from_hands(
        rules,
        _hands("D3 H4 C4", "S5 H6", "C7 H8", "CK SK D9", "DA HA SA H10"),
        prev_ranking=[0, 1, 2, 3, 4],
    )


def test_rich_players_are_not_told_what_the_exchange_brought() -> None:
    r = _exchange_round(UECDA)
    assert r.hand(0) == tuple(parse_cards("D3 H4 C4 SA HA"))  # ♠ first within a rank
    assert r.hand(1) == tuple(parse_cards("S5 H6 SK"))
    auto = [e for e in r.setup_events if isinstance(e, Gave) and e.why == "exchange_auto"]
    assert [(e.seat, e.to, e.hidden) for e in auto] == [(4, 0, True), (3, 1, True)]
    assert auto[0].to_json()["hidden"] is True
    for rich in (0, 1):
        obs = r.observation(rich)
        assert obs.transfers == ()  # the cards are in the hand, but not which they are
    assert r.observation(4).transfers == ((4, 0, tuple(parse_cards("SA HA"))),)
    assert r.observation(3).transfers == ((3, 1, tuple(parse_cards("SK"))),)


def test_other_presets_still_tell_the_receiver() -> None:
    rules = Rules.preset("minecraft").replace(players=5)
    r = _exchange_round(rules)
    assert r.hand(0) == tuple(parse_cards("D3 H4 C4 HA DA"))  # ♣, ♦, ♥, ♠ first, as before
    assert r.observation(0).transfers == ((4, 0, tuple(parse_cards("HA DA"))),)
    gave = next(e for e in r.setup_events if isinstance(e, Gave))
    assert gave.hidden is False and "hidden" not in gave.to_json()


def _revolution_then_lead() -> Round:
    """uecda: seat 0 turns the order with four 6s, everyone passes, seat 0 leads ♠9 ♠10 ♠J."""
    r = Round.from_hands(
        UECDA,
        _hands("S6 H6 D6 C6 S9 S10 SJ C2", "JK D3 D4 HK", "C3 C4", "H3 H4", "S3 S4"),
        leader=0,
    )
    r.apply(r.play_text(0, "S6 H6 D6 C6"))
    for seat in (1, 2, 3, 4, 0):  # the owner is asked again and passes too
        r.apply(Pass(seat))
    assert r.revolution and r.field is None and r.to_act == 0
    r.apply(r.play_text(0, "S9 S10 SJ"))
    return r


def test_a_joker_stands_below_three_under_revolution() -> None:
    r = _revolution_then_lead()
    play = r.play_text(1, "JK D3 D4")
    assert [c.ascii() for c in play.meld.readings] == ["JK", "D3", "D4"]  # the joker below 3: the strongest
    assert play.meld.kind is MeldKind.STAIRS and play.meld.rank is not None
    assert play in r.legal_actions()
    weaker = Play(1, Meld(MeldKind.STAIRS, play.meld.cards[1:] + play.meld.cards[:1],
                          tuple(parse_cards("D3 D4 D5"))))  # fmt: skip
    assert weaker in r.legal_actions()
    r.apply(play)
    assert r.field == play.meld and r.to_act == 2


def test_beyond_readings_round_trip_and_stay_out_of_other_presets() -> None:
    found = Meld.detect(parse_cards("DA D2 JK"), UECDA)
    texts = [m.ascii() for m in found]
    assert texts[0] == "DA D2 JK" and "JK=DK DA D2" in texts
    for meld in found:
        m = move_of_meld(meld)
        assert m is not None and meld_of_move(m) == meld
    low = Meld.detect(parse_cards("JK D3 D4"), UECDA)
    assert "JK D3 D4" in [m.ascii() for m in low]
    assert "DA D2 JK" not in [m.ascii() for m in Meld.detect(parse_cards("DA D2 JK"), Rules())]
    r = Round.from_hands(Rules(), _hands("DA D2 JK", "D3 C5", "C3 C6"), leader=0)
    try:
        r.apply(Play(0, found[0]))
    except EngineError as exc:
        assert exc.code == "invalid_meld"
    else:
        raise AssertionError("minecraft accepted a joker above 2")


def test_the_owner_asked_again_drops_out() -> None:
    r = Round.from_hands(UECDA, _hands("H4 C9", "H5 H7", "C3 C4", "D4 D5", "S5 S6"), leader=0)
    r.apply(r.play_text(0, "H4"))
    for seat in (1, 2, 3, 4):
        r.apply(Pass(seat))
    assert r.to_act == 0 and r.field_by == 0
    events = r.drop_out(0)
    assert [e.type for e in events][-1] == "cleared"
    assert r.field is None and r.to_act == 1 and r.passed == frozenset()


def test_a_seat_drops_out_after_leaders_passed_on_an_empty_field() -> None:
    r = Round.from_hands(UECDA, _hands("H4 C9", "H5 H7", "C3 C4", "D4 D5", "S5 S6"), leader=0)
    for seat in (0, 1, 2):
        r.apply(Pass(seat))
    r.drop_out(3)
    assert r.to_act == 4  # the passers stay out
    r.apply(Pass(4))
    assert r.field is None and r.passed == frozenset() and r.to_act == 0  # the trick's leader again


def test_timeout_of_a_leader_who_may_pass_still_plays() -> None:
    r = Round.from_hands(UECDA, _hands("H4 C9", "H5 H7", "C3 C4"), leader=0)
    assert Pass(0) in r.legal_actions()
    action = r.timeout_action(0)
    assert isinstance(action, Play) and [c.ascii() for c in action.meld.cards] == ["H4"]


def test_niconico_deal_defaults_the_dealer_to_the_last_daifugo() -> None:
    nico = Rules.preset("niconico")
    for seed in range(5):
        r = Round.deal(nico, 4, seed, prev_ranking=[2, 0, 3, 1])
        assert r.hand_counts()[1] == 14 and r.to_act == 1  # 003: 大貧民が配る, and leads
