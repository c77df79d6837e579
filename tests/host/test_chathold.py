"""Team chat held briefly and sent together (``chat.hold_seconds``, issue 19).

Real parts: the sim, the daemon's wiring and its loop. A team line waits up to the hold time for the
next ones and they go out as one ``tellraw``; the hold's end wakes the loop by itself; a message to
one of the team's players, a stop, a pause and the shutdown send what waits first, so nothing is lost
and the order is kept; hold 0 sends every line at once, as before.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host import Mode
from dfg_bridge.host.chathold import chat_target
from dfg_bridge.model.text import Text
from tests.host.rig import Rig, make_rig, settings, table, with_durations

TEAM = "dfg_t1"


class Sent:
    """Records every command the daemon sends (and when), passing it on."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.commands: list[tuple[float, str]] = []
        self.check: Any = None

    def run(self, command: str) -> str:
        if self.check is not None:
            self.check(command)
        self.commands.append((time.monotonic(), command))
        reply: str = self.inner.run(command)
        return reply

    def to_team(self) -> list[tuple[float, str]]:
        return [(at, c) for at, c in self.commands if chat_target(c) == f"@a[team={TEAM}]"]


def _rig(sim_factory: Any, tmp_path: Path, hold: float, **durations: float) -> tuple[Rig, Sent]:
    base = with_durations(table(cpu_total=4), **durations) if durations else table(cpu_total=4)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base, chat_hold=hold))
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.settle(0.2)  # Steve is on the team now (the display sync)
    rig.host.ctx.flush_chat()  # the join line
    return rig, sent["s"]


def _chat(rig: Rig) -> str:
    return "\n".join(rig.chat("Steve"))


def test_lines_within_the_hold_go_out_together_when_it_ends(sim_factory: Any, tmp_path: Path) -> None:
    rig, sent = _rig(sim_factory, tmp_path, hold=0.6)
    before = len(sent.to_team())
    ctx = rig.host.ctx
    start = time.monotonic()
    ctx.to_team(TEAM, Text("一行目"))
    ctx.to_team(TEAM, Text("二行目"), Text("三行目"))
    assert len(sent.to_team()) == before  # held
    # Nothing else happens: the hold's own wake sends them, as one command.
    assert rig.until(lambda: len(sent.to_team()) > before, 5)
    rig.settle(0.3)
    new = sent.to_team()[before:]
    assert len(new) == 1
    at, command = new[0]
    assert at - start >= 0.6 - 0.01
    assert at - start < 0.6 + 0.5
    assert command.index("一行目") < command.index("二行目") < command.index("三行目")
    assert "一行目\n二行目\n三行目" in _chat(rig)
    assert rig.invalid() == []


def test_a_message_to_a_player_of_the_team_sends_the_held_lines_first(
    sim_factory: Any, tmp_path: Path
) -> None:
    rig, sent = _rig(sim_factory, tmp_path, hold=10.0)
    ctx = rig.host.ctx
    # Steve is the team's only player: the held lines and his message are one tellraw, in order.
    ctx.to_team(TEAM, Text("CPU1: ♠3"))
    ctx.to_team(TEAM, Text("CPU2: パス"))
    mark = len(sent.commands)
    ctx.tell_text("Steve", Text("あなたへ"))
    (command,) = [c for _, c in sent.commands[mark:]]
    assert command.startswith("tellraw Steve ")
    assert command.index("CPU1: ♠3") < command.index("CPU2: パス") < command.index("あなたへ")
    assert rig.host.chat.held(TEAM) == []
    rig.settle(0.2)
    text = _chat(rig)
    assert text.index("CPU1: ♠3") < text.index("CPU2: パス") < text.index("あなたへ")
    # With Alex on the team too: the held lines to the team first, then the personal one.
    rig.join("Alex")
    rig.dfg("Alex", "join")
    assert rig.until(lambda: "Alex" in rig.table().lobby)
    rig.settle(0.2)
    ctx.flush_chat()
    ctx.to_team(TEAM, Text("CPU3: ♥4"))
    mark = len(sent.commands)
    ctx.tell_text("Steve", Text("二度目"))
    assert [c.split(" ", 2)[1] for _, c in sent.commands[mark:]] == [f"@a[team={TEAM}]", "Steve"]
    rig.settle(0.2)
    assert "CPU3: ♥4" in "\n".join(rig.chat("Alex"))
    # Someone on no table does not send the team's lines.
    rig.join("Bob")
    ctx.to_team(TEAM, Text("まだ"))
    ctx.tell_text("Bob", Text("別の人へ"))
    assert [line.plain() for line in rig.host.chat.held(TEAM)] == ["まだ"]


def test_every_turn_prompt_comes_after_the_plays_before_it(sim_factory: Any, tmp_path: Path) -> None:
    rig, sent = _rig(sim_factory, tmp_path, hold=2.0, cpu_min=0.05, cpu_max=0.3, turn=30.0)
    chat = rig.host.chat
    personal: list[str] = []

    def check(command: str) -> None:
        if chat_target(command) == "Steve":
            personal.append(command)
            assert chat.held(TEAM) == [], command  # nothing for Steve's team still waits

    sent.check = check
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: rig.table().run is not None)
    rig.play_out("t1", ["Steve"], timeout=90)
    sent.check = None
    assert any(c.startswith("dialog show Steve") for c in personal)  # turns were notified
    rig.settle(0.2)
    assert chat.held(TEAM) == []
    assert rig.invalid() == []


@pytest.mark.parametrize("how", ["pause", "stop", "leave", "shutdown"])
def test_nothing_held_is_lost(sim_factory: Any, tmp_path: Path, how: str) -> None:
    rig, sent = _rig(sim_factory, tmp_path, hold=10.0, cpu_min=5.0, cpu_max=5.0, turn=30.0)
    tbl = rig.table()
    if how == "pause":
        tbl.start_match(Mode.CPU, ["Steve"])
        rig.settle(0.2)
    rig.host.ctx.to_team(TEAM, Text("待っていた行"))
    before = len(sent.to_team())
    if how == "pause":
        tbl.pause(None)
    elif how == "stop":
        tbl.stop()
    elif how == "leave":
        rig.dfg("Steve", "leave")
        assert rig.until(lambda: "Steve" not in tbl.lobby)
    else:
        rig.stop_daemon()
    assert len(sent.to_team()) > before
    rig.until(lambda: "待っていた行" in _chat(rig), 3)
    assert "待っていた行" in _chat(rig)  # Steve was still on the team when it went out


def test_hold_zero_sends_each_line_at_once(sim_factory: Any, tmp_path: Path) -> None:
    rig, sent = _rig(sim_factory, tmp_path, hold=0.0)
    before = len(sent.to_team())
    rig.host.ctx.to_team(TEAM, Text("すぐ"))
    assert len(sent.to_team()) == before + 1
    rig.host.ctx.to_team(TEAM, Text("また"), Text("すぐ"))
    assert len(sent.to_team()) == before + 2  # lines of one call still share a command, as before
    assert rig.host.chat.held(TEAM) == []


def _team_commands_per_play(rig: Rig, sent: Sent) -> float:
    tbl = rig.table()
    before = len(sent.to_team())
    tbl.start_match(Mode.CPU, [])
    assert rig.until(lambda: tbl.flow.step >= 25, 30)
    tbl.stop()
    return (len(sent.to_team()) - before) / tbl.flow.step


def test_holding_sends_fewer_team_commands_over_the_same_plays(sim_factory: Any, tmp_path: Path) -> None:
    """CPUs alone play an exhibition: the play log costs fewer commands held than sent at once."""
    per_play: dict[float, float] = {}
    for hold in (0.0, 1.0):
        rig, sent = _rig(sim_factory, tmp_path / str(hold), hold=hold, cpu_min=0.15, cpu_max=0.25)
        per_play[hold] = _team_commands_per_play(rig, sent)
        rig.stop_daemon()
    assert per_play[1.0] < 0.6 * per_play[0.0], per_play


def test_a_reload_that_turns_holding_off_sends_what_waits_first(sim_factory: Any, tmp_path: Path) -> None:
    rig, _sent = _rig(sim_factory, tmp_path, hold=10.0)
    ctx = rig.host.ctx
    ctx.to_team(TEAM, Text("前から"))
    ctx.settings = dataclasses.replace(ctx.settings, chat_hold=0.0)  # as `admin reload` does
    ctx.to_team(TEAM, Text("後から"))
    assert rig.host.chat.held(TEAM) == []
    rig.settle(0.2)
    text = _chat(rig)
    assert text.index("前から") < text.index("後から")
