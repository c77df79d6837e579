"""The daemon never dies on one bad event (issue 12 §3 and "What must hold").

A failure is injected into every handler type — every ``ServerEvent`` kind and every host event
(timer jobs, ticks, hand-screen polls, link changes, calls, shutdown) — in two ways: at the dispatch
(the handler itself raises) and deep inside (the next command the handler sends fails, as a broken
link or a bug in a view would). Each time the failure is logged once with the event as context, the
player concerned is told in their language, and the loop goes on: the same kind of event works right
after, and a whole match with CPU decisions that raise still ends with every item returned.
"""

from __future__ import annotations

import logging
import typing
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host import Call, LinkDown, LinkUp, Shutdown, Tick, TimerFired
from dfg_bridge.host.events import ChatDue, HostEvent
from dfg_bridge.host.handscreen.base import HandPoll
from dfg_bridge.host.host import GameHost
from dfg_bridge.host.intents import TriggerCode
from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerIdentified,
    PlayerJoined,
    PlayerLeft,
    ServerEvent,
    ServerExited,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
    TriggerFired,
)
from dfg_bridge.stats.protocol import (
    AdminDone,
    Health,
    ProfileAnswer,
    Recorded,
    Reply,
    TopAnswer,
    Unavailable,
)
from tests.host.audit import slots
from tests.host.rig import Rig, make_rig

INTERNAL = "エラーが起きました"


class FlakySink:
    """Passes commands through; ``arm()`` makes the next one fail (before it is sent)."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.armed, self.failures = inner, 0, 0

    def arm(self, n: int = 1) -> None:
        self.armed = n

    def run(self, command: str) -> str:
        if self.armed:
            self.armed -= 1
            self.failures += 1
            raise RuntimeError(f"injected failure before {command[:40]!r}")
        reply: str = self.inner.run(command)
        return reply


def _rig(sim_factory: Any, tmp_path: Path) -> tuple[Rig, FlakySink, list[tuple[object, Exception]]]:
    sinks: list[FlakySink] = []

    def wrap(inner: Any) -> FlakySink:
        sinks.append(FlakySink(inner))
        return sinks[-1]

    rig = make_rig(sim_factory, tmp_path, version="1.21.6", flavor="paper")
    host = rig.start_daemon(wrap=wrap)
    failures: list[tuple[object, Exception]] = []
    host.on_failure = lambda event, exc: failures.append((event, exc))
    return rig, sinks[0], failures


def _events(rig: Rig) -> dict[type, object]:
    """One event of every kind the main loop consumes, aimed at Steve and table t1."""
    table = rig.table()
    return {
        PlayerCommand: PlayerCommand("Steve", ("status",), CommandSource.TYPED),
        TriggerFired: TriggerFired("Steve", "dfg", int(TriggerCode.HAND)),
        PlayerJoined: PlayerJoined("Steve"),
        PlayerIdentified: PlayerIdentified("Steve", "50a4e538-0000-3000-8000-000000000001"),
        PlayerLeft: PlayerLeft("Steve"),
        ServerStarted: ServerStarted(),
        ServerStopping: ServerStopping(),
        ServerExited: ServerExited(1),
        ServerVersionSeen: ServerVersionSeen("1.21.6"),
        TimerFired: TimerFired("t1", table.flow.timer.token),
        ChatDue: ChatDue(table.names.team, 1),
        Tick: Tick(),
        LinkUp: LinkUp(),
        LinkDown: LinkDown(),
        Shutdown: Shutdown(restore=True),
        Call: Call("probe"),
        HandPoll: HandPoll("t1", table.hands.watch._token),
        Recorded: Recorded("m1", "t1", False, 1, (), ()),
        ProfileAnswer: ProfileAnswer("Steve", "Steve", 1, None),
        TopAnswer: TopAnswer("Steve", 1, ()),
        AdminDone: AdminDone("Steve", "season", "2"),
        Unavailable: Unavailable("Steve", "down"),
        Health: Health(False, 1),
    }


KINDS = (
    PlayerCommand, TriggerFired, PlayerJoined, PlayerIdentified, PlayerLeft, ServerStarted, ServerStopping,
    ServerExited, ServerVersionSeen, TimerFired, ChatDue, Tick, LinkUp, LinkDown, Shutdown, Call, HandPoll,
    Recorded, ProfileAnswer, TopAnswer, AdminDone, Unavailable, Health,
)  # fmt: skip
"""Every kind of event the main loop consumes: server events, host events, hand polls, stats replies."""


def test_every_event_kind_is_covered() -> None:
    kinds = set(typing.get_args(ServerEvent)) | set(typing.get_args(HostEvent)) | {HandPoll}
    kinds |= set(typing.get_args(Reply))
    missing = kinds - set(KINDS)
    assert not missing, f"add a failure case for {missing}"


@pytest.mark.parametrize("kind", [k.__name__ for k in KINDS])
def test_a_handler_that_raises_is_logged_once_and_the_loop_goes_on(
    sim_factory: Any, tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    rig, _sink, failures = _rig(sim_factory, tmp_path)
    rig.join("Steve")
    event = next(e for t, e in _events(rig).items() if t.__name__ == kind)
    real = GameHost._dispatch

    def broken(self: GameHost, ev: object) -> None:
        if ev is event:
            raise RuntimeError(f"injected into the {kind} handler")
        real(self, ev)

    monkeypatch.setattr(GameHost, "_dispatch", broken)
    caplog.set_level(logging.ERROR, logger="dfg_bridge")
    rig.host.handle(event)  # must not raise
    assert [e for e, _ in failures] == [event]
    logged = [r for r in caplog.records if "injected" in r.getMessage()]
    assert len(logged) == 1 and repr(event) in logged[0].getMessage()
    rig.settle(0.2)
    if kind in ("PlayerCommand", "TriggerFired", "PlayerJoined", "PlayerIdentified"):
        assert any(INTERNAL in line for line in rig.chat("Steve"))
    assert not rig.host.stopped
    rig.dfg("Steve", "join")  # the loop goes on
    assert rig.until(lambda: "Steve" in rig.table().lobby)


@pytest.mark.parametrize("case", ["command", "trigger", "joined", "left", "tick", "link_up", "timer", "poll"])
def test_a_failing_command_inside_any_handler_is_survived(
    sim_factory: Any, tmp_path: Path, case: str, caplog: Any
) -> None:
    rig, sink, failures = _rig(sim_factory, tmp_path)
    rig.join("Steve", "Alex")
    rig.give("Steve", "diamond", 64)
    mine = slots(rig.sim, "Steve")
    host, table = rig.host, rig.table()
    if case == "command":
        sink.arm()
        rig.dfg("Steve", "join")  # custody's first read fails: nothing was taken
        assert rig.until(lambda: bool(failures))
        assert slots(rig.sim, "Steve") == mine and rig.host.ledger.all() == []
        assert any(INTERNAL in line for line in rig.chat("Steve"))
    elif case == "trigger":
        sink.arm()
        host.handle(TriggerFired("Steve", "dfg", int(TriggerCode.JOIN)))
        assert any(INTERNAL in line for line in rig.chat("Steve"))
    elif case == "joined":
        rig.ctl.disconnect("Alex")
        rig.settle(0.2)
        sink.arm()
        rig.join("Alex")
        assert rig.until(lambda: bool(failures))
    elif case == "left":
        rig.dfg("Alex", "join")
        assert rig.until(lambda: "Alex" in table.lobby)
        sink.arm()
        rig.ctl.disconnect("Alex")
        assert rig.until(lambda: bool(failures) or "Alex" not in host.ctx.online)
    elif case == "link_up":
        sink.arm()
        host.handle(LinkUp())
    elif case in ("timer", "poll", "tick"):
        rig.dfg("Steve", "join")
        assert rig.until(lambda: "Steve" in table.lobby)
        rig.dfg("Steve", "start cpu")
        assert rig.until(lambda: table.run is not None)
        rig.settle(0.3)
        if case in ("poll", "tick"):  # screens are polled, and the countdown shown, on Steve's turn
            assert rig.until(lambda: rig.move_for("t1", "Steve") is not None, 20)
        sink.arm()
        if case == "timer":
            now = host.ctx.clock()
            table.flow.timer.deadline = (
                now - 1
            )  # whoever is awaited is due now: a CPU plays or Steve times out
            table.flow.timer.cpu_due = dict.fromkeys(range(8), now - 1)
            host.handle(TimerFired("t1", table.flow.timer.token))
        elif case == "poll":
            host.handle(HandPoll("t1", table.hands.watch._token))
        else:
            # a countdown no turn timer shows, so the tick must redraw it: a command
            table.flow.timer.deadline = host.ctx.clock() + 999
            host.handle(Tick())
    assert sink.failures == 1
    # Logged once: as the event's failure, or (a tick's work is per table) as that table's.
    isolated = [r for r in caplog.records if "injected" in str(r.exc_info) and r.levelno >= logging.ERROR]
    assert len(failures) + len(isolated) >= 1 and len(failures) <= 1
    assert not host.stopped
    # The same kinds of events work right after, and a whole match still runs and ends.
    if "Steve" not in table.lobby:
        rig.dfg("Steve", "join")
        assert rig.until(lambda: "Steve" in table.lobby)
    if table.run is None:
        rig.dfg("Steve", "start cpu")
        assert rig.until(lambda: table.run is not None)
    rig.play_out("t1", ["Steve"], timeout=60)
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: host.ledger.get("Steve") is None)
    rig.settle(0.2)
    assert slots(rig.sim, "Steve") == mine
    assert sink.failures == 1


class _BrokenCpu:
    def decide(self, observation: Any, legal: Any) -> Any:
        raise RuntimeError("a CPU player's bug")


def test_cpu_decisions_that_raise_do_not_stall_the_match(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, version="1.21.6", flavor="paper")
    rig.start_daemon(cpu=_BrokenCpu())
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: rig.table().run is not None)
    rig.play_out("t1", ["Steve"], timeout=60)
    assert not rig.host.stopped
