"""``GET /world``, ``GET /stats`` and the Python API around them."""

from __future__ import annotations

import pytest

from dfg_bridge.sim import SimOptions, SimServer
from dfg_bridge.sim.control import ControlClient, ControlError
from dfg_bridge.sim.errors import SimError


def test_world_view_lists_what_the_daemon_built(sim: SimServer) -> None:
    run = sim.run_command
    run("setblock 0 64 0 chest")
    run('data merge block 0 64 0 {CustomName:{text:"席1"},lock:{items:"minecraft:book"}}')
    run("item replace block 0 64 0 container.4 with red_dye 3")
    run('setblock 1 64 0 oak_sign{front_text:{messages:[{text:"参加"},"","",""]}}')
    run('summon text_display 0 66 0 {Tags:["dfg","center"],text:{text:"場: ♥Q"}}')
    run('scoreboard objectives add dfg trigger {text:"大富豪"}')
    run("team add dfg")
    run('team modify dfg prefix {text:"【大富豪】"}')
    run('bossbar add dfg:t1 {text:"Turn"}')
    run("forceload add 0 0")
    world = ControlClient(sim.control_port).world()
    (chest,) = world["containers"]
    assert chest["pos"] == [0, 64, 0] and chest["custom_name"] == "席1" and chest["size"] == 27
    assert chest["lock"] == {"items": "minecraft:book"} and chest["items"]["4"]["count"] == 3
    assert world["signs"][0]["lines"] == ["参加", "", "", ""]
    assert world["entities"][0]["text"] == "場: ♥Q" and world["entities"][0]["tags"] == ["dfg", "center"]
    assert world["objectives"]["dfg"]["criterion"] == "trigger"
    assert world["objectives"]["dfg"]["display_name"] == "大富豪"
    assert world["teams"]["dfg"]["prefix"] == "【大富豪】"
    assert world["bossbars"]["dfg:t1"]["name"] == "Turn"
    assert world["forced_chunks"] == [[0, 0]]
    assert world["version"] == "1.21.6"


def test_unknown_player_and_route_are_404(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    for method, path in (("GET", "/players/Nobody"), ("GET", "/nowhere"), ("POST", "/players/Nobody/dance")):
        with pytest.raises(ControlError) as err:
            c.request(method, path, {} if method == "POST" else None)
        assert err.value.status == 404
    with pytest.raises(ControlError) as err:
        c.chat("Nobody", "hi")
    assert err.value.status == 404 and err.value.code == "not_online"


def test_stats_count_commands_and_connections(sim: SimServer) -> None:
    sim.run_command("list")
    sim.run_command("nope")
    stats = ControlClient(sim.control_port).stats()
    assert stats["commands_valid"] == 1 and stats["commands_invalid"] == 1
    assert stats["by_command"] == {"list": 1}
    assert stats["running"] is True and stats["flavor"] == "paper" and stats["version"] == "1.21.6"


def test_options_are_checked() -> None:
    with pytest.raises(SimError):
        SimOptions(service_ms=-1)
    with pytest.raises(SimError) as err:
        SimServer(SimOptions(version="1.19.4"))
    assert err.value.code == "bad_version"


def test_service_time_can_change_while_running(sim: SimServer) -> None:
    sim.service_ms = 3.0
    assert sim.executor.service_ms == pytest.approx(3.0)
    sim.service_ms = 0.0
    assert sim.service_ms == 0.0


def test_context_manager_and_disabled_control_api(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with SimServer(SimOptions(directory=tmp_path, control_port=-1, service_ms=0)) as server:
        assert server.control_port == -1 and server.rcon_port > 0
        assert server.run_command("list").startswith("There are 0")
    assert not server.running


def test_empty_password_disables_rcon(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with SimServer(SimOptions(directory=tmp_path, rcon_password="", service_ms=0)) as server:
        assert "No rcon password set in server.properties, rcon disabled!" in server.log_path.read_text(
            "utf-8"
        )
        assert server.run_command("list").startswith("There are 0")
