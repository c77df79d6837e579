"""Off turn, the hand screen is redrawn at most every ``OFF_TURN_REDRAW`` seconds (issue 19).

While three CPUs play in turn, the human's chest would otherwise be rewritten after every play (the
field, the turn marker, the buttons) although nobody may be looking at it: the chest shows the latest
state at the latest one watch look after the wait, at once when the player's turn comes, and at once
when the watch sees them open a chest.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen.painter import OFF_TURN_REDRAW
from dfg_bridge.host.handscreen.screen import ChestSurface
from tests.host.handscreen.handrig import Sent
from tests.host.rig import make_rig, settings, table, with_durations


class Writes:
    """Counts the item writes into one chest (both halves) at the RCON client."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.spots: tuple[str, ...] = ()
        self.count = 0

    def run(self, command: str) -> str:
        if self.spots and "item replace block" in command and any(s in command for s in self.spots):
            self.count += 1
        reply: str = self.inner.run(command)
        return reply


def test_a_waiting_players_screen_is_redrawn_at_most_every_two_seconds(
    sim_factory: Any, tmp_path: Path
) -> None:
    base = with_durations(table(rounds=1), turn=30.0, cpu_min=0.25, cpu_max=0.3)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=5)
    writes: dict[str, Writes] = {}
    host = rig.start_daemon(wrap=lambda c: writes.setdefault("w", Writes(c)))
    w = writes["w"]
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.hands.screen_of("Steve") is not None)
    screen = tbl.hands.screen_of("Steve")
    assert screen is not None and isinstance(screen.surface, ChestSurface)
    w.spots = tuple(f"block {x} {y} {z} " for x, y, z in (screen.surface.top, screen.surface.bottom))

    bursts: list[float] = []
    waiting_turns = 0
    handle = host.handle

    def measured(event: object) -> None:
        nonlocal waiting_turns
        acting_before = screen.acting or tbl.hands.may_act(screen)
        before, step = w.count, tbl.flow.step
        handle(event)
        if tbl.run is None or tbl.hands.screen_of("Steve") is not screen:
            return
        if not acting_before and not tbl.hands.may_act(screen):
            waiting_turns += tbl.flow.step != step  # a CPU played or passed while Steve waited
            if w.count > before:
                bursts.append(time.monotonic())

    host.handle = measured  # type: ignore[method-assign]
    rig.play_out("t1", ["Steve"], timeout=90)
    gaps = [b - a for a, b in itertools.pairwise(bursts)] or [OFF_TURN_REDRAW]
    # Without the wait, nearly every CPU turn rewrote the field and the turn marker in Steve's chest.
    assert waiting_turns >= 20 and len(bursts) <= waiting_turns // 3, (waiting_turns, len(bursts))
    # Each burst is one event's handling; the watch's look that draws a waiting screen comes at most
    # one look (0.8 s off turn) after the wait is over, never before it.
    assert min(gaps) >= OFF_TURN_REDRAW - 0.05, gaps
    assert rig.invalid() == []


def test_the_screen_shows_the_field_when_the_players_turn_comes(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=1), turn=30.0, cpu_min=0.25, cpu_max=0.3)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=5)
    rig.start_daemon()
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.hands.screen_of("Steve") is not None)
    checked = 0
    end = time.monotonic() + 60
    last_step = -1
    while tbl.run is not None and checked < 4 and time.monotonic() < end:
        screen = tbl.hands.screen_of("Steve")
        if screen is not None and tbl.hands.may_act(screen) and tbl.flow.step != last_step:
            last_step = tbl.flow.step
            _, want = tbl.hands.desired(screen)
            shown = {slot: cell.spec for slot, cell in (screen.drawn or {}).items()}
            assert shown == {slot: cell.spec for slot, cell in want.items()}
            checked += 1
            words = rig.move_for("t1", "Steve")
            if words is not None:
                rig.dfg("Steve", words)
        rig.host.step(0.05)
    assert checked >= 2


def test_the_turn_prompt_the_chat_hand_and_its_buttons_are_packed(sim_factory: Any, tmp_path: Path) -> None:
    """The turn's prompt, the clickable hand and 出す/パス go out in as few tellraws as fit (issue 19):
    two messages that follow each other could not have been one."""
    base = with_durations(table(rounds=1, seats=4), turn=30.0)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=5)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.run is not None)
    turns = 0
    end = time.monotonic() + 60
    while tbl.run is not None and turns < 4 and time.monotonic() < end:
        screen = tbl.hands.screen_of("Steve")
        to_steve = [c for c in sent["s"].commands if c.startswith("tellraw Steve ")]
        if screen is not None and tbl.hands.may_act(screen) and any("あなたの番" in c for c in to_steve):
            turn = to_steve[[i for i, c in enumerate(to_steve) if "あなたの番" in c][-1] :]
            turn = [c for c in turn if "/trigger" in c or "あなたの番" in c]
            assert "出す" in turn[-1] and len(turn) <= 4
            for a, b in itertools.pairwise(turn):
                assert len(a.encode("utf-8")) + len(b.encode("utf-8")) > 1446 - 40, (len(a), len(b))
            turns += 1
            words = rig.move_for("t1", "Steve")
            if words is not None:
                rig.dfg("Steve", words)
            sent["s"].commands.clear()
        rig.host.step(0.05)
    assert turns >= 2


def test_packing_puts_lines_in_the_fewest_commands() -> None:
    from dfg_bridge.model.text import Text
    from dfg_bridge.render import dialect_for

    r = dialect_for("1.21.6")
    short, long_ = Text("a" * 100), Text("b" * 900)
    assert len(r.tellraw_packed("Steve", [short, short, short])) == 1
    two = r.tellraw_packed("Steve", [short, long_, Text("c" * 600)])
    assert len(two) == 2 and "a" * 100 in two[0] and "b" * 900 in two[0]
    alone = r.tellraw_packed("Steve", [short, Text("d" * 1500), short])
    assert len(alone) == 3 and len(alone[1].encode()) > 1446  # too long alone: its own command


def test_after_a_play_that_ends_the_turn_only_the_hand_and_buttons_are_rewritten_at_once(
    sim_factory: Any, tmp_path: Path
) -> None:
    """A play by clicks: its cards leave the hand, and the buttons and the turn's clock show the new state
    at once, while the field row and the players' row follow the off-turn pace (the next CPU play changes
    them again, so drawing them now would be writes nobody reads; issue 19)."""
    from dfg_bridge.engine import Pass, Play
    from dfg_bridge.host.handscreen.layout import CHEST
    from tests.host.handscreen.handrig import Clicker, hand_rig, held_cards, start_cpu_match, world_cards

    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", turn=60.0, rounds=1)
    rig.start_daemon()
    start_cpu_match(rig)
    steve = Clicker(rig, "Steve")
    tbl = rig.table()
    assert rig.until(lambda: tbl.hands.screen_of("Steve") is not None)
    checked = 0
    end = time.monotonic() + 90
    while tbl.run is not None and checked < 2 and time.monotonic() < end:
        screen = tbl.hands.screen_of("Steve")
        if screen is None or not steve.may_act():
            rig.host.step(0.05)
            continue
        if isinstance(screen.surface, ChestSurface) and rig.ctl.player("Steve")["open"] is None:
            steve.open()
        rnd = tbl.run.round if tbl.run is not None else None
        assert rnd is not None
        plays = [a for a in rnd.legal_actions(steve.seat()) if isinstance(a, Play)]
        if not plays or rnd.field is None:
            steve.do(plays[0] if plays else Pass(steve.seat()))
            continue
        steve.do(plays[0])  # answers the field: the field row's paper and cards must change
        played_at = time.monotonic()
        if steve.may_act():
            continue  # the play ended nothing (a clear: Steve leads again)
        _, want = tbl.hands.desired(screen)
        shown = {slot: cell.spec for slot, cell in (screen.drawn or {}).items()}
        clicked = set(CHEST.hand_slots) | set(CHEST.buttons.values()) | {CHEST.time_slot}
        for slot in clicked:
            assert shown.get(slot) == (want[slot].spec if slot in want else None), slot
        assert any(shown.get(s) != (want[s].spec if s in want else None) for s in range(18)), "rows 1–2"
        assert "Steve" in tbl.hands.painter.pending
        if checked == 0:
            # While the rows wait, Steve takes the field's paper (a row not yet redrawn) and drops a
            # card-shaped stack of it: it comes back, nothing stays on him, nothing lies in the world.
            rig.ctl.click("Steve", 0, "pickup", 0)
            rig.ctl.click("Steve", -999, "pickup", 0)  # outside the window: thrown
            assert rig.until(lambda: held_cards(rig, "Steve") == 0 and world_cards(rig) == 0, 10)
        # Within the off-turn wait (and a look), or at Steve's next turn, the rows show the table.
        until = time.monotonic() + OFF_TURN_REDRAW + 2.0
        while "Steve" in tbl.hands.painter.pending and time.monotonic() < until:
            rig.host.step(0.05)
        assert "Steve" not in tbl.hands.painter.pending
        # The wait counts from the end of the turn (not from an earlier draw), unless the turn came back.
        assert steve.may_act() or time.monotonic() - played_at >= OFF_TURN_REDRAW - 0.1
        checked += 1
    assert checked >= 1
    assert rig.invalid() == []
