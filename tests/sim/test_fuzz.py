"""Garbage on the RCON socket and the control API never takes the server down (nor raises inside it)."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import struct

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient, ControlError
from tests.sim.rconraw import RawRcon, packet

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _alive(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    assert raw.login("dfg-sim", 77) == (77, 2, b"")
    assert raw.command("list", 78).startswith("There are ")
    raw.close()
    assert ControlClient(sim.control_port).stats()["running"] is True


@FUZZ
@given(data=st.binary(min_size=0, max_size=3000), login=st.booleans())
def test_random_bytes_on_the_rcon_socket(sim: SimServer, data: bytes, login: bool) -> None:
    raw = RawRcon(sim.rcon_port, timeout=2)
    if login:
        raw.login("dfg-sim")
    try:
        raw.send(data)
        raw.sock.settimeout(0.05)
        with contextlib.suppress(TimeoutError, OSError):
            raw.sock.recv(65536)
    except OSError:
        pass  # the server may already have closed the connection
    raw.close()


@FUZZ
@given(
    request_id=st.integers(-(2**31), 2**31 - 1),
    packet_type=st.integers(-(2**31), 2**31 - 1),
    payload=st.binary(max_size=1446),
    declared_delta=st.sampled_from([0, 0, 0, -1, 1, 1000, -1000]),
)
def test_well_framed_random_packets(
    sim: SimServer, request_id: int, packet_type: int, payload: bytes, declared_delta: int
) -> None:
    raw = RawRcon(sim.rcon_port, timeout=2)
    raw.login("dfg-sim")
    body = struct.pack("<ii", request_id, packet_type) + payload + b"\x00\x00"
    try:
        raw.send(struct.pack("<i", len(body) + declared_delta) + body)
        if declared_delta == 0 and packet_type != 3:
            reply = raw.read_packet()
            assert reply is not None and reply[0] == request_id
            assert not reply[2].startswith(b"Error executing")
    except OSError:
        pass
    raw.close()


_WORDS = st.sampled_from(
    [
        "give",
        "item",
        "replace",
        "entity",
        "block",
        "@a",
        "@s",
        "@e[tag=dfg]",
        "Steve",
        "container.0",
        "with",
        "from",
        "red_dye",
        "1",
        "64",
        "-1",
        "~",
        "^",
        "scoreboard",
        "players",
        "set",
        "dfg",
        "objectives",
        "add",
        "trigger",
        "data",
        "get",
        "merge",
        "{}",
        "{a:1b}",
        "[]",
        '"x"',
        '{text:"あ"}',
        "clear",
        "*",
        "team",
        "bossbar",
        "tp",
        "ride",
        "mount",
        "summon",
        "marker",
        "kill",
        "execute",
        "as",
        "at",
        "run",
        "if",
        "unless",
        "store",
        "result",
        "score",
        "tellraw",
        "title",
        "actionbar",
        "setblock",
        "fill",
        "chest",
        "forceload",
        "gamerule",
        "dialog",
    ]
)


@FUZZ
@given(words=st.lists(_WORDS, min_size=1, max_size=12), junk=st.text(max_size=20))
def test_random_commands_never_raise_inside_the_server(sim: SimServer, words: list[str], junk: str) -> None:
    command = " ".join(words) + (" " + junk if junk else "")
    reply = sim.run_command(command[:1400])
    assert not reply.startswith("Error executing")
    assert not sim.executor.unmodelled.get("internal_error")


_SEGMENTS = st.sampled_from(
    [
        "players",
        "Steve",
        "world",
        "commands",
        "stats",
        "server",
        "restart",
        "click",
        "open",
        "chat",
        "command",
        "close",
        "click_text",
        "use_sign",
        "..",
        "%00",
        "x" * 40,
    ]
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
_KEYS = st.sampled_from(
    [
        "name",
        "text",
        "pos",
        "slot",
        "mode",
        "button",
        "slots",
        "message",
        "part",
        "enderchest",
        "force",
        "secure",
        "op",
        "confirm",
    ]
)


@FUZZ
@given(
    method=st.sampled_from(["GET", "POST", "DELETE", "PUT"]),
    path=st.lists(_SEGMENTS, max_size=4),
    body=st.dictionaries(_KEYS, _JSON, max_size=5) | _JSON,
)
def test_control_api_survives_random_requests(
    sim: SimServer, method: str, path: list[str], body: object
) -> None:
    client = ControlClient(sim.control_port, timeout=5)
    if not _online(client):
        client.join("Steve")
    if path[-2:] in (["server", "restart"], ["server", "stop"]):
        path = path[:-1]
    try:
        client.request(method, "/" + "/".join(path), body if method != "GET" else None)  # type: ignore[arg-type]
    except ControlError as err:
        assert err.status < 500, err
    assert sim.stats()["control_errors"] == 0


def _online(client: ControlClient) -> bool:
    try:
        return bool(client.player("Steve")["online"])
    except ControlError:
        return False


@FUZZ
@given(data=st.binary(max_size=2000))
def test_control_api_survives_raw_garbage(sim: SimServer, data: bytes) -> None:
    with socket.create_connection(("127.0.0.1", sim.control_port), timeout=2) as sock:
        try:
            sock.sendall(data + b"\r\n\r\n")
            sock.shutdown(socket.SHUT_WR)
            sock.recv(65536)
        except OSError:
            pass
    conn = http.client.HTTPConnection("127.0.0.1", sim.control_port, timeout=5)
    conn.request("GET", "/stats")
    assert json.loads(conn.getresponse().read())["running"] is True
    conn.close()


def test_server_still_serves_after_the_fuzzing(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.send(packet(1, 2, b"list") * 3)
    raw.close()
    _alive(sim)


# -- structured fuzzing: valid-looking commands and clicks in random order ------------------------------

_SEL = st.sampled_from(
    [
        "@a",
        "@s",
        "@p",
        "@r",
        "@n",
        "@e",
        "@e[type=marker]",
        "@e[tag=dfg,limit=1]",
        "Steve",
        "Alex",
        "@a[scores={dfg=1..}]",
        "@e[type=!player,sort=nearest,limit=2]",
        "Nobody",
    ]
)
_POS = st.sampled_from(["2 64 2", "3 64 2", "~ ~ ~", "2 65 2", "^ ^ ^1", "0 -64 0", "5 64 5"])
_ITEM = st.sampled_from(
    [
        "red_dye",
        "stone",
        'red_dye[custom_data={dfg:{c:"H3"}}]',
        'book[custom_name="鍵"]',
        "air",
        "diamond_sword[damage=3]",
        "carved_pumpkin[enchantment_glint_override=true]",
    ]
)
_SLOT = st.sampled_from(
    [
        "container.0",
        "container.26",
        "container.53",
        "hotbar.8",
        "weapon.offhand",
        "player.cursor",
        "enderchest.3",
        "armor.head",
        "weapon.mainhand",
        "inventory.26",
    ]
)
_PRED = st.sampled_from(["*", "*[custom_data~{dfg:{}}]", "red_dye", "#minecraft:wool", "*[count=1]"])
_BLOCK = st.sampled_from(
    [
        "chest",
        "chest[type=left,facing=north]",
        "barrel",
        "stone",
        "air",
        "oak_sign",
        'chest{lock:{items:"minecraft:book"}}',
        "hopper",
    ]
)
_NBT = st.sampled_from(
    [
        "{}",
        '{Tags:["dfg"]}',
        '{text:{text:"x"}}',
        "{Items:[]}",
        '{CustomName:"n"}',
        '{Items:[{Slot:0b,id:"minecraft:stone",count:3}]}',
        "{Invisible:1b}",
    ]
)
_INT = st.integers(-3, 130).map(str)
_SIMPLE = st.one_of(
    st.tuples(st.just("give"), _SEL, _ITEM, _INT),
    st.tuples(st.just("item replace entity"), _SEL, _SLOT, st.just("with"), _ITEM),
    st.tuples(st.just("item replace block"), _POS, _SLOT, st.just("with"), _ITEM, _INT),
    st.tuples(st.just("item replace block"), _POS, _SLOT, st.just("from entity"), _SEL, _SLOT),
    st.tuples(st.just("item replace entity"), _SEL, _SLOT, st.just("from block"), _POS, _SLOT),
    st.tuples(st.just("clear"), _SEL, _PRED, _INT),
    st.tuples(st.just("setblock"), _POS, _BLOCK),
    st.tuples(st.just("fill"), _POS, _POS, _BLOCK),
    st.tuples(st.just("data get block"), _POS),
    st.tuples(st.just("data get entity"), _SEL),
    st.tuples(st.just("data merge block"), _POS, _NBT),
    st.tuples(st.just("data merge entity"), _SEL, _NBT),
    st.tuples(st.just("scoreboard objectives add dfg"), st.sampled_from(["trigger", "dummy"])),
    st.tuples(
        st.just("scoreboard players"),
        st.sampled_from(["set", "add", "remove", "enable", "reset", "get"]),
        _SEL,
        st.just("dfg"),
        _INT,
    ),
    st.tuples(
        st.just("scoreboard objectives setdisplay"),
        st.sampled_from(["sidebar", "sidebar.team.red", "list"]),
        st.just("dfg"),
    ),
    st.tuples(st.just("team"), st.sampled_from(["add t", "join t", "leave", "modify t prefix"]), _SEL),
    st.tuples(
        st.just("bossbar"),
        st.sampled_from(['add dfg:b {text:"b"}', "set dfg:b players", "remove dfg:b"]),
        _SEL,
    ),
    st.tuples(st.just("summon"), st.sampled_from(["marker", "armor_stand", "text_display"]), _POS, _NBT),
    st.tuples(st.just("kill"), _SEL),
    st.tuples(st.just("tp"), _SEL, _POS),
    st.tuples(st.just("tp"), _SEL, _SEL),
    st.tuples(st.just("ride"), _SEL, st.just("mount"), _SEL),
    st.tuples(st.just("ride"), _SEL, st.just("dismount")),
    st.tuples(
        st.just("tellraw"),
        _SEL,
        st.just('{text:"x",click_event:{action:"run_command",command:"/trigger dfg"}}'),
    ),
    st.tuples(
        st.just("title"), _SEL, st.sampled_from(['title {text:"t"}', 'actionbar "a"', "clear", "reset"])
    ),
    st.tuples(st.just("forceload"), st.sampled_from(["add", "remove", "query"]), st.just("0 0")),
    st.tuples(
        st.just("gamerule"),
        st.sampled_from(["logAdminCommands", "keepInventory", "sendCommandFeedback"]),
        st.sampled_from(["true", "false", ""]),
    ),
    st.tuples(st.just("dialog show"), _SEL, st.just('{type:"minecraft:notice",title:"x"}')),
    st.tuples(st.just("gamemode"), st.sampled_from(["creative", "spectator", "survival"]), _SEL),
).map(lambda parts: " ".join(p for p in parts if p))
_PREFIX = st.sampled_from(
    [
        "",
        "execute as @a at @s run ",
        "execute if score @s dfg matches 1.. run ",
        "execute store result score @s dfg run ",
        "execute unless entity @e[type=marker] run ",
        "execute positioned 2 64 2 as @e[limit=1] run ",
    ]
)
_ACTION = st.tuples(
    st.sampled_from(["Steve", "Alex"]),
    st.sampled_from(["pickup", "quick_move", "swap", "throw", "pickup_all", "drag", "clone", "quick_craft"]),
    st.integers(-1000, 100),
    st.integers(-2, 41),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(
        st.one_of(st.tuples(_PREFIX, _SIMPLE), _ACTION, st.sampled_from(["open", "close", "ender"])),
        min_size=1,
        max_size=15,
    )
)
def test_random_valid_commands_and_clicks_keep_the_world_consistent(
    sim: SimServer, steps: list[object]
) -> None:
    client = ControlClient(sim.control_port, timeout=5)
    for name in ("Steve", "Alex"):
        if not _online_named(client, name):
            client.join(name)
    sim.run_command("tp @a 2 64 4")
    for step in steps:
        if isinstance(step, tuple) and len(step) == 2:
            reply = sim.run_command(step[0] + step[1])
            assert not reply.startswith("Error executing")
        elif isinstance(step, tuple):
            name, mode, slot, button = step
            try:
                client.click(name, slot, mode, button, slots=[slot, slot + 1] if mode == "drag" else None)
            except ControlError as err:
                assert err.status < 500, err
        else:
            try:
                if step == "open":
                    client.open("Steve", (2, 64, 2), force=True)
                elif step == "ender":
                    client.open("Alex", enderchest=True)
                else:
                    client.close("Steve")
            except ControlError as err:
                assert err.status < 500, err
    assert sim.stats()["control_errors"] == 0
    # Invariants: no empty or oversized stacks anywhere.
    world = client.world()
    for container in world["containers"]:
        for item in container["items"].values():
            assert 1 <= item["count"] <= 99
    for name in ("Steve", "Alex"):
        view = client.player(name)
        for item in [*view["inventory"].values(), *view["ender_chest"].values()]:
            assert 1 <= item["count"] <= 99


def _online_named(client: ControlClient, name: str) -> bool:
    try:
        return bool(client.player(name)["online"])
    except ControlError:
        return False
