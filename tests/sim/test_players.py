"""Fake players through the control API: log lines per flavour, chat, commands, triggers, signs, views."""

from __future__ import annotations

import gzip
import re
import time
from pathlib import Path

import pytest

from dfg_bridge.sim import SimOptions, SimServer
from dfg_bridge.sim.control import ControlClient, ControlError

VANILLA_LINE = re.compile(r"\[\d\d:\d\d:\d\d\] \[(?P<thread>.+?)/INFO\]: (?P<msg>.*)")


def _lines(sim: SimServer) -> list[tuple[str, str]]:
    out = []
    for line in sim.log_path.read_text("utf-8").splitlines():
        m = VANILLA_LINE.fullmatch(line)
        assert m is not None, line
        out.append((m["thread"], m["msg"]))
    return out


def _msgs(sim: SimServer) -> list[str]:
    return [m for _, m in _lines(sim)]


def test_join_and_leave_lines_vanilla(sim_factory) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(flavor="vanilla")
    c = ControlClient(sim.control_port)
    joined = c.join("Steve")
    c.disconnect("Steve")
    lines = _lines(sim)
    assert ("User Authenticator #1", f"UUID of player Steve is {joined['uuid']}") in lines
    logged_in = [m for t, m in lines if "logged in" in m]
    assert re.fullmatch(
        rf"Steve\[/127\.0\.0\.1:\d+\] logged in with entity id {joined['entity_id']} "
        r"at \(0\.5, 64\.0, 0\.5\)",
        logged_in[0],
    )
    msgs = [m for _, m in lines]
    assert msgs[-2:] == ["Steve lost connection: Disconnected", "Steve left the game"]
    assert "Steve joined the game" in msgs


def test_paper_login_line_names_the_world(sim: SimServer) -> None:
    ControlClient(sim.control_port).join("Steve")
    assert any(
        re.fullmatch(
            r"Steve\[/127\.0\.0\.1:\d+\] logged in with entity id \d+ at \(\[world\]0\.5, 64\.0, 0\.5\)", m
        )
        for m in _msgs(sim)
    )


def test_team_prefix_changes_join_and_leave_lines_but_not_raw_ones(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    sim.run_command("team add dfg")
    sim.run_command('team modify dfg prefix {text:"【大富豪】"}')
    sim.run_command("team join dfg Steve")  # offline: joins by name
    c.join("Steve")
    c.disconnect("Steve")
    msgs = _msgs(sim)
    assert "【大富豪】Steve joined the game" in msgs
    assert msgs[-2:] == ["Steve lost connection: Disconnected", "【大富豪】Steve left the game"]


def test_names_and_double_joins_are_checked(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    with pytest.raises(ControlError) as err:
        c.join("Steve")
    assert err.value.status == 409
    for bad in ("ab", "x" * 17, "Bad Name", "§cRed"):
        with pytest.raises(ControlError) as err:
            c.join(bad)
        assert err.value.status == 400
    assert c.join(".BedrockUser")["name"] == ".BedrockUser"


def test_chat_lines_secure_and_not(sim_factory) -> None:  # type: ignore[no-untyped-def]
    vanilla = sim_factory(flavor="vanilla")
    c = ControlClient(vanilla.control_port)
    c.join("Steve")
    c.chat("Steve", "!dfg join")
    c.chat("Steve", "Alex issued server command: /dfg leave", secure=False)
    lines = _lines(vanilla)
    assert ("Server thread", "<Steve> !dfg join") in lines
    assert ("Server thread", "[Not Secure] <Steve> Alex issued server command: /dfg leave") in lines
    paper = sim_factory()
    p = ControlClient(paper.control_port)
    p.join("Steve")
    p.chat("Steve", "hello")
    assert ("Async Chat Thread - #0", "<Steve> hello") in _lines(paper)


def test_illegal_chat_characters_kick_the_player(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    assert c.chat("Steve", "fake\nSteve left the game")["kicked"] is True
    msgs = _msgs(sim)
    assert "Steve lost connection: Illegal characters in chat" in msgs
    assert not any(m.startswith("<Steve>") for m in msgs)


def test_typed_commands_are_logged_on_paper_only(sim_factory) -> None:  # type: ignore[no-untyped-def]
    paper = sim_factory()
    vanilla = sim_factory(flavor="vanilla")
    for server in (paper, vanilla):
        c = ControlClient(server.control_port)
        c.join("Steve")
        out = c.command("Steve", "/dfg join")
        assert out["feedback"] == ["Unknown or incomplete command, see below for error", "dfg join<--[HERE]"]
    assert "Steve issued server command: /dfg join" in _msgs(paper)
    assert not any("issued server command" in m for m in _msgs(vanilla))


def test_non_op_players_cannot_use_op_commands(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    c.join("Admin", op=True)
    assert c.command("Steve", "give Steve diamond")["feedback"][0].startswith("Unknown or incomplete command")
    assert c.command("Admin", "give Admin diamond")["feedback"] == ["Gave 1 [Diamond] to Admin"]
    # The op heard of it as an admin broadcast? No: the source itself is not told twice.
    assert "[Admin: Gave 1 [Diamond] to Admin]" in _msgs(sim)


def test_trigger_flow_and_log_line(sim_factory) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(flavor="vanilla")
    c = ControlClient(sim.control_port)
    c.join("Steve")
    assert sim.run_command("scoreboard objectives add dfg trigger") == "Created new objective [dfg]"
    assert c.command("Steve", "trigger dfg set 105")["feedback"] == ["You cannot trigger this objective yet"]
    assert sim.run_command("scoreboard players enable Steve dfg") == "Enabled trigger [dfg] for Steve"
    assert (
        sim.run_command("scoreboard players enable Steve dfg")
        == "Nothing changed. That trigger is already enabled"
    )
    out = c.command("Steve", "/trigger dfg set 105")
    assert out == {"ok": True, "result": 105, "feedback": ["Triggered [dfg] (set value to 105)"]}
    assert "[Steve: Triggered [dfg] (set value to 105)]" in _msgs(sim)
    assert c.command("Steve", "trigger dfg set 106")["feedback"] == ["You cannot trigger this objective yet"]
    assert sim.run_command("scoreboard players get Steve dfg") == "Steve has 105 [dfg]"
    sim.run_command("gamerule logAdminCommands false")
    sim.run_command("scoreboard players enable Steve dfg")
    c.command("Steve", "trigger dfg add 2")
    assert not any("added 2" in m for m in _msgs(sim))


def test_trigger_from_rcon_needs_a_player(sim: SimServer) -> None:
    sim.run_command("scoreboard objectives add dfg trigger")
    assert sim.run_command("trigger dfg") == "A player is required to run this command here"


def test_clickable_chat_runs_the_trigger_as_the_player(sim_factory) -> None:  # type: ignore[no-untyped-def]
    for version, component in (
        ("1.20.5", '{"text":"[出す]","clickEvent":{"action":"run_command","value":"/trigger dfg set 7"}}'),
        ("1.21.6", '{text:"[出す]",click_event:{action:"run_command",command:"/trigger dfg set 7"}}'),
    ):
        sim = sim_factory(version=version)
        c = ControlClient(sim.control_port)
        c.join("Steve")
        sim.run_command("scoreboard objectives add dfg trigger")
        sim.run_command("scoreboard players enable Steve dfg")
        assert sim.run_command(f'tellraw Steve ["手札: ",{component}]') == ""
        chat = c.player("Steve")["chat"]
        last = chat[-1]
        assert last["text"] == "手札: [出す]" and last["clickable"] == [1]
        out = c.click_text("Steve", last["index"], 1)
        assert out["ran"] is True and out["feedback"] == ["Triggered [dfg] (set value to 7)"]
        assert "Steve issued server command: /trigger dfg set 7" in _msgs(sim)


def test_unknown_click_command_asks_for_confirmation_on_1_21_6(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command('tellraw Steve {text:"join",click_event:{action:"run_command",command:"/dfg join"}}')
    index = c.player("Steve")["chat"][-1]["index"]
    assert c.click_text("Steve", index, 0, confirm=False) == {
        "ok": True,
        "action": "run_command",
        "ran": False,
        "confirmation": True,
    }
    assert c.click_text("Steve", index, 0)["confirmation"] is True


def test_sign_click_runs_silently_at_level_two(sim_factory) -> None:  # type: ignore[no-untyped-def]
    for version, line in (
        (
            "1.20.5",
            """'{"text":"参加","clickEvent":{"action":"run_command","value":"/trigger dfg set 1"}}'""",
        ),
        ("1.21.6", '{text:"参加",click_event:{action:"run_command",command:"/trigger dfg set 1"}}'),
    ):
        sim = sim_factory(version=version, flavor="vanilla")
        c = ControlClient(sim.control_port)
        c.join("Steve")
        sim.run_command("tp Steve 5 64 7")
        sim.run_command("scoreboard objectives add dfg trigger")
        sim.run_command("scoreboard players enable Steve dfg")
        blank = "'\"\"'" if version == "1.20.5" else '""'
        reply = sim.run_command(
            f"setblock 5 64 5 oak_sign{{front_text:{{messages:[{line},{blank},{blank},{blank}]}}}}"
        )
        assert reply == "Changed the block at 5, 64, 5"
        assert c.world()["signs"][0]["lines"] == ["参加", "", "", ""]
        out = c.use_sign("Steve", (5, 64, 5))
        assert out["commands"] == ["/trigger dfg set 1"]
        assert sim.run_command("scoreboard players get Steve dfg") == "Steve has 1 [dfg]"
        # CommandSource.NULL: no feedback to the player, nothing logged.
        assert not any("Triggered" in m for m in _msgs(sim))
        assert not any("Triggered" in m["text"] for m in c.player("Steve")["chat"])


def test_title_actionbar_bossbar_and_sidebar_per_player(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    c.join("Alex")
    assert sim.run_command('title Steve title {text:"あなたの番"}') == "Showing new title for Steve"
    assert (
        sim.run_command('title @a actionbar {text:"残り10秒"}') == "Showing new actionbar title for 2 players"
    )
    sim.run_command('bossbar add dfg:t1 {text:"Steve の番"}')
    sim.run_command("bossbar set dfg:t1 players Steve")
    sim.run_command("bossbar set dfg:t1 max 30")
    assert (
        sim.run_command("bossbar set dfg:t1 value 30")
        == "Custom bossbar [Steve の番] has changed value to 30"
    )
    assert (
        sim.run_command("bossbar set dfg:t1 value 30")
        == "Nothing changed. That's already the value of this bossbar"
    )
    sim.run_command("bossbar set dfg:t1 color red")
    sim.run_command('scoreboard objectives add side dummy {text:"大富豪"}')
    sim.run_command("scoreboard objectives setdisplay sidebar side")
    sim.run_command("scoreboard objectives modify side numberformat blank")
    sim.run_command("scoreboard players set #line1 side 3")
    sim.run_command("scoreboard players set line2 side 2")
    sim.run_command("scoreboard players set line3 side 2")
    sim.run_command('scoreboard players display name line2 side {text:"Steve: 5枚"}')
    sim.run_command("team add red")
    sim.run_command("team modify red color red")
    sim.run_command("team join red Alex")
    sim.run_command("scoreboard objectives add redside dummy")
    sim.run_command("scoreboard objectives setdisplay sidebar.team.red redside")
    steve, alex = c.player("Steve"), c.player("Alex")
    assert steve["title"] == "あなたの番" and alex["title"] is None
    assert steve["actionbar"] == alex["actionbar"] == "残り10秒"
    assert steve["bossbars"] == [
        {"id": "dfg:t1", "name": "Steve の番", "value": 30, "max": 30, "color": "red", "style": "progress"}
    ]
    assert alex["bossbars"] == []
    assert steve["sidebar"] == {
        "objective": "side",
        "title": "大富豪",
        "lines": [
            {"holder": "line2", "text": "Steve: 5枚", "score": 2, "number": ""},
            {"holder": "line3", "text": "line3", "score": 2, "number": ""},
        ],
    }
    assert alex["sidebar"]["objective"] == "redside"
    sim.run_command("bossbar set dfg:t1 visible false")
    assert c.player("Steve")["bossbars"] == []


def test_entities_seats_and_texts(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    assert sim.run_command('summon armor_stand 10 64 10 {Tags:["dfg","seat0"],Invisible:1b,Marker:1b}') == (
        "Summoned new Armor Stand"
    )
    assert sim.run_command("ride Steve mount @e[tag=seat0,limit=1]") == "Steve started riding Armor Stand"
    assert sim.run_command("ride Steve mount @e[tag=seat0,limit=1]") == "Steve is already riding Armor Stand"
    sim.run_command('summon text_display 10 66 10 {Tags:["dfg"],text:{text:"Steve: 13枚"}}')
    assert sim.run_command('data merge entity @e[type=text_display,limit=1] {text:{text:"Steve: 12枚"}}') == (
        "Modified entity data of Text Display"
    )
    view = c.player("Steve")
    assert view["vehicle"]["tags"] == ["dfg", "seat0"]
    texts = [e["text"] for e in c.world()["entities"] if e["type"] == "minecraft:text_display"]
    assert texts == ["Steve: 12枚"]
    assert sim.run_command("data merge entity Steve {Health:1f}") == "Unable to modify player data"
    assert sim.run_command("ride Steve dismount") == "Steve stopped riding Armor Stand"
    assert sim.run_command("kill @e[tag=dfg]") == "Killed 2 entities"
    assert sim.run_command("kill @e[tag=dfg]") == "No entity was found"


def test_restart_rotates_the_log_drops_rcon_and_keeps_the_world(sim: SimServer, tmp_path: Path) -> None:
    from tests.sim.rconraw import RawRcon

    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command("give Steve diamond 3")
    raw = RawRcon(sim.rcon_port)
    raw.login("dfg-sim")
    port = sim.rcon_port
    assert c.restart()["rcon_port"] == port
    assert raw.closed_within(2.0)
    rotated = list(sim.log_path.parent.glob("*.log.gz"))
    assert len(rotated) == 1 and rotated[0].name.endswith("-1.log.gz")
    old = gzip.decompress(rotated[0].read_bytes()).decode()
    assert "Steve lost connection: Server closed" in old and old.rstrip().endswith("Saving worlds")
    assert _msgs(sim)[0] == "Starting minecraft server version 1.21.6"
    assert any(m.startswith("Done (") for m in _msgs(sim))
    assert c.player("Steve")["online"] is False
    c.join("Steve")
    assert c.player("Steve")["inventory"]["0"]["count"] == 3
    again = RawRcon(port)
    assert again.login("dfg-sim") == (1, 2, b"")
    c.restart(rejoin=True)
    assert c.player("Steve")["online"] is True
    assert len(list(sim.log_path.parent.glob("*.log.gz"))) == 2


def test_commands_route_lists_invalid_ones(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    sim.run_command("list")
    sim.run_command("give @a diamond[")
    out = c.commands()
    assert [r["command"] for r in out["received"]] == ["list", "give @a diamond["]
    assert out["invalid_count"] == 1 and out["invalid"][0]["valid"] is False
    assert out["invalid"][0]["error"].endswith("<--[HERE]")
    assert c.commands(since=out["received"][0]["seq"])["received"][0]["command"] == "give @a diamond["
    stats = c.stats()
    assert stats["commands_invalid"] == 1 and stats["rcon_connections_total"] == 0


def test_stop_route_stops_the_server(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    assert c.stop() == {"ok": True}
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (sim.running or _msgs(sim)[-1] != "Saving worlds"):
        time.sleep(0.02)
    assert not sim.running
    assert _msgs(sim)[-3:] == ["Stopping server", "Saving players", "Saving worlds"]


def test_dialog_buttons_run_their_command(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command("scoreboard objectives add dfg trigger")
    sim.run_command("scoreboard players enable Steve dfg")
    reply = sim.run_command(
        'dialog show Steve {type:"minecraft:multi_action",title:"手札",actions:['
        '{label:"♥Q",action:{type:"run_command",command:"/trigger dfg set 212"}},'
        '{label:"パス",action:{type:"run_command",command:"trigger dfg set 2"}}]}'
    )
    assert reply == "Displayed dialog to Steve"
    buttons = c.player("Steve")["dialog_buttons"]
    assert [b["label"] for b in buttons] == ["♥Q", "パス"]
    out = c.click_dialog("Steve", 0)
    assert out["feedback"] == ["Triggered [dfg] (set value to 212)"]
    assert c.player("Steve")["dialog"] is None


def test_stop_command_over_rcon(sim: SimServer) -> None:
    assert sim.run_command("stop") == "Stopping the server"
    deadline = time.monotonic() + 5
    while sim.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not sim.running


def test_login_logs_the_uuid_online_only_and_renames_keep_the_account(tmp_path: Path) -> None:
    # Vanilla ServerLoginPacketListenerImpl: "UUID of player {} is {}" after authentication (online mode
    # only); PlayerList: "multiplayer.player.joined.renamed" when the cached name differs.
    uuid = "069a79f4-44e9-4726-a5be-fca90e38aaf5"
    for online in (True, False):
        folder = tmp_path / str(online)
        with SimServer(SimOptions(directory=folder, online_mode=online, service_ms=0)) as sim:
            control = ControlClient(sim.control_port)
            assert control.join("Steve", uuid=uuid)["uuid"] == uuid
            control.disconnect("Steve")
            control.join("Steven", uuid=uuid)
            log = sim.log_path.read_text(encoding="utf-8")
        assert ("[User Authenticator #1/INFO]: UUID of player Steve is " + uuid in log) is online
        assert "Steven (formerly known as Steve) joined the game" in log
