"""Displays are pure functions of state; the one differ sends only what changed (issue 5 §8)."""

from __future__ import annotations

from dfg_bridge.host.differ import Differ, Element, Kind
from dfg_bridge.host.views import SeatSnap, TablePhase, TableSnap, desired
from dfg_bridge.model.text import Text
from dfg_bridge.render import dialect_for
from tests.host.rig import messages


class Recorder:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def run(self, command: str) -> str:
        self.sent.append(command)
        return ""


def _snap(**kw: object) -> TableSnap:
    seats = (
        SeatSnap("Steve", cards=8, points=5, to_act=True),
        SeatSnap("CPU1", cards=7, points=4, cpu=True),
        SeatSnap("CPU2", cards=0, points=3, place=1, title="大富豪", cpu=True),
        SeatSnap("Alex", cards=5, points=1, passed=True),
    )
    base: dict[str, object] = {
        "table_id": "t1",
        "table_name": "卓1",
        "phase": TablePhase.PLAY,
        "round_no": 2,
        "rounds": 3,
        "seats": seats,
        "field": Text("♥5"),
        "lock": "♥",
        "acting": ("Steve",),
        "seconds_left": 42,
        "seconds_total": 60,
        "lobby": ("Steve", "Alex", "Kai"),
        "members": ("Steve", "Alex", "Kai"),
        "seat_count": 4,
    }
    base.update(kw)
    return TableSnap(**base)  # type: ignore[arg-type]


def test_views_show_what_seed_001_lists() -> None:
    msgs = messages()
    shown = desired(_snap(revolution=True), msgs, "ja")
    texts = {e: v.plain() for e, v in shown.items() if isinstance(v, Text)}
    assert texts[Element(Kind.SEAT_TEXT, "t1", "0")].startswith("▶ Steve")
    assert "パス" in texts[Element(Kind.SEAT_TEXT, "t1", "3")]
    finished = texts[Element(Kind.SEAT_TEXT, "t1", "2")]
    assert "1位" in finished and "大富豪" in finished
    centre = texts[Element(Kind.CENTRE, "t1")]
    assert "♥5" in centre and "革命中" in centre and "♥縛り中" in centre
    bossbar = texts[Element(Kind.BOSSBAR_NAME, "t1")]
    assert "2" in bossbar and "Steve" in bossbar and "42" not in bossbar  # the bar counts down; the name
    closing = desired(_snap(seconds_left=9), msgs, "ja")[Element(Kind.BOSSBAR_NAME, "t1")]
    assert isinstance(closing, Text) and "残り9秒" in closing.plain()  # ...only in the last 10 seconds
    assert shown[Element(Kind.BOSSBAR_VALUE, "t1")] == 42 and shown[Element(Kind.BOSSBAR_MAX, "t1")] == 60
    lines = [v for e, v in texts.items() if e.kind is Kind.SIDE_NAME]
    assert any("Steve" in line and "5点" in line and "8枚" in line for line in lines)
    assert {e.sub for e in shown if e.kind is Kind.MEMBER} == {"Steve", "Alex", "Kai"}
    english = desired(_snap(), msgs, "en")
    assert any("Steve" in v.plain() for v in english.values() if isinstance(v, Text))


def test_differ_sends_only_changes_and_redraws_after_forget() -> None:
    msgs = messages()
    sink = Recorder()
    differ = Differ(dialect_for("1.21.6"), sink)
    first = desired(_snap(), msgs, "ja")
    assert differ.sync("t1", first) == len(first)
    assert differ.sync("t1", first) == 0
    assert differ.sync("t1", desired(_snap(seconds_left=41), msgs, "ja")) == 0  # the bar moves every 2 s
    later = desired(_snap(seconds_left=40), msgs, "ja")
    sent = len(sink.sent)
    assert differ.sync("t1", later) == 1  # two seconds pass: the bar's value only (issue 19)
    assert sink.sent[sent:] == ["bossbar set dfg:t1 value 40"]
    assert differ.sync("t1", desired(_snap(seconds_left=10), msgs, "ja")) == 2  # the name counts too now
    assert differ.sync("t1", later) == 2
    smaller = desired(_snap(lobby=("Steve",), members=("Steve",)), msgs, "ja")
    sent = len(sink.sent)
    differ.sync("t1", smaller)
    assert "team leave Alex" in sink.sent[sent:] and "team leave Kai" in sink.sent[sent:]
    differ.forget("t1")
    assert differ.sync("t1", smaller) == len(smaller)
    assert differ.full_equivalent == 2 * len(first) + 4 * len(later) + 2 * len(smaller)


def test_differ_scopes_by_table() -> None:
    msgs = messages()
    differ = Differ(dialect_for("1.21.6"), Recorder())
    differ.sync("t1", desired(_snap(), msgs, "ja"))
    two = desired(_snap(table_id="t2"), msgs, "ja")
    assert differ.sync("t2", two) == len(two)
    assert differ.changes("t1", desired(_snap(), msgs, "ja")) == []


def test_idle_table_shows_the_lobby() -> None:
    snap = TableSnap("t1", "卓1", lobby=("A", "B"), members=("A", "B"), seat_count=4)
    shown = desired(snap, messages(), "ja")
    lines = [v.plain() for e, v in shown.items() if e.kind is Kind.SIDE_NAME and isinstance(v, Text)]
    assert len(lines) == 2 and all("待機中" in line for line in lines)
    seat_texts = [v for e, v in shown.items() if e.kind is Kind.SEAT_TEXT]
    assert len(seat_texts) == 4 and all(isinstance(v, Text) and v.plain() == "" for v in seat_texts)


def test_the_sidebar_has_no_turn_colour() -> None:
    """Whose turn it is shows on the bossbar and over the seats; the sidebar line stays the same when
    the turn moves on, so a turn costs no sidebar write (issue 19)."""
    msgs = messages()
    sink = Recorder()
    differ = Differ(dialect_for("1.21.6"), sink)
    differ.sync("t1", desired(_snap(), msgs, "ja"))
    rest = _snap().seats[2:]
    moved = (SeatSnap("Steve", cards=8, points=5), SeatSnap("CPU1", cards=7, points=4, to_act=True, cpu=True))
    sent = len(sink.sent)
    differ.sync("t1", desired(_snap(seats=(*moved, *rest), acting=("CPU1",)), msgs, "ja"))
    assert not [c for c in sink.sent[sent:] if c.startswith("scoreboard")]
    assert any("text_display" in c and "▶ CPU1" in c for c in sink.sent[sent:])
