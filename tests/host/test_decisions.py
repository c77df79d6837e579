"""Each special decision has its own prompt, button label and reason (issue 13 §14).

In dqx 7渡し and 10捨て the player used to get the generic "press 出す" prompt while the button read
"[渡す: ]" with an empty reason, and 10捨て was labelled 渡す. Now 交換, 7渡し, 10捨て, Qボンバー,
なかまカード and 買収 each name themselves on the hand screen's button, the chat hand and the dialog,
in Japanese and English, and a typed or clicked answer becomes that decision's engine action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import Bribe, Discard, Give, Recruit, Round, Rules, parse_cards
from dfg_bridge.host.decisions import Decision, action_for, decision_of, prompt
from dfg_bridge.host.handscreen import CHEST
from dfg_bridge.host.handscreen.chatview import dialog_buttons, play_label
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.handscreen.verdict import verdict
from dfg_bridge.host.handscreen.view import cells
from dfg_bridge.i18n import Messages
from tests.host.rig import make_rig, settings, table

MINECRAFT = Rules.preset("minecraft")


@pytest.fixture
def msgs() -> Messages:
    loaded, _issues = Messages.load()
    return loaded


NAMES = ("Ann", "Bob", "Cid")


def _round(rules: Rules, hands: list[str], play: str) -> Round:
    rnd = Round.from_hands(rules, [list(parse_cards(h)) for h in hands], leader=0)
    rnd.apply(rnd.play_cards(0, tuple(parse_cards(play))))
    return rnd


def seven_pass() -> Round:
    return _round(MINECRAFT.replace(seven_pass=True), ["D3 S7 H7 C4 HK", "S5 DQ", "C9 H10"], "S7 H7")


def ten_discard() -> Round:
    return _round(MINECRAFT.replace(ten_discard=True), ["D3 S10 C4 HK", "S5 DQ", "C9 H9"], "S10")


def queen_bomber() -> Round:
    return _round(MINECRAFT.replace(queen_bomber=True), ["SQ HQ D3 D5 C9", "S5 H5", "C5 JK DK"], "SQ HQ")


def nakama() -> Round:
    rules = MINECRAFT.replace(nakama_card=True, nakama_rate=1.0, nakama_max=1.0)
    return _round(rules, ["S8 C4 HK", "H5 DQ", "C6 SJ"], "S8")


def bribe() -> Round:
    hands = [list(parse_cards(h)) for h in ("S3 H4 D5 C6", "S7 H8 D9 C10", "SJ HQ DK CA", "S2 JK D3 C4")]
    rules = Rules.preset("niconico")
    return Round.from_hands(rules, hands, leader=0, prev_ranking=[0, 1, 2, 3], wallets=[2, 1, 0, -1])


CASES = {
    # decision: (round, seat, selection, ja label, en label, ja prompt words, ja empty-selection reason)
    "seven_pass": (seven_pass, 0, "D3", "渡す", "Give", "7渡し！", "次の人に渡すカードを2枚まで"),
    "ten_discard": (ten_discard, 0, "D3", "捨てる", "Discard", "10捨て！", "捨てるカードを1枚まで"),
    "queen_bomber": (queen_bomber, 0, "D5", "指名", "Name", "Qボンバー！", "指名する数字のカード"),
    "nakama": (nakama, 0, "HK", "入れ替える", "Swap", "♠8 が起き上がりました", "♠8 と入れ替える手札"),
    "bribe": (bribe, 1, "S7", "買収する", "Bribe", "Dan に渡すカードを1〜1枚", "買収に使うカードを1〜1枚"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_surface_names_the_decision(name: str, msgs: Messages) -> None:
    make, seat, pick, ja, en, words, reason = CASES[name]
    rnd = make()
    assert decision_of(rnd).value == name
    chosen = {c.index for c in parse_cards(pick)}
    for lang, label in (("ja", ja), ("en", en)):
        told = prompt(rnd, seat, (*NAMES, "Dan"), msgs, lang)
        assert told != msgs.get("hand.your_turn", lang) and "{" not in told, told
        empty = verdict(rnd, seat, set())
        ready = verdict(rnd, seat, chosen)
        assert ready.ok, (ready.code, ready.params)
        # the chest's play button, the chat hand's and the dialog's: one label, the same text
        chest = cells(ScreenState(verdict=ready), CHEST, msgs, lang)[45].spec.name
        assert chest is not None and chest.plain().startswith(f"{label}: ")
        assert play_label(ready, msgs, lang).plain() == chest.plain()
        buttons, _pages = dialog_buttons(rnd.hand(seat), chosen, ready, trigger=str, msgs=msgs, lang=lang)
        assert any(b.label.plain() == chest.plain() for b in buttons)
        blocked = play_label(empty, msgs, lang).plain()
        assert blocked.startswith(f"{label}: ") and len(blocked) > len(label) + 4, blocked  # a reason
    assert words in prompt(rnd, seat, (*NAMES, "Dan"), msgs, "ja")
    assert reason in play_label(verdict(rnd, seat, set()), msgs, "ja").plain()


def test_the_buttons_answer_with_the_decisions_action() -> None:
    assert action_for(seven_pass(), 0, tuple(parse_cards("D3"))) == Give(0, tuple(parse_cards("D3")))
    assert action_for(ten_discard(), 0, tuple(parse_cards("D3"))) == Discard(0, tuple(parse_cards("D3")))
    assert action_for(ten_discard(), 0, None) == Discard(0)  # パス: discard nothing
    bomb = action_for(queen_bomber(), 0, tuple(parse_cards("D5")))
    assert getattr(bomb, "rank", None) is not None and str(bomb.rank) == "5"  # type: ignore[union-attr]
    assert action_for(nakama(), 0, tuple(parse_cards("HK"))) == Recruit(0, parse_cards("HK")[0])
    rnd = bribe()
    assert decision_of(rnd) is Decision.BRIBE
    seat = sorted(rnd.awaiting())[0]
    offer = action_for(rnd, seat, tuple(rnd.hand(seat)[:1]))
    assert isinstance(offer, Bribe) and offer.target is not None and rnd.is_legal(offer)


def test_too_many_cards_and_a_named_rank_have_their_own_reasons(msgs: Messages) -> None:
    rnd = seven_pass()
    over = verdict(rnd, 0, {c.index for c in parse_cards("D3 C4 HK")})
    assert play_label(over, msgs, "ja").plain() == "渡す: 2枚までです（今は3枚）。"
    rnd = queen_bomber()
    rnd.apply(action_for(rnd, 0, tuple(parse_cards("D5"))))
    again = verdict(rnd, 0, {c.index for c in parse_cards("D3")})
    assert again.ok
    mixed = verdict(rnd, 0, {c.index for c in parse_cards("D3 C9")})
    expected = "Name: Select cards of one number only (a joker only with jokers)."
    assert play_label(mixed, msgs, "en").plain() == expected


def test_ten_discard_in_a_match(sim_factory: Any, tmp_path: Path) -> None:
    """The decision as the player meets it: the prompt in chat, 捨てる on the buttons, ``play`` discards."""
    rules = MINECRAFT.replace(ten_discard=True)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1, rules=rules)))
    rig.start_daemon()
    people = list(NAMES)
    rig.join(*people)
    tbl = rig.start_match(people)
    run = tbl.run
    assert run is not None
    # A known deal: it is Ann's turn (seat 0) with a 10 to play.
    crafted = Round.from_hands(rules, [list(parse_cards(h)) for h in ("D3 S10 C4 HK", "S5 DQ", "C9 H9")],
                               leader=0)  # fmt: skip
    run.round = crafted
    tbl.flow.turn_started()
    tbl.sync()
    rig.dfg("Ann", "play S10")
    assert rig.until(lambda: crafted.pending_decision == "ten_discard", 5)
    rig.settle(0.3)
    chat = "\n".join(rig.chat("Ann"))
    assert "10捨て！ 捨てるカードを1枚まで選んで「捨てる」を押してください" in chat
    assert "[捨てる: 捨てるカードを1枚まで選んでください（捨てないならパス）。]" in chat
    rig.dfg("Ann", "play D3")
    assert rig.until(lambda: crafted.pending_decision is None, 5)
    assert "D3" not in " ".join(c.ascii() for c in crafted.hand(0))
    assert any("カードを1枚捨てました" in line for line in rig.chat("Bob"))
