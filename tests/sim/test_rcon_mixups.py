"""Two RCON clients share vanilla's one console buffer (ARCHITECTURE §9).

Observed on a real vanilla 1.21.8 server with an admin panel beside the daemon (issue 13 §5): "a
reply can be empty on one connection and carry the other's output; once one output in both". The
simulated server keeps the buffer shared as ``RconConsoleSource`` does (cleared on the connection's
thread, written on the server thread, read back on the connection's thread) and can stage each of
these interleavings deterministically (``POST /rcon/mixups``), with a second, simulated client.
"""

from __future__ import annotations

import pytest

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient, ControlError
from tests.sim.rconraw import RawRcon

PASSWORD = "dfg-sim"
LIST = "There are 0 of a max of 20 players online: "
OBJECTIVES = "There are no objectives"


def _raw(sim: SimServer) -> RawRcon:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    return raw


def test_the_buffer_is_shared_by_every_connection(sim: SimServer) -> None:
    """The three steps of vanilla's ``runCommand``: another connection's prepare empties our output."""
    ex = sim.executor
    ex.rcon_prepare()
    ex.rcon_execute("list")
    ex.rcon_prepare()  # another connection starts its command before we read
    assert ex.rcon_response() == ""
    ex.rcon_execute("scoreboard objectives list")
    assert ex.rcon_response() == OBJECTIVES  # ... and whatever it runs is what we would read


def test_a_reply_can_be_empty_while_the_other_carries_our_output(sim: SimServer) -> None:
    ctl = ControlClient(sim.control_port)
    ctl.stage_mixup("^list$", "empty", command="scoreboard objectives list")
    raw = _raw(sim)
    assert raw.command("list", 10) == ""
    assert raw.command("list", 11) == LIST  # staged once
    (happened,) = ctl.mixups()["happened"]
    assert happened["reply"] == "" and happened["other_reply"] == LIST
    raw.close()


def test_one_output_can_reach_both_connections(sim: SimServer) -> None:
    ctl = ControlClient(sim.control_port)
    ctl.stage_mixup("^list", "swap", command="scoreboard objectives list")
    raw = _raw(sim)
    assert raw.command("list", 10) == OBJECTIVES
    (happened,) = ctl.mixups()["happened"]
    assert happened["reply"] == happened["other_reply"] == OBJECTIVES
    raw.close()


def test_a_reply_can_carry_the_others_output_after_ours(sim: SimServer) -> None:
    ctl = ControlClient(sim.control_port)
    ctl.stage_mixup("list", "append", command="scoreboard objectives list", times=2)
    raw = _raw(sim)
    assert raw.command("list", 10) == LIST + OBJECTIVES
    assert raw.command("list", 11) == LIST + OBJECTIVES
    assert raw.command("list", 12) == LIST
    assert ctl.mixups()["staged"] == []
    raw.close()


def test_staged_mixups_survive_a_restart(sim: SimServer) -> None:
    ctl = ControlClient(sim.control_port)
    ctl.stage_mixup("^list$", "empty")
    sim.restart()
    raw = _raw(sim)
    assert raw.command("list", 3) == ""
    raw.close()


@pytest.mark.parametrize(
    "body",
    [
        {"match": "(", "shape": "empty"},
        {"match": "list", "shape": "sideways"},
        {"match": "list", "shape": "empty", "times": 0},
        {"shape": "empty"},
    ],
)
def test_bad_mixups_are_refused(sim: SimServer, body: dict[str, object]) -> None:
    ctl = ControlClient(sim.control_port)
    with pytest.raises(ControlError) as err:
        ctl.request("POST", "/rcon/mixups", body)
    assert err.value.status == 400


def test_the_in_process_console_is_not_an_rcon_connection(sim: SimServer) -> None:
    """``SimServer.run_command`` (tests, tools) returns its own output, whatever RCON clients do."""
    ctl = ControlClient(sim.control_port)
    ctl.stage_mixup("^list$", "empty")
    ex = sim.executor
    ex.rcon_prepare()
    ex.rcon_execute("scoreboard objectives list")  # an RCON connection's output waits in the buffer
    assert sim.run_command("list") == LIST
    assert ex.rcon_response() == OBJECTIVES  # ... and is still there for that connection
    assert len(ctl.mixups()["staged"]) == 1
