"""The 出す button against the engine: each colour and reason for the same selection.

Seed 001: green — playable (the name shows the cards); orange — not playable (the reason, e.g.
「場は2枚出しです」「♥縛り中です」); purple — playable, but a 反則上がり (last place).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import EngineError, Give, Phase, Play, Round, Rules, parse_cards
from dfg_bridge.host.decisions import Decision
from dfg_bridge.host.handscreen import ButtonColor, pass_refusal, reason_text, verdict
from dfg_bridge.i18n import Messages

RULES = Rules.preset("minecraft")


def ids(text: str) -> set[int]:
    return {c.index for c in parse_cards(text)}


def reason(rnd: Round, seat: int, cards: str, msgs: Messages) -> str:
    v = verdict(rnd, seat, ids(cards))
    assert v.color is ButtonColor.ORANGE and v.code is not None
    return reason_text(v.code, v.params, msgs, "ja")


def test_green_names_the_strongest_legal_reading() -> None:
    rnd = Round.from_hands(RULES, [list(parse_cards("S5 JK S7 D9")), list(parse_cards("H3 H4"))], leader=0)
    v = verdict(rnd, 0, ids("S5 JK S7"))
    assert v.color is ButtonColor.GREEN and v.mode is Decision.PLAY
    assert [str(c) for c in v.readings] == ["♠5", "♠6", "♠7"]


def test_field_size_reason(msgs: Messages) -> None:
    rnd = Round.from_hands(RULES, [list(parse_cards("S4 H4 D9")), list(parse_cards("S6 H6 C7 S8"))], leader=0)
    rnd.apply(rnd.play_cards(0, parse_cards("S4 H4")))
    assert reason(rnd, 1, "C7", msgs) == "場は2枚出しです。"
    assert verdict(rnd, 1, ids("S6 H6")).color is ButtonColor.GREEN


def test_lock_reason(msgs: Messages) -> None:
    hands = [list(parse_cards("H5 D3")), list(parse_cards("H7 S4")), list(parse_cards("S9 HK C3"))]
    rnd = Round.from_hands(RULES, hands, leader=0)
    rnd.apply(rnd.play_cards(0, parse_cards("H5")))
    rnd.apply(rnd.play_cards(1, parse_cards("H7")))
    assert rnd.lock is not None
    assert reason(rnd, 2, "S9", msgs) == "♥縛り中です。"
    assert verdict(rnd, 2, ids("HK")).color is ButtonColor.GREEN


def test_other_reasons(msgs: Messages) -> None:
    hands = [list(parse_cards("S3 D4 C9 H9")), list(parse_cards("S6 H6 C7")), list(parse_cards("C3 C4 C5"))]
    rnd = Round.from_hands(RULES, hands, leader=0)
    assert verdict(rnd, 1, ids("S6")).code == "not_your_turn"
    assert reason(rnd, 1, "S6", msgs) == msgs.get("turn.not_your_turn", "ja")
    assert verdict(rnd, 0, set()).code == "nothing_selected"
    assert reason(rnd, 0, "S3 D4", msgs) == "その組み合わせは出せません。"
    assert pass_refusal(rnd, 0) == "leader_cannot_pass"
    rnd.apply(rnd.play_cards(0, parse_cards("C9 H9")))
    assert reason(rnd, 1, "S6 H6", msgs) == "場より強いカードを出してください。"
    assert pass_refusal(rnd, 1) is None


def test_stairs_field_wants_stairs(msgs: Messages) -> None:
    hands = [list(parse_cards("C3 C4 C5 D9")), list(parse_cards("S6 H6 D6 S7 S8 S9"))]
    rnd = Round.from_hands(RULES, hands, leader=0)
    rnd.apply(rnd.play_cards(0, parse_cards("C3 C4 C5")))
    assert reason(rnd, 1, "S6 H6 D6", msgs) == "場は階段です。"
    assert verdict(rnd, 1, ids("S7 S8 S9")).color is ButtonColor.GREEN


def test_purple_is_a_foul_finish() -> None:
    hands = [list(parse_cards("S2")), list(parse_cards("S6 H9")), list(parse_cards("C4 C5"))]
    rnd = Round.from_hands(RULES, hands, leader=0)
    v = verdict(rnd, 0, ids("S2"))
    assert v.color is ButtonColor.PURPLE
    rnd.apply(rnd.play_cards(0, parse_cards("S2")))
    assert [f.foul for f in rnd.finished if f.seat == 0] == [True]


def test_exchange_gives_exactly_the_count(msgs: Messages) -> None:
    match_round = None
    for seed in range(50):
        rnd = Round.deal(RULES, 4, seed, prev_ranking=[0, 1, 2, 3])
        if rnd.phase is Phase.EXCHANGE and 0 in rnd.awaiting():
            match_round = rnd
            break
    assert match_round is not None
    rnd = match_round
    hand = rnd.hand(0)
    one = verdict(rnd, 0, {hand[0].index})
    assert one.mode is Decision.EXCHANGE and one.color is ButtonColor.ORANGE and one.code == "wrong_count"
    assert reason_text(one.code, one.params, msgs, "ja") == "ちょうど2枚選んでください（今は1枚）。"
    two = verdict(rnd, 0, {hand[0].index, hand[1].index})
    assert two.color is ButtonColor.GREEN and two.mode is Decision.EXCHANGE
    assert rnd.is_legal(Give(0, two.cards))


def _random_round(seed: int) -> Round:
    rng = random.Random(seed)
    rnd = Round.deal(RULES, rng.choice((3, 4, 5)), seed)
    for _ in range(rng.randrange(0, 30)):
        if rnd.over:
            break
        legal = list(rnd.legal_actions())
        rnd.apply(rng.choice(legal))
    return rnd


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_verdict_matches_what_the_engine_does(seed: int, data: st.DataObject) -> None:
    rnd = _random_round(seed)
    if rnd.over or rnd.phase is not Phase.PLAY or rnd.to_act is None:
        return
    seat = data.draw(st.sampled_from([rnd.to_act, (rnd.to_act + 1) % rnd.n_seats]))
    hand = list(rnd.hand(seat))
    chosen = data.draw(st.lists(st.sampled_from(hand), max_size=5, unique=True)) if hand else []
    v = verdict(rnd, seat, {c.index for c in chosen})
    try:
        play = rnd.play_cards(seat, chosen) if chosen else None
        error = None if chosen else "nothing_selected"  # on turn or off: the button reads the same
    except EngineError as exc:
        play, error = None, exc.code
    if error is not None:
        assert v.color is ButtonColor.ORANGE and v.code == error
        return
    assert isinstance(play, Play)
    assert v.color in (ButtonColor.GREEN, ButtonColor.PURPLE)
    assert v.readings == play.meld.readings
    after = rnd.copy()
    after.apply(play)
    fouled = any(f.seat == seat and f.foul for f in after.finished)
    assert (v.color is ButtonColor.PURPLE) == fouled
