"""While a player may act, the table question rides on their screen question (issue 19).

The watch asks the table question (our items on seated players, openings, book use, keys) every
``TABLE_ON_TURN`` seconds; during a turn the acting player's screen question is asked at every look
anyway, so the two go out as one ``execute`` chain: a quiet turn sends no table question of its own.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import Play
from dfg_bridge.host.handscreen import CHEST, Button
from dfg_bridge.host.handscreen.cadence import (
    AFTER_OPENING,
    HOT_AFTER_OPENING,
    QUIET_AFTER,
    SLOW_IDLE,
    TABLE_ON_TURN,
)
from tests.host.handscreen.handrig import (
    BUTTON_SLOTS,
    Clicker,
    Sent,
    hand_rig,
    held_cards,
    start_cpu_match,
    world_cards,
)
from tests.host.rig import Rig, settings, table, with_durations

TABLE_ALONE = "execute unless items entity @a["
"""How the table question starts when asked on its own (the screen question starts with a block test)."""


def _at_steves_turn(
    sim_factory: Any, tmp_path: Path, *, cpu_delay: float | None = None
) -> tuple[Rig, Clicker, Sent]:
    """A CPU match with Steve, every command counted, at Steve's first turn (``cpu_delay``: the CPUs'
    think time)."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    if cpu_delay is not None:
        slow = with_durations(
            table(seats=4, rounds=1), turn=60.0, exchange=60.0, cpu_min=cpu_delay, cpu_max=cpu_delay
        )
        rig.settings = settings(slow, hand_poll_interval=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    return rig, clicker, sent["s"]


def _closed_after_a_look(sim_factory: Any, tmp_path: Path) -> tuple[Rig, Clicker, Sent]:
    """At Steve's first turn, his chest opened, looked at once, and closed again (the next opening counts)."""
    rig, clicker, sent = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    clicker.settle()
    rig.ctl.close("Steve")
    rig.settle(0.2)
    return rig, clicker, sent


def _look_times(sent: Sent, mark: int) -> list[float]:
    """When each look (a screen or joint question) since command ``mark`` was sent."""
    pairs = zip(sent.commands[mark:], sent.times[mark:], strict=True)
    return [t for c, t in pairs if c.startswith("execute if block ")]


def _run(rig: Rig, seconds: float, step: float = 0.02) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        rig.host.step(step)


def test_a_quiet_turn_asks_both_questions_in_one_command(sim_factory: Any, tmp_path: Path) -> None:
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    rig.settle(0.5)  # the opening's fast looks are over
    commands = s.commands
    mark = len(commands)
    _run(rig, 3 * TABLE_ON_TURN + 0.2, 0.02)
    assert clicker.may_act()
    quiet = commands[mark:]
    joint = [c for c in quiet if c.startswith("execute if block ") and "@a[tag=" in c]
    assert len(joint) >= 2, quiet
    assert not [c for c in quiet if c.startswith(TABLE_ALONE)], quiet
    # The joint chain still asks what the table question asks (our items on the seated players).
    assert any("player.cursor" in c for c in quiet)


def test_the_table_question_waits_for_the_next_look_during_a_turn(sim_factory: Any, tmp_path: Path) -> None:
    """While a player may act, the table question rides on the next look at the idle cadence: no look
    of its own in between (before, one look in four came between two idle looks)."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    rig.settle(1.5)  # the opening's fast looks are over
    mark = len(s.commands)
    _run(rig, 4 * TABLE_ON_TURN + 0.2, 0.02)
    assert clicker.may_act()
    looks = _look_times(s, mark)
    gaps = [b - a for a, b in itertools.pairwise(looks)]
    assert len(gaps) >= 8 and min(gaps) >= 0.8 * rig.table().hands.watch.times.idle, gaps
    joint = [c for c in s.commands[mark:] if c.startswith("execute if block ") and "@a[tag=" in c]
    assert len(joint) >= 3  # the table question is still asked about every TABLE_ON_TURN seconds


def test_a_click_seen_by_the_table_question_costs_no_sweep(sim_factory: Any, tmp_path: Path) -> None:
    """A card clicked onto the cursor fails the table question too; the screen's read takes it back, and
    the table question goes with a later look's screen question, which shows all is well: no table
    question of its own, and the sweep (ender chest, thrown items, keys) is left out."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    clicker.settle()
    card = next(v["name"] for s, v in sorted(clicker.view().items()) if s in CHEST.hand_slots)
    commands = s.commands
    mark = len(commands)
    clicker.hands.watch._table_due = 0.0  # the next look asks the table question too
    clicker.click(clicker.slot_of_card(card), "pickup", 0)
    clicker.settle()
    assert card in clicker.selected()
    assert not rig.ctl.player("Steve").get("cursor")

    def joint_after_read() -> bool:
        after = commands[mark:]
        read = next((i for i, c in enumerate(after) if c.startswith("data get block ")), len(after))
        return any(c.startswith("execute if block ") and "player.cursor" in c for c in after[read:])

    # The table question comes with a later look's screen question (not the next one, a moment away):
    # about TABLE_ON_TURN after the read plus one idle look. Under load the looks drift, so the test
    # steps until it comes (within a generous bound) rather than for a fixed time.
    end = time.monotonic() + 3 * TABLE_ON_TURN + 1.0
    while not joint_after_read() and time.monotonic() < end:
        rig.host.step(0.02)
    after = commands[mark:]
    assert joint_after_read(), after
    assert not [c for c in after if c.startswith(TABLE_ALONE)], after
    assert not [c for c in after if "EnderItems" in c or c.startswith("kill ")], after
    # The screen was read first, so the table question found nothing: no opening counts were reset.
    assert not [c for c in after if c.startswith("scoreboard players set @a[tag=")], after


def test_a_card_taken_off_turn_costs_no_sweep(sim_factory: Any, tmp_path: Path) -> None:
    """Off turn, a card picked up onto the cursor fails the table question; the screen's read takes it
    back, one more table question shows all is well, and the sweep is left out."""
    rig, clicker, s = _at_steves_turn(
        sim_factory, tmp_path, cpu_delay=3.0
    )  # an off turn long enough to act in
    clicker.open()
    clicker.ready()
    clicker.settle()
    clicker.click(BUTTON_SLOTS[Button.PASS], "pickup", 0)  # パス (or refused as the leader)
    clicker.settle()
    if clicker.may_act():  # the leader cannot pass: play the lowest card instead
        rnd = clicker.tbl.run.round  # type: ignore[union-attr]
        clicker.do(rnd.timeout_action(clicker.seat()))
    assert rig.until(lambda: not clicker.may_act(), 5)
    rig.settle(0.3)
    assert not clicker.may_act() and rig.ctl.player("Steve")["open"] is not None
    card = next(v["name"] for slot, v in sorted(clicker.view().items()) if slot in CHEST.hand_slots)
    commands = s.commands
    mark = len(commands)
    clicker.click(clicker.slot_of_card(card), "pickup", 0)
    assert rig.until(lambda: not rig.ctl.player("Steve").get("cursor"), 5)
    rig.settle(0.3)
    after = commands[mark:]
    assert any(c.startswith("data get block ") for c in after), after  # the screen was read
    assert not [c for c in after if "EnderItems" in c or c.startswith("kill ")], after


def test_after_an_opening_the_watch_looks_every_tenth_of_a_second(sim_factory: Any, tmp_path: Path) -> None:
    """An opening makes the watch quicker until the first click, at :data:`AFTER_OPENING` (a person's
    first click comes tenths of a second later), not at the 50 ms kept for the time after a click."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.ready()
    rig.settle(0.5)
    clicker.open()
    mark = len(s.commands)
    _run(rig, SLOW_IDLE + HOT_AFTER_OPENING * 0.9, 0.01)  # the opening is seen by the next look
    assert clicker.may_act()
    looks = _look_times(s, mark)
    gaps = [b - a for a, b in itertools.pairwise(looks)]
    quick = [g for g in gaps if g < 0.9 * rig.table().hands.watch.times.idle]
    assert len(quick) >= 4, gaps  # quicker than idle after the opening
    assert min(quick) >= 0.8 * AFTER_OPENING, gaps


def test_a_long_think_is_looked_at_less_often(sim_factory: Any, tmp_path: Path) -> None:
    """After QUIET_AFTER seconds without a click the watch backs off to SLOW_IDLE; a click makes it
    quick again."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    clicker.settle()
    mark = len(s.commands)
    start = time.monotonic()
    while time.monotonic() < start + QUIET_AFTER + 3.5:
        rig.host.step(0.02)
    assert clicker.may_act()
    looks = _look_times(s, mark)
    early = [b - a for a, b in itertools.pairwise(looks) if b < start + QUIET_AFTER - 1.0]
    late = [b - a for a, b in itertools.pairwise(looks)][-3:]
    idle = rig.table().hands.watch.times.idle
    assert early and max(early) < 0.8 * SLOW_IDLE, early
    assert min(late) >= 0.9 * SLOW_IDLE and min(late) > 1.2 * idle, late
    card = next(v["name"] for slot, v in sorted(clicker.view().items()) if slot in CHEST.hand_slots)
    clicker.click(clicker.slot_of_card(card), "pickup", 0)
    clicker.settle()
    assert card in clicker.selected()
    mark = len(s.commands)
    again = time.monotonic()
    while time.monotonic() < again + 1.0:
        rig.host.step(0.02)
    looks = _look_times(s, mark)
    assert max(b - a for a, b in itertools.pairwise(looks)) < 0.8 * SLOW_IDLE  # quick again


@pytest.mark.parametrize("mode", ["pickup", "throw"])
def test_a_click_between_the_read_and_the_table_question_is_mended(
    sim_factory: Any, tmp_path: Path, mode: str
) -> None:
    """After the read of a click, the table question goes with a later look's screen question. Steve
    takes a second card (onto the cursor, or throws it) just before that question: the look sees it,
    a card onto the cursor is his next selection, a thrown one is found near the table and comes back;
    nothing is kept or lost."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    clicker.ready()
    clicker.settle()
    hand = [v["name"] for slot, v in sorted(clicker.view().items()) if slot in CHEST.hand_slots]
    first, second = hand[0], hand[1]
    mark = len(s.commands)
    clicker.hands.watch._table_due = 0.0  # the next look asks the table question too
    clicker.click(clicker.slot_of_card(first), "pickup", 0)
    assert rig.until(lambda: first in clicker.selected(), 5)
    assert not [c for c in s.commands[mark:] if c.startswith(TABLE_ALONE)]
    race = {"kind": "click", "menu_slot": clicker.slot_of_card(second), "mode": mode}
    rig.ctl.race(r"^execute if block .*player\.cursor", "Steve", race)
    assert rig.until(lambda: rig.ctl.races()["races"] == [], 5), "the race never fired"
    fired = rig.ctl.races()["fired"]
    # (A throw changes nothing on the player, so the sim reports it as not "done"; the sweep shows it.)
    assert fired and (mode == "throw" or fired[0]["result"]["done"]), [f["result"] for f in fired]
    _run(rig, 1.0)
    clicker.settle()
    after = s.commands[mark:]
    if mode == "throw":  # the card thrown out was found near the table and removed
        assert any(c.startswith("kill @e[type=minecraft:item") for c in after), after
    else:  # a click during his turn: his next selection
        assert second in clicker.selected()
    assert not rig.ctl.player("Steve").get("cursor")
    assert held_cards(rig, "Steve") == 0 and world_cards(rig) == 0
    assert first in clicker.selected()
    shown = {slot: (v["name"], v["count"]) for slot, v in clicker.view().items()}
    drawn = clicker.screen.drawn or {}
    assert shown == {
        slot: (c.spec.name.plain() if c.spec.name else "", c.spec.count) for slot, c in drawn.items()
    }
    assert rig.invalid() == []


def test_a_turn_before_its_first_opening_or_click_is_looked_at_every_half_second(
    sim_factory: Any, tmp_path: Path
) -> None:
    """Until the acting player opens a chest or clicks, their screen is looked at every SLOW_IDLE
    seconds (a click in a chest left open is seen at most that late); their opening makes the watch
    quick at once."""
    rig, clicker, s = _at_steves_turn(sim_factory, tmp_path)
    mark = len(s.commands)
    _run(rig, 2.2)
    assert clicker.may_act()
    gaps = [b - a for a, b in itertools.pairwise(_look_times(s, mark))]
    assert len(gaps) >= 3 and min(gaps) >= 0.9 * SLOW_IDLE, gaps
    clicker.open()
    mark = len(s.commands)
    _run(rig, SLOW_IDLE + HOT_AFTER_OPENING * 0.9, 0.01)  # the opening is seen by the next look
    gaps = [b - a for a, b in itertools.pairwise(_look_times(s, mark))]
    quick = [g for g in gaps if g < 0.8 * rig.table().hands.watch.times.idle]
    assert len(quick) >= 5, gaps


def test_an_opening_seen_by_the_joint_question_costs_no_table_question_of_its_own(
    sim_factory: Any, tmp_path: Path
) -> None:
    """The joint question fails when the acting player opens their chest; the screen question tells it
    was only that, and the table question rides on the next look (AFTER_OPENING away) instead of being
    asked on its own."""
    rig, clicker, s = _closed_after_a_look(sim_factory, tmp_path)
    mark = len(s.commands)
    clicker.hands.watch._table_due = 0.0  # the next look is a joint question
    clicker.open()
    _run(rig, 0.6, 0.01)
    after = s.commands[mark:]
    resets = [  # the screen question runs the reset of his opening count
        i
        for i, c in enumerate(after)
        if c.startswith("execute if block ")
        and " run scoreboard players set @a[name=Steve" in c
        and "dfg_oc" in c
    ]
    assert resets, after
    assert not [c for c in after if c.startswith("scoreboard players set @a[name=Steve")], after
    assert not [c for c in after if c.startswith(TABLE_ALONE)], after
    joint_after = [c for c in after[resets[0] :] if c.startswith("execute if block ") and "@a[tag=" in c]
    assert joint_after, after  # the table question was asked with the next look
    assert clicker.may_act() and rig.invalid() == []


@pytest.mark.parametrize("first", [0, 1], ids=["cards_half_read_first", "buttons_half_read_first"])
def test_cards_and_play_clicked_within_one_look_play_those_cards(
    sim_factory: Any, tmp_path: Path, first: int
) -> None:
    """A quick player clicks cards (top half) and then 出す (bottom half) between two looks: the last
    card, still on the cursor, goes into the button's slot. Whichever half the look reads first, it
    reads both, selects the cards, and only then presses 出す. Before, read from the buttons' half, 出す
    was refused (「カードが選ばれていません」) and the cards selected afterwards; read from the cards'
    half, the selection's redraw of 出す erased the press. Either way a bench player waited out the
    turn."""
    rig, clicker, _ = _at_steves_turn(sim_factory, tmp_path)
    clicker.open()
    chosen: list[str] = []
    for _ in range(8):
        clicker.ready()
        clicker.settle()
        rnd = clicker.tbl.run.round  # type: ignore[union-attr]
        top = {v["name"].lstrip("✔"): slot for slot, v in clicker.view().items() if 18 <= slot <= 26}
        plays = [a for a in rnd.legal_actions(clicker.seat()) if isinstance(a, Play)]
        chosen = next(
            ([str(c) for c in a.meld.cards] for a in plays if all(str(c) in top for c in a.meld.cards)), []
        )
        if chosen:
            break
        clicker.do(rnd.timeout_action(clicker.seat()))  # nothing to play from the top half: next turn
        assert rig.until(clicker.may_act, 30)
    assert chosen, "nothing of the top half was playable in eight turns"
    before = rig.table().run.round.hand_counts()[clicker.seat()]  # type: ignore[union-attr]
    clicker.screen.last_part = first
    for card in chosen:
        rig.ctl.click("Steve", top[card], "pickup", 0)
    rig.ctl.click("Steve", BUTTON_SLOTS[Button.PLAY], "pickup", 0)
    assert rig.until(lambda: not clicker.may_act(), 5), rig.chat("Steve")[-5:]
    rnd = rig.table().run.round  # type: ignore[union-attr]
    assert rnd.hand_counts()[clicker.seat()] == before - len(chosen)
    assert "カードが選ばれていません。" not in rig.chat("Steve")  # the refusal, a line of its own
    rig.settle(0.5)
    assert not rig.ctl.player("Steve").get("cursor")
    assert held_cards(rig, "Steve") == 0 and world_cards(rig) == 0 and rig.invalid() == []


def test_a_click_right_as_an_opening_is_looked_at_is_read_and_the_count_reset_later(
    sim_factory: Any, tmp_path: Path
) -> None:
    """The screen question asks and resets the opening count in one command (there is no moment between
    the two). Steve clicks a card just before the look that would see his opening: the question fails
    before its reset, the screen is read, the card is selected and nothing is kept on the cursor; a
    later look resets the count, which costs no command of its own."""
    rig, clicker, s = _closed_after_a_look(sim_factory, tmp_path)
    clicker.open()
    card = next(v["name"] for slot, v in sorted(clicker.view().items()) if slot in CHEST.hand_slots)
    race = {"kind": "click", "menu_slot": clicker.slot_of_card(card), "mode": "pickup"}
    reset = r" run scoreboard players set @a\[name=Steve,scores=\{dfg_oc=1\.\.\}\] dfg_oc 0$"
    rig.ctl.race(r"^execute if block .*" + reset, "Steve", race)
    mark = len(s.commands)
    clicker.hands.watch._table_due = 0.0  # the next look is a joint question
    assert rig.until(lambda: rig.ctl.races()["races"] == [], 5), "the race never fired"
    clicker.settle()
    _run(rig, 0.5)
    after = s.commands[mark:]
    reads = [i for i, c in enumerate(after) if c.startswith("data get block ")]
    assert reads, after
    assert not [c for c in after if c.startswith("scoreboard players set @a[name=Steve")], after
    assert card in clicker.selected()
    assert "Test passed" in rig.sim.run_command("execute unless entity @a[name=Steve,scores={dfg_oc=1..}]")
    assert not rig.ctl.player("Steve").get("cursor")
    assert held_cards(rig, "Steve") == 0 and world_cards(rig) == 0 and rig.invalid() == []
