"""TriggerPoll against the sim's real /trigger locking: no press lost, none reported twice."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from dfg_bridge.model.events import ServerEvent, TriggerFired
from dfg_bridge.rcon import RconClient, RconError, RconErrorCode
from dfg_bridge.sim.control import ControlClient
from dfg_bridge.sources import TriggerPoll
from tests.sources.helpers import take

SimFactory = Callable[..., Any]


def pressed(control: ControlClient, player: str, value: int) -> bool:
    """Run ``/trigger dfg set <value>`` as the player; True if vanilla said "Triggered …"."""
    feedback = control.command(player, f"trigger dfg set {value}")["feedback"]
    return any(line.startswith("Triggered [dfg]") for line in feedback)


class Setup:
    def __init__(self, sim: Any) -> None:
        self.sim = sim
        self.client = RconClient("127.0.0.1", sim.rcon_port, sim.options.rcon_password)
        self.control = ControlClient(sim.control_port)
        self.events: queue.Queue[ServerEvent] = queue.Queue()

    def press(self, player: str, value: int) -> bool:
        """The player clicks a /trigger button; False if the score is still locked."""
        return pressed(self.control, player, value)

    def score(self, player: str) -> str:
        return self.client.run(f"scoreboard players get {player} dfg")


@pytest.fixture
def setup(sim_factory: SimFactory) -> Setup:
    return Setup(sim_factory(flavor="vanilla"))


def drain(events: queue.Queue[ServerEvent]) -> list[ServerEvent]:
    out = []
    while not events.empty():
        out.append(events.get_nowait())
    return out


def test_a_press_is_reported_once_and_the_player_can_press_again(setup: Setup) -> None:
    poll = TriggerPoll(setup.client, setup.events)
    poll.poll_once()  # creates the objective, unlocks nobody yet (nobody online)
    setup.control.join("Steve")
    assert not setup.press("Steve", 105), "a new player is locked until the poll unlocks them"
    assert poll.poll_once() == []
    assert setup.press("Steve", 105)
    assert not setup.press("Steve", 106), "triggering locks the score"
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 105)]
    assert drain(setup.events) == [TriggerFired("Steve", "dfg", 105)]
    assert setup.score("Steve") == "Steve has 0 [dfg]"
    assert poll.poll_once() == []
    assert setup.press("Steve", 105)  # the same button again is a new press
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 105)]


def test_several_players_in_one_poll(setup: Setup) -> None:
    poll = TriggerPoll(setup.client, setup.events)
    names = ["Steve", "Alex", ".Bedrock_Kid"]
    for name in names:
        setup.control.join(name)
    poll.poll_once()
    for n, name in enumerate(names, start=1):
        assert setup.press(name, n)
    fired = poll.poll_once()
    expected = [TriggerFired(name, "dfg", n) for n, name in enumerate(names, 1)]
    assert sorted(fired, key=lambda e: e.value) == expected


def test_negative_and_zero_presses_are_discarded_but_unlock(setup: Setup) -> None:
    poll = TriggerPoll(setup.client, setup.events)
    setup.control.join("Steve")
    poll.poll_once()
    assert setup.press("Steve", -5)
    assert poll.poll_once() == []
    assert setup.press("Steve", 0)
    assert poll.poll_once() == []
    assert setup.press("Steve", 7)
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 7)]


class Flaky:
    """Wraps the real client; fails the next command matching ``word`` before or after running it."""

    def __init__(self, client: RconClient) -> None:
        self.client = client
        self.fail: tuple[str, bool] | None = None

    def run(self, command: str) -> str:
        if self.fail is not None and self.fail[0] in command:
            word, applied = self.fail
            self.fail = None
            if applied:
                self.client.run(command)  # it ran, but the reply was lost
            raise RconError(RconErrorCode.DISCONNECTED, f"injected failure on {word!r}")
        return self.client.run(command)


@pytest.mark.parametrize("applied", [False, True], ids=["reset-not-applied", "reset-applied-reply-lost"])
def test_a_failed_reset_neither_loses_nor_repeats_a_press(setup: Setup, applied: bool) -> None:
    flaky = Flaky(setup.client)
    poll = TriggerPoll(flaky, setup.events)
    setup.control.join("Steve")
    poll.poll_once()
    assert setup.press("Steve", 42)
    flaky.fail = ("players set", applied)
    with pytest.raises(RconError):
        poll.poll_once()
    assert drain(setup.events) == [TriggerFired("Steve", "dfg", 42)]
    # the unlock step did not run, so Steve cannot press again before a read confirms the reset
    assert not setup.press("Steve", 42)
    assert poll.poll_once() == []
    assert drain(setup.events) == []
    assert setup.press("Steve", 42)  # a genuine second press of the same button
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 42)]


def test_a_lost_read_reply_reports_the_press_on_the_next_poll(setup: Setup) -> None:
    flaky = Flaky(setup.client)
    poll = TriggerPoll(flaky, setup.events)
    setup.control.join("Steve")
    poll.poll_once()
    assert setup.press("Steve", 9)
    flaky.fail = ("players get", True)
    with pytest.raises(RconError):
        poll.poll_once()
    assert drain(setup.events) == []
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 9)]


def test_racing_players_lose_nothing(setup: Setup) -> None:
    """Four players press 25 distinct buttons each as fast as the lock allows while the poll runs."""
    players = ["Steve", "Alex", "Notch_", "Kid_01"]
    presses = 25
    for name in players:
        setup.control.join(name)
    poll = TriggerPoll(setup.client, setup.events, interval=0.005)
    poll.poll_once()
    poll.start()
    done: dict[str, list[int]] = {name: [] for name in players}
    refused = [0]

    def player(name: str, base: int) -> None:
        control = ControlClient(setup.sim.control_port)
        for i in range(presses):
            value = base + i
            while not pressed(control, name, value):
                refused[0] += 1  # still locked: the poll has not taken the last press yet
                time.sleep(0.001)
            done[name].append(value)

    threads = [threading.Thread(target=player, args=(name, 1000 * (n + 1))) for n, name in enumerate(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    got = take(setup.events, presses * len(players), timeout=20.0)
    assert poll.stop(2.0)
    assert poll.error is None
    by_player: dict[str, list[int]] = {name: [] for name in players}
    for event in got:
        assert isinstance(event, TriggerFired)
        by_player[event.player].append(event.value)
    assert by_player == done
    assert drain(setup.events) == []
    assert refused[0] > 0, "the race never happened: players were never made to wait"


def test_thread_survives_a_server_restart(setup: Setup) -> None:
    poll = TriggerPoll(setup.client, setup.events, interval=0.01)
    setup.control.join("Steve")
    poll.start()
    try:
        deadline = time.monotonic() + 5
        while not setup.press("Steve", 1):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert take(setup.events, 1) == [TriggerFired("Steve", "dfg", 1)]
        setup.control.restart(rejoin=True)
        deadline = time.monotonic() + 5
        while not setup.press("Steve", 2):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert take(setup.events, 1) == [TriggerFired("Steve", "dfg", 2)]
    finally:
        assert poll.stop(2.0)
    assert poll.error is None


def test_bad_arguments() -> None:
    sink: queue.Queue[ServerEvent] = queue.Queue()
    client = RconClient("127.0.0.1", 1, "x")
    with pytest.raises(ValueError, match="objective"):
        TriggerPoll(client, sink, objective="bad name")
    with pytest.raises(ValueError, match="interval"):
        TriggerPoll(client, sink, interval=0)


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.6"])
def test_poll_commands_pass_the_grammar_of_every_version(sim_factory: SimFactory, version: str) -> None:
    setup = Setup(sim_factory(version=version, flavor="vanilla"))
    poll = TriggerPoll(setup.client, setup.events)
    setup.control.join("Steve")
    poll.poll_once()
    assert setup.press("Steve", 3)
    assert poll.poll_once() == [TriggerFired("Steve", "dfg", 3)]
    log = setup.control.commands()
    assert log["invalid"] == [] and log["invalid_count"] == 0
