"""The watch's table question rides on the table's display writes (issue 19): one command, not two.

While the CPUs play, every turn renames the bossbar and rewrites the seat texts; the table question
(our items on the seated players, openings, book use, keys) goes in front of one such write as
``execute <checks> run <write>``. An empty reply says a check failed and the write did not run: the
write goes again alone and the watch looks at once.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host.differ import CARRIERS, Differ, Element, Kind
from dfg_bridge.host.riding import Rider
from dfg_bridge.host.views import desired
from dfg_bridge.render import dialect_for
from dfg_bridge.replies.answers import write_ran
from tests.host.handscreen.handrig import Sent
from tests.host.handscreen.hostile import (
    card_slots,
    cards_held,
    chest_of,
    drawn,
    may_act,
    open_own,
    shown,
    slow_rig,
    start_cpu_match,
    until,
    wait,
)
from tests.host.rig import messages
from tests.host.test_displays import _snap

QUESTION = "execute unless entity @a[tag=dfg_t1_p,scores={dfg_oc=1..}]"
RIDDEN = re.compile(
    r"^execute unless items entity @a\[tag=dfg_t1_p\] .* run (bossbar set|data merge entity) "
)
ALONE = re.compile(r"^execute unless items entity @a\[tag=dfg_t1_p\] (?!.* run )")


class _Server:
    """A sink that answers as a server does: a carried write replies with its feedback when the checks
    hold (``hold``), and with nothing when one fails."""

    def __init__(self, *, hold: bool) -> None:
        self.hold = hold
        self.sent: list[str] = []

    def run(self, command: str) -> str:
        self.sent.append(command)
        if command.startswith(QUESTION + " run "):
            return "Custom bossbar [dfg:t1] has been renamed" if self.hold else ""
        return "Modified entity data"


def _differ(*, hold: bool) -> tuple[Differ, _Server, list[bool]]:
    server = _Server(hold=hold)
    return Differ(dialect_for("1.21.6"), server), server, []


def test_a_question_rides_on_the_first_write_that_can_carry_it() -> None:
    differ, server, answers = _differ(hold=True)
    shown_now = desired(_snap(), messages(), "ja")
    sent = differ.sync("t1", shown_now, rider=lambda: Rider(QUESTION, answers.append))
    ridden = [c for c in server.sent if c.startswith(QUESTION)]
    assert answers == [True] and len(ridden) == 1
    assert sent == len(server.sent) == len(shown_now)  # no command of its own
    write = ridden[0].removeprefix(QUESTION + " run ")
    assert write.startswith(("bossbar set dfg:t1 name ", "data merge entity "))
    # Everything before it cannot carry a question: its feedback may be empty (a team join, a score).
    before = server.sent[: server.sent.index(ridden[0])]
    assert not [c for c in before if c.startswith(("bossbar set dfg:t1 name", "data merge entity"))]


def test_a_failed_question_stopped_its_write_so_the_write_goes_again_alone() -> None:
    differ, server, answers = _differ(hold=False)
    shown_now = desired(_snap(), messages(), "ja")
    sent = differ.sync("t1", shown_now, rider=lambda: Rider(QUESTION, answers.append))
    assert answers == [False]
    at = next(i for i, c in enumerate(server.sent) if c.startswith(QUESTION))
    assert server.sent[at + 1] == server.sent[at].removeprefix(QUESTION + " run ")
    assert sent == len(shown_now) + 1
    assert differ.changes("t1", shown_now) == []  # the display is shown all the same


def test_no_question_due_and_no_write_that_can_carry_one_send_the_writes_as_before() -> None:
    differ, server, answers = _differ(hold=True)
    shown_now = desired(_snap(), messages(), "ja")
    differ.sync("t1", shown_now, rider=lambda: None)
    assert not [c for c in server.sent if c.startswith("execute ")]
    only_value = {Element(Kind.BOSSBAR_VALUE, "t1"): 41}
    assert Kind.BOSSBAR_VALUE not in CARRIERS
    differ.sync("t1", {**shown_now, **only_value}, rider=lambda: Rider(QUESTION, answers.append))
    assert answers == [] and server.sent[-1] == "bossbar set dfg:t1 value 41"
    assert write_ran("Custom bossbar [dfg:t1] has been renamed") and not write_ran("")


def test_a_question_that_does_not_fit_in_front_of_the_write_stays_unasked() -> None:
    differ, server, answers = _differ(hold=True)
    shown_now = desired(_snap(), messages(), "ja")
    long = QUESTION + " unless entity @a[tag=" + "x" * 1400 + "]"
    differ.sync("t1", shown_now, rider=lambda: Rider(long, answers.append))
    assert answers == [] and not [c for c in server.sent if c.startswith("execute ")]
    assert differ.changes("t1", shown_now) == []


def _after_steves_move(sim_factory: Any, tmp_path: Path, version: str) -> tuple[Any, Any, Sent]:
    """A CPU match with Steve, every command kept: Steve makes his first move by typing it, and the
    CPUs' turns follow (they think 1 s each)."""
    rig = slow_rig(sim_factory, tmp_path, version)
    kept: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: kept.setdefault("s", Sent(c)))
    tbl = start_cpu_match(rig, "Steve")
    assert rig.until(lambda: may_act(tbl, "Steve"), 60)
    words = rig.move_for("t1", "Steve")
    assert words is not None
    rig.dfg("Steve", words)
    assert rig.until(lambda: not may_act(tbl, "Steve"), 10)
    return rig, tbl, kept["s"]


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_during_the_cpus_turns_the_table_question_rides_on_their_displays(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, _tbl, sent = _after_steves_move(sim_factory, tmp_path, version)
    mark = len(sent.commands)
    wait(rig, 2.6)  # about three CPU turns
    window = sent.commands[mark:]
    ridden = [c for c in window if RIDDEN.match(c)]
    alone = [c for c in window if ALONE.match(c)]
    assert len(ridden) >= 2, window
    assert len(alone) <= 1, alone
    assert rig.invalid() == []


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_a_card_taken_during_the_cpus_turns_fails_the_ridden_question_and_comes_back(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, tbl, sent = _after_steves_move(sim_factory, tmp_path, version)
    wait(rig, 0.3)
    mark = len(sent.commands)
    open_own(rig, tbl, "Steve")
    rig.ctl.click("Steve", card_slots(tbl, "Steve")[0], "pickup")  # onto the cursor, off turn
    took = until(
        rig, lambda: cards_held(rig, "Steve") == 0 and shown(rig, "Steve") == drawn(tbl, "Steve"), 3.0
    )
    assert took <= 1.5
    wait(rig, 1.5)
    commands = sent.commands[mark:]
    failed = [
        i
        for i, c in enumerate(commands[:-1])
        if RIDDEN.match(c) and commands[i + 1] == c.split(" run ", 1)[1]
    ]
    assert failed, "no ridden question failed: the opening or the card should have stopped its write"
    # The write the failed question stopped was sent again: the displays show what the daemon believes.
    assert tbl.ctx.differ.changes("t1", tbl.desired()) == []
    bar = rig.ctl.player("Steve")["bossbars"][0]["name"]
    assert bar == tbl.ctx.differ.shown("t1")[Element(Kind.BOSSBAR_NAME, "t1")].plain()  # type: ignore[attr-defined]
    assert chest_of(tbl, "Steve") is not None and rig.invalid() == []


FIRST_LOOK = re.compile(r"^execute if block .* run (bossbar set|data merge entity) ")


def _to_steves_turn(rig: Any, tbl: Any) -> None:
    assert rig.until(lambda: may_act(tbl, "Steve"), 60)


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_a_turns_first_look_rides_on_the_turns_display_writes(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, tbl, sent = _after_steves_move(sim_factory, tmp_path, version)
    mark = len(sent.commands)
    _to_steves_turn(rig, tbl)
    wait(rig, 0.6)
    commands, times = sent.commands[mark:], sent.times[mark:]
    ridden = [i for i, c in enumerate(commands) if FIRST_LOOK.match(c)]
    assert len(ridden) == 1, commands
    looks = [
        t
        for c, t in zip(commands, times, strict=True)
        if c.startswith("execute if block ") and " run " not in c
    ]
    # No look of its own at the turn's start: the next one comes at the thinking pace.
    assert not looks or looks[0] - times[ridden[0]] >= 0.4, (looks, times[ridden[0]])
    assert not tbl.hands.screen_of("Steve").fresh  # type: ignore[union-attr]
    assert rig.invalid() == []


def test_a_card_taken_as_the_turn_starts_fails_the_first_look_and_is_not_selected(
    sim_factory: Any, tmp_path: Path
) -> None:
    """Steve takes a card onto his cursor just before the turn's display write carrying the first look:
    it fails, the write goes again alone, the look made at once reads the screen: the card comes back
    and, taken before the turn, is no selection."""
    rig, tbl, sent = _after_steves_move(sim_factory, tmp_path, "1.21.6")
    wait(rig, 0.3)
    open_own(rig, tbl, "Steve")
    wait(rig, 0.5)  # the opening is seen (off turn, it makes the watch take back what he holds)
    mark = len(sent.commands)
    race = {"kind": "click", "menu_slot": card_slots(tbl, "Steve")[0], "mode": "pickup"}
    rig.ctl.race(FIRST_LOOK.pattern, "Steve", race)
    _to_steves_turn(rig, tbl)
    assert rig.until(lambda: rig.ctl.races()["races"] == [], 5), "the race never fired"
    took = until(
        rig, lambda: cards_held(rig, "Steve") == 0 and shown(rig, "Steve") == drawn(tbl, "Steve"), 3.0
    )
    assert took <= 0.5
    wait(rig, 0.3)
    assert not tbl.selection.get("Steve"), "a card taken before the turn was counted as selected"
    commands = sent.commands[mark:]
    at = next(i for i, c in enumerate(commands) if FIRST_LOOK.match(c))
    assert commands[at + 1] == commands[at].split(" run ", 1)[1]  # the write went again alone
    assert tbl.ctx.differ.changes("t1", tbl.desired()) == []
    assert rig.invalid() == []


def test_after_a_play_by_clicks_the_table_question_rides_on_the_next_cpus_displays(
    sim_factory: Any, tmp_path: Path
) -> None:
    """Steve plays by clicking 出す: the look that reads it ends his turn, so the table question waits
    for the next CPU's display writes and rides on them, instead of being asked alone when it was due
    during his turn."""
    from tests.host.handscreen.test_watch_joint import _at_steves_turn

    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path, cpu_delay=1.0)
    clicker.open()
    clicker.ready()
    clicker.settle()
    rnd = rig.table().run.round  # type: ignore[union-attr]
    assert rnd is not None
    action = rnd.timeout_action(clicker.seat())
    mark = len(s.commands)
    clicker.do(action)
    assert not clicker.may_act()
    wait(rig, 1.3)
    after = s.commands[mark:]
    asked = [c for c in after if RIDDEN.match(c) or ALONE.match(c)]
    assert asked and RIDDEN.match(asked[0]), asked[:1]
    assert rig.invalid() == []
