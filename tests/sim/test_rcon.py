"""RCON faithfulness: vanilla's quirks (ARCHITECTURE §6.1), with raw bytes and the real mcrcon and rcon
clients."""

from __future__ import annotations

import socket
import struct
import threading
import time

import mcrcon
import pytest
from rcon.exceptions import EmptyResponse, WrongPassword
from rcon.source import Client

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.rcon import encode_packet, split_reply
from tests.sim.rconraw import RawRcon, packet

PASSWORD = "dfg-sim"


def _long_reply_setup(sim: SimServer, *, japanese: bool = False) -> str:
    """A chest whose ``data get`` reply is far over 4096 UTF-16 characters; returns the command."""
    sim.run_command("setblock 3 64 3 chest")
    for slot in range(27):
        name = ("大富豪の手札" * 30) if japanese else ("card-name-" * 30)
        sim.run_command(
            f'item replace block 3 64 3 container.{slot} with red_dye[custom_name="{name}{slot}"]'
        )
    return "data get block 3 64 3 Items"


def test_login_command_and_reply(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    assert raw.login(PASSWORD, 7) == (7, 2, b"")
    assert raw.command("list", 8) == "There are 0 of a max of 20 players online: "
    raw.close()


def test_wrong_password_answers_id_minus_one_and_keeps_connection(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    assert raw.login("nope", 5) == (-1, 2, b"")
    # A command before a successful login gets the same auth failure.
    raw.send(packet(6, 2, b"list"))
    assert raw.read_packet() == (-1, 2, b"")
    assert raw.login(PASSWORD, 9) == (9, 2, b"")
    raw.close()


def test_empty_password_never_logs_in(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    assert raw.login("", 5) == (-1, 2, b"")
    raw.close()


def test_unknown_packet_type_is_answered_in_hex(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(packet(11, 100, b""))
    assert raw.read_packet() == (11, 0, b"Unknown request 64")
    raw.send(packet(12, -1, b""))
    assert raw.read_packet() == (12, 0, b"Unknown request ffffffff")
    raw.send(packet(13, 0, b""))
    assert raw.read_packet() == (13, 0, b"Unknown request 0")
    raw.close()


def test_silent_command_gets_one_empty_packet(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(packet(21, 2, b'execute at @p run tellraw @a "x"'))
    assert raw.read_packet() == (21, 0, b"")
    raw.send(packet(22, 2, b"list"))  # the next reply is the list, so nothing else was queued
    assert raw.read_packet() == (22, 0, b"There are 0 of a max of 20 players online: ")
    raw.close()


def test_unknown_command_gets_vanillas_error_text(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    assert raw.command("dfg join") == "Unknown or incomplete command, see below for errordfg join<--[HERE]"
    assert (
        raw.command("tellraw @a") == "Unknown or incomplete command, see below for errortellraw @a<--[HERE]"
    )
    assert raw.command("tellraw @a[") == "Expected end of options...ellraw @a[<--[HERE]"
    raw.close()


def test_command_of_1446_bytes_is_served_and_1447_closes(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    # 1446 payload bytes: exactly 1460 bytes on the wire, the most one read(1460) takes.
    head = 'execute at @p run tellraw @a "'
    ok = head + "a" * (1446 - len(head) - 1) + '"'
    assert len(ok.encode()) == 1446
    raw.send(packet(31, 2, ok.encode()))
    assert raw.read_packet() == (31, 0, b"")
    raw.send(packet(32, 2, (ok + " ").encode()))
    assert raw.closed_within(2.0)
    raw.close()


def test_two_requests_in_one_read_close_the_connection(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(packet(41, 2, b"list") + packet(42, 2, b"list"))
    assert raw.closed_within(2.0)
    raw.close()


def test_request_split_across_two_reads_closes_the_connection(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    data = packet(51, 2, b"list")
    raw.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    raw.send(data[:6])
    time.sleep(0.2)
    raw.send(data[6:])
    assert raw.closed_within(2.0)
    raw.close()


def test_fewer_than_ten_bytes_close_the_connection(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.send(struct.pack("<iI", 5, 0)[:9])
    assert raw.closed_within(2.0)
    raw.close()


def test_length_mismatch_closes_the_connection(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    body = struct.pack("<ii", 1, 3) + PASSWORD.encode() + b"\x00\x00"
    raw.send(struct.pack("<i", len(body) + 1) + body)
    assert raw.closed_within(2.0)
    raw.close()


def test_long_reply_is_split_every_4096_utf16_units_with_the_same_id(sim: SimServer) -> None:
    command = _long_reply_setup(sim)
    expected = sim.run_command(command)
    assert len(expected) > 2 * 4096
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(packet(61, 2, command.encode()))
    sizes = []
    got = b""
    while len(got.decode("utf-8", "replace")) < len(expected):
        pkt = raw.read_packet()
        assert pkt is not None and pkt[:2] == (61, 0)
        sizes.append(len(pkt[2].decode("utf-8")))
        got += pkt[2]
    assert got.decode() == expected
    assert sizes[:-1] == [4096] * (len(sizes) - 1)
    raw.close()


def test_japanese_long_reply_reassembled_by_the_probe_method(sim: SimServer) -> None:
    command = _long_reply_setup(sim, japanese=True)
    expected = sim.run_command(command)
    assert len(expected) > 4096 and len(expected.encode()) > 3 * 4096
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    assert raw.command(command, 71) == expected
    raw.close()


def test_split_reply_leaves_question_marks_for_a_cut_surrogate_pair() -> None:
    text = "a" * 4095 + "🂡" + "b"
    parts = split_reply(text)
    assert [len(p) for p in parts] == [4096, 2]
    encoded = [encode_packet(1, 0, p)[12:-2] for p in parts]
    assert encoded[0].endswith(b"a?") and encoded[1] == b"?b"


def test_connection_lines_are_logged(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.close()
    deadline = time.monotonic() + 2
    text = ""
    while time.monotonic() < deadline:
        text = sim.log_path.read_text("utf-8")
        if "shutting down" in text:
            break
        time.sleep(0.02)
    assert "[RCON Listener #1/INFO]: Thread RCON Client /127.0.0.1 started" in text
    assert "Thread RCON Client /127.0.0.1 shutting down" in text


def test_rcon_echo_follows_broadcast_rcon_to_ops(sim_factory) -> None:  # type: ignore[no-untyped-def]
    loud = sim_factory()
    quiet = sim_factory(broadcast_rcon_to_ops=False)
    for server in (loud, quiet):
        server.run_command("scoreboard objectives add dfg trigger")
    assert "[Rcon: Created new objective [dfg]]" in loud.log_path.read_text("utf-8")
    assert "[Rcon:" not in quiet.log_path.read_text("utf-8")


def test_rcon_commands_are_recorded_with_errors(sim: SimServer) -> None:
    sim.run_command("list")
    sim.run_command("frobnicate now")
    assert [r["command"] for r in sim.executor.records] == ["list", "frobnicate now"]
    (bad,) = sim.executor.invalid
    assert bad["error"] == "Unknown or incomplete command, see below for errorfrobnicate now<--[HERE]"


def test_shared_console_buffer_mixes_outputs_like_vanilla(sim: SimServer) -> None:
    """Two connections at once share one console buffer: a reply may carry the other's output."""
    raws = [RawRcon(sim.rcon_port) for _ in range(2)]
    for r in raws:
        r.login(PASSWORD)
    replies: list[list[str]] = [[], []]

    def spam(i: int) -> None:
        for n in range(300):
            replies[i].append(raws[i].command("list" if i == 0 else "scoreboard objectives list", 100 + n))

    threads = [threading.Thread(target=spam, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    allowed = {"There are 0 of a max of 20 players online: ", "There are no objectives"}
    # Every reply is made only of whole feedback messages from either connection (possibly none).
    for reply in replies[0] + replies[1]:
        rest = reply
        for msg in sorted(allowed, key=len, reverse=True):
            rest = rest.replace(msg, "")
        assert rest == ""
    for r in raws:
        r.close()


# -- real third-party clients ------------------------------------------------------------------------------


def test_mcrcon_login_and_commands(sim: SimServer) -> None:
    with mcrcon.MCRcon("127.0.0.1", PASSWORD, port=sim.rcon_port, timeout=3) as client:
        assert client.command("list") == "There are 0 of a max of 20 players online: "
        assert client.command("scoreboard objectives add dfg trigger") == "Created new objective [dfg]"
        assert client.command('tellraw @a "x"') == "No player was found"


def test_mcrcon_bad_password(sim: SimServer) -> None:
    client = mcrcon.MCRcon("127.0.0.1", "wrong", port=sim.rcon_port, timeout=3)
    with pytest.raises(mcrcon.MCRconException, match="Login failed"):
        client.connect()
    client.disconnect()


def test_mcrcon_over_long_request_loses_the_connection(sim: SimServer) -> None:
    client = mcrcon.MCRcon("127.0.0.1", PASSWORD, port=sim.rcon_port, timeout=1)
    client.connect()
    started = time.monotonic()
    # mcrcon spins on the closed socket until its SIGALRM timeout fires (ARCHITECTURE §1: unfit for a daemon).
    with pytest.raises((mcrcon.MCRconException, ConnectionError)):
        client.command("say " + "x" * 1500)
    assert time.monotonic() - started < 3
    client.disconnect()


def test_mcrcon_long_reply_first_packet_then_probe(sim: SimServer) -> None:
    """mcrcon cannot reassemble by itself; its first packet plus a manual probe gives the whole reply."""
    command = _long_reply_setup(sim)
    expected = sim.run_command(command)
    with mcrcon.MCRcon("127.0.0.1", PASSWORD, port=sim.rcon_port, timeout=3) as client:
        # mcrcon keeps reading while bytes are already buffered, so it gets a prefix (often all of it).
        got = client.command(command)
        assert expected.startswith(got) and len(got) >= 4096
        # Let any remaining packets arrive, then drain them with the probe method on the same socket.
        time.sleep(0.2)
        client.socket.sendall(packet(999, 100, b""))
        tail = RawRcon.__new__(RawRcon)
        tail.sock, tail.buf = client.socket, b""
        rest = []
        while (pkt := tail.read_packet()) is not None and pkt[0] != 999:
            rest.append(pkt[2])
        assert got + b"".join(rest).decode() == expected


def test_conqp_rcon_login_commands_and_long_reply(sim: SimServer) -> None:
    command = _long_reply_setup(sim, japanese=True)
    expected = sim.run_command(command)
    with Client("127.0.0.1", sim.rcon_port, passwd=PASSWORD, timeout=3) as client:
        assert client.run("list") == "There are 0 of a max of 20 players online: "
        assert client.run(command) == expected  # conqp probes with an empty type-0 packet


def test_conqp_rcon_bad_password(sim: SimServer) -> None:
    with pytest.raises(WrongPassword), Client("127.0.0.1", sim.rcon_port, passwd="wrong", timeout=3):
        pass


def test_conqp_rcon_over_long_request(sim: SimServer) -> None:
    with (
        Client("127.0.0.1", sim.rcon_port, passwd=PASSWORD, timeout=3) as client,
        pytest.raises((EmptyResponse, ConnectionError, OSError)),
    ):
        client.run("say " + "x" * 1500)


def test_twelve_byte_request_is_a_parse_exception_like_vanilla(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(struct.pack("<iii", 8, 5, 2))  # a command packet with no payload and no terminator
    assert raw.closed_within(2.0)
    raw.close()
    deadline = time.monotonic() + 2
    while "Exception whilst parsing RCON input" not in sim.log_path.read_text("utf-8"):
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_thirteen_byte_request_is_an_empty_command(sim: SimServer) -> None:
    raw = RawRcon(sim.rcon_port)
    raw.login(PASSWORD)
    raw.send(struct.pack("<iii", 9, 5, 2) + b"\x00")
    reply = raw.read_packet()
    assert reply is not None and reply[:2] == (5, 0)
    assert reply[2] == b"Unknown or incomplete command, see below for error<--[HERE]"
    raw.close()
