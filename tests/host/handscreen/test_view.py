"""The screen as a pure function: seed 001 「画面の見方・出し方」 slot by slot."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import CARDS, Card, Pass, Round, Rules, parse_cards
from dfg_bridge.host.decisions import Decision
from dfg_bridge.host.handscreen import (
    CHEST,
    Button,
    ButtonColor,
    PlayerLine,
    ScreenState,
    SortOrder,
    Verdict,
    card_item,
    cells,
    ender_layout,
    ender_pages,
)
from dfg_bridge.host.handscreen.build import shown_pass_code
from dfg_bridge.host.handscreen.verdict import pass_refusal
from dfg_bridge.i18n import Messages

HAND = parse_cards("S3 HQ D5 CK SA H2 JK")


def names(out: dict, slots: range | tuple[int, ...]) -> list[str | None]:
    return [out[s].spec.name.plain() if s in out and out[s].spec.name else None for s in slots]


def test_cards_are_suit_dyes_counted_by_face_and_named() -> None:
    expected = {
        "S3": ("black_dye", 3, "♠3"),
        "HQ": ("red_dye", 12, "♥Q"),
        "D5": ("blue_dye", 5, "♦5"),
        "CK": ("green_dye", 13, "♣K"),
        "SA": ("black_dye", 1, "♠A"),
        "H2": ("red_dye", 2, "♥2"),
        "SJ": ("black_dye", 11, "♠J"),
        "JK": ("carved_pumpkin", 1, "★"),
    }
    for text, (item, count, name) in expected.items():
        spec = card_item(Card.parse(text), tag="h18")
        assert (spec.item, spec.count, spec.name.plain() if spec.name else None) == (item, count, name)
        assert spec.glint is None and spec.name is not None and spec.name.italic is False


def test_a_selected_card_glows_and_starts_with_a_check() -> None:
    spec = card_item(Card.parse("HQ"), selected=True, tag="h20")
    assert spec.glint is True and spec.name is not None and spec.name.plain() == "✔♥Q"


def test_rows_of_the_chest(msgs: Messages) -> None:
    field = parse_cards("H7 JK")
    readings = (Card.parse("H7"), Card.parse("H7"))
    players = (
        PlayerLine("Steve", 7, to_act=True, me=True),
        PlayerLine("Alex", 5, passed=True),
        PlayerLine("CPU1", 0, place=1, title="大富豪", cpu=True),
        PlayerLine("Bob", 0, dropped=True),
    )
    state = ScreenState(
        hand=HAND,
        selected=frozenset({Card.parse("HQ").index}),
        field=field,
        readings=readings,
        field_kind="group",
        field_by="Alex",
        players=players,
        revolution=True,
        lock="♥",
        round_no=2,
        rounds=3,
        seconds_left=42,
        verdict=Verdict(ButtonColor.ORANGE, Decision.PLAY, code="wrong_size", params={"size": 2}),
        pass_code=None,
    )
    out = cells(state, CHEST, msgs, "ja")
    # row 1: the info item, then the field (a joker shows what it stands for)
    assert out[0].spec.item == "paper" and out[0].spec.name is not None
    assert out[0].spec.name.plain() == "場: ♥7 ★(♥7)"
    assert [lore.plain() for lore in out[0].spec.lore] == ["2枚出し", "Alex が出しました"]
    assert names(out, range(1, 4)) == ["♥7", "★(♥7)", None]
    # row 2: players (count = cards left; finished = green dye × place), then status, round, time
    assert [(out[s].spec.item, out[s].spec.count) for s in range(9, 13)] == [
        ("player_head", 7),
        ("skeleton_skull", 5),
        ("green_dye", 1),
        ("barrier", 1),
    ]
    # No turn marker here (the bossbar, sidebar and seat texts show it): a turn costs no slot write.
    assert out[9].spec.glint is None and names(out, (9,)) == ["Steve 7枚"]
    assert names(out, (11,)) == ["CPU1 1位 大富豪"]
    assert names(out, (15, 16, 17)) == ["革命中 ♥縛り中", "第2/3ラウンド", "残り42秒"]
    assert (out[16].spec.count, out[17].spec.count) == (2, 42)
    # rows 3-5: the hand by strength (jokers last); only hand cards are click targets
    assert names(out, range(18, 26)) == ["♠3", "♦5", "✔♥Q", "♣K", "♠A", "♥2", "★", None]
    assert out[20].target == Card.parse("HQ").index and out[20].spec.glint is True
    assert out[1].target is None and out[9].target is None
    # row 6: the buttons
    assert {s: out[s].target for s in range(45, 54) if s in out} == {
        45: Button.PLAY,
        47: Button.PASS,
        49: Button.CLEAR,
        51: Button.SORT,
        53: Button.INFO,
    }
    assert out[45].spec.item == "orange_concrete" and names(out, (45,)) == ["出す: 場は2枚出しです。"]
    assert names(out, (47, 49, 51, 53)) == ["パス", "選択を外す", "並べ替え（今: 強さ順）", "自分の情報"]


def test_play_button_colours(msgs: Messages) -> None:
    cards = parse_cards("S3 H3")
    green = ScreenState(verdict=Verdict(ButtonColor.GREEN, Decision.PLAY, cards, cards))
    purple = ScreenState(verdict=Verdict(ButtonColor.PURPLE, Decision.PLAY, cards, cards))
    lock = ScreenState(
        verdict=Verdict(ButtonColor.ORANGE, Decision.PLAY, cards, code="locked", params={"suit": "♥"})
    )
    give = ScreenState(
        exchange=True, give_count=2, verdict=Verdict(ButtonColor.GREEN, Decision.EXCHANGE, cards, cards)
    )
    out = {k: cells(v, CHEST, msgs, "ja")[45].spec for k, v in
           {"green": green, "purple": purple, "lock": lock, "give": give}.items()}  # fmt: skip
    assert (out["green"].item, out["green"].name.plain() if out["green"].name else "") == (
        "lime_concrete",
        "出す: ♠3 ♥3",
    )
    assert out["purple"].item == "purple_concrete" and out["purple"].name is not None
    assert out["purple"].name.plain() == "出す（反則上がり）: ♠3 ♥3"
    assert out["lock"].name is not None and out["lock"].name.plain() == "出す: ♥縛り中です。"
    assert out["give"].name is not None and out["give"].name.plain() == "渡す: ♠3 ♥3"
    assert [lore.plain() for lore in out["give"].lore] == ["ちょうど2枚選んでください。"]


def test_pass_button_says_why_it_is_refused(msgs: Messages) -> None:
    spec = cells(ScreenState(pass_code="leader_cannot_pass"), CHEST, msgs, "ja")[47].spec
    assert spec.item == "gray_concrete" and spec.name is not None
    assert spec.name.plain() == "パス: 親はパスできません。"


def test_sort_button_switches_to_suit_order(msgs: Messages) -> None:
    state = ScreenState(hand=HAND, sort=SortOrder.SUIT)
    out = cells(state, CHEST, msgs, "ja")
    assert names(out, range(18, 25)) == ["♠3", "♠A", "♥Q", "♥2", "♦5", "♣K", "★"]
    assert names(out, (51,)) == ["並べ替え（今: マーク順）"]


def test_revolution_reverses_strength_order(msgs: Messages) -> None:
    out = cells(ScreenState(hand=HAND, inverted=True), CHEST, msgs, "ja")
    assert names(out, range(18, 25)) == ["♥2", "♠A", "♣K", "♥Q", "♦5", "♠3", "★"]


def test_long_field_shows_what_fits(msgs: Messages) -> None:
    stairs = parse_cards("H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ")
    out = cells(ScreenState(field=stairs, field_kind="stairs"), CHEST, msgs, "ja")
    assert names(out, range(1, 9)) == ["♥3", "♥4", "♥5", "♥6", "♥7", "♥8", "♥9", "ほか3枚"]


def test_every_stack_has_its_own_tag(msgs: Messages) -> None:
    state = ScreenState(hand=tuple(CARDS[:18]), players=(PlayerLine("A", 18),), round_no=1, rounds=3)
    out = cells(state, CHEST, msgs, "ja")
    assert all(cell.spec.tag == f"h{slot}" for slot, cell in out.items())


def test_ender_chest_pages(msgs: Messages) -> None:
    hand = tuple(CARDS[:20])
    assert ender_pages(len(hand)) == 3
    first = cells(ScreenState(hand=hand), ender_layout(0, 3), msgs, "ja")
    second = cells(ScreenState(hand=hand), ender_layout(1, 3), msgs, "ja")
    table = cells(ScreenState(hand=hand, players=(PlayerLine("A", 20),)), ender_layout(2, 3), msgs, "ja")
    assert [first[s].target for s in range(18)] == [c.index for c in hand[:18]]
    assert [second[s].target for s in range(2)] == [c.index for c in hand[18:]]
    assert all(s < 27 for s in (*first, *second, *table))
    assert first[26].target is Button.PAGE and names(first, (26,)) == ["次のページへ（1/3）"]
    assert table[0].spec.item == "paper" and table[9].spec.item == "player_head"
    assert {first[s].target for s in (18, 19, 20, 21, 22)} == {
        Button.PLAY, Button.PASS, Button.CLEAR, Button.SORT, Button.INFO,
    }  # fmt: skip


_MSGS, _ = Messages.load()


@settings(deadline=None)
@given(st.sets(st.integers(0, 53), max_size=20), st.sets(st.integers(0, 53)), st.sampled_from(SortOrder),
       st.booleans())  # fmt: skip
def test_hand_slots_show_each_card_once_with_its_selection(
    hand: set[int], selected: set[int], order: SortOrder, inverted: bool
) -> None:
    msgs = _MSGS
    state = ScreenState(hand=tuple(CARDS[i] for i in hand), selected=frozenset(selected), sort=order,
                        inverted=inverted)  # fmt: skip
    out = cells(state, CHEST, msgs, "en")
    shown = [out[s] for s in CHEST.hand_slots if s in out]
    assert sorted(c.target for c in shown if isinstance(c.target, int)) == sorted(hand)
    for cell in shown:
        assert isinstance(cell.target, int)
        assert (cell.spec.glint is True) == (cell.target in selected)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_play_leaves_gaps_and_the_other_cards_stay_in_their_slots(data: st.DataObject) -> None:
    """Issue 19: a play rewrites only the slots it emptied (the rest of the hand is not shifted left),
    until a card comes in or the order changes (並べ替え, 革命), which sorts the hand afresh."""
    from dfg_bridge.host.handscreen.state import placed_hand

    msgs, _issues = Messages.load()
    hand = data.draw(st.lists(st.sampled_from(CARDS), min_size=2, max_size=20, unique=True))
    full = ScreenState(hand=tuple(hand))
    before = placed_hand(None, full)
    drawn = cells(ScreenState(hand=tuple(hand), placed=before), CHEST, msgs, "ja")
    played = set(data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=len(hand) - 1, unique=True)))
    rest = ScreenState(hand=tuple(c for c in hand if c not in played))
    now = replace_placed(rest, placed_hand(before, rest))
    shown = cells(now, CHEST, msgs, "ja")
    changed = {
        s for s in CHEST.hand_slots if (s in drawn) != (s in shown) or (s in drawn and drawn[s] != shown[s])
    }
    emptied = {s for s in CHEST.hand_slots if s in drawn and drawn[s].target in {c.index for c in played}}
    assert changed == emptied
    # A card coming in (an exchange) sorts afresh: no gaps, strength order.
    back = ScreenState(hand=tuple(hand))
    assert placed_hand(now.placed, back) == back.sorted_hand()
    # So does another order.
    suits = ScreenState(hand=rest.hand, sort=SortOrder.SUIT)
    if suits.sorted_hand() != rest.sorted_hand():
        assert placed_hand(now.placed, suits) == suits.sorted_hand()


def replace_placed(state: ScreenState, placed: tuple[Card | None, ...]) -> ScreenState:
    from dataclasses import replace

    return replace(state, placed=placed)


def test_pass_button_reads_the_same_on_and_off_turn() -> None:
    """Off turn the パス button reads plain パス (issue 19: no rewrite at a turn's start and end); the
    leader's refusal still shows, and pressing it off turn is still refused by the engine."""
    hands = [list(parse_cards("S3 H3 D4")), list(parse_cards("S5 H6")), list(parse_cards("C7 C9"))]
    rnd = Round.from_hands(Rules.preset("minecraft"), hands, leader=0)
    assert shown_pass_code(rnd, 1) is None and pass_refusal(rnd, 1) == "not_your_turn"
    assert shown_pass_code(rnd, 0) == "leader_cannot_pass"
    error = rnd.why_illegal(Pass(1))
    assert error is not None and error.code == "not_your_turn"
