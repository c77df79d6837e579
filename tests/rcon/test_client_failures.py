"""RCON client failure handling against a deliberately misbehaving peer (cases the sim never produces)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from dfg_bridge.rcon import Backoff, LinkState, RconClient, RconError, RconErrorCode
from tests.rcon.misbehaving import MisbehavingServer, packet


def echo(conn: socket.socket, request_id: int, payload: bytes) -> None:
    conn.sendall(packet(request_id, 0, payload))


def silent(conn: socket.socket, request_id: int, payload: bytes) -> None:
    """Reads the request and never answers (a hung server)."""


def hang_up(conn: socket.socket, request_id: int, payload: bytes) -> None:
    conn.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def servers() -> Iterator[list[MisbehavingServer]]:
    made: list[MisbehavingServer] = []
    yield made
    for server in made:
        server.close()


def serve(servers: list[MisbehavingServer], behaviour: object, **kw: object) -> MisbehavingServer:
    server = MisbehavingServer(behaviour, **kw)  # type: ignore[arg-type]
    servers.append(server)
    return server


def client_for(server: MisbehavingServer, **kw: object) -> RconClient:
    return RconClient("127.0.0.1", server.port, "pw", **kw)  # type: ignore[arg-type]


def test_silent_server_times_out_without_spinning(servers: list[MisbehavingServer]) -> None:
    server = serve(servers, silent)
    client = client_for(server, timeout=0.3)
    wall, cpu = time.perf_counter(), time.process_time()
    with pytest.raises(RconError) as info:
        client.run("list")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert info.value.code == "timeout"
    assert 0.25 <= wall < 1.0
    assert cpu < 0.15, f"{cpu:.3f}s of CPU while waiting: spinning"
    # the link was reset so a late reply can never answer the next command
    assert client.state is LinkState.DOWN
    assert client.stats.snapshot().errors == 1


def test_server_closing_mid_command_is_detected_at_once_without_spinning(
    servers: list[MisbehavingServer],
) -> None:
    # mcrcon 0.7.0 spins at 100 % CPU here: recv() keeps returning b"" and it keeps calling it
    server = serve(servers, hang_up)
    client = client_for(server, timeout=5.0)
    client.connect()
    wall, cpu = time.perf_counter(), time.process_time()
    with pytest.raises(RconError) as info:
        client.run("list")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert info.value.code == "disconnected"
    assert wall < 1.0
    assert cpu < 0.15


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        (lambda rid: packet(rid + 1, 0, b"x"), "protocol"),  # someone else's id
        (lambda rid: packet(rid, 2, b"x"), "protocol"),  # wrong type
        (lambda rid: b"\x05\x00\x00\x00" + b"\x00" * 5, "protocol"),  # length below the minimum
        (lambda rid: b"\xff\xff\xff\x7f", "protocol"),  # absurd length
        (lambda rid: packet(-1, 2), "protocol"),  # "not logged in" reply to a command
    ],
)
def test_bad_replies_are_protocol_errors(servers: list[MisbehavingServer], reply: object, code: str) -> None:
    def behaviour(conn: socket.socket, request_id: int, payload: bytes) -> None:
        conn.sendall(reply(request_id))  # type: ignore[operator]

    client = client_for(serve(servers, behaviour), timeout=1.0)
    with pytest.raises(RconError) as info:
        client.run("list")
    assert info.value.code == code
    assert client.state is LinkState.DOWN


def test_reply_dribbled_one_byte_at_a_time_is_reassembled(servers: list[MisbehavingServer]) -> None:
    def dribble(conn: socket.socket, request_id: int, payload: bytes) -> None:
        for byte in packet(request_id, 0, "返事: ".encode() + payload):
            conn.sendall(bytes([byte]))
            time.sleep(0.0005)

    client = client_for(serve(servers, dribble))
    assert client.run("テスト") == "返事: テスト"


def test_multi_packet_reply_is_collected_until_the_probe_answer(servers: list[MisbehavingServer]) -> None:
    parts = ["あ" * 4096, "い" * 4096, "う" * 10]
    probes: list[int] = []

    def split(conn: socket.socket, request_id: int, payload: bytes) -> None:
        if payload == b"":  # the client's probe (an unknown packet type) has an empty body
            probes.append(request_id)
            conn.sendall(packet(request_id, 0, b"Unknown request 64"))
            return
        for part in parts:
            conn.sendall(packet(request_id, 0, part.encode()))

    client = client_for(serve(servers, split))
    assert client.run("data get block 0 0 0") == "".join(parts)
    assert len(probes) == 1
    snap = client.stats.snapshot()
    assert (snap.commands, snap.probes) == (1, 1)


def test_a_foreign_id_inside_a_multi_packet_reply_is_a_protocol_error(
    servers: list[MisbehavingServer],
) -> None:
    def split(conn: socket.socket, request_id: int, payload: bytes) -> None:
        if payload:
            conn.sendall(packet(request_id, 0, b"a" * 4096) + packet(request_id + 7, 0, b"b"))

    client = client_for(serve(servers, split), timeout=1.0)
    with pytest.raises(RconError) as info:
        client.run("x")
    assert info.value.code == "protocol"


def test_idle_hang_up_is_noticed_and_healed_before_sending(servers: list[MisbehavingServer]) -> None:
    server = serve(servers, echo)
    seen: list[tuple[LinkState, str | None]] = []
    client = client_for(server, on_link=lambda state, err: seen.append((state, err and err.code)))
    assert client.run("one") == "one"
    server.connections[0].shutdown(socket.SHUT_RDWR)
    time.sleep(0.05)
    # nothing was sent on the dead connection, so reconnecting and sending is safe
    assert client.run("two") == "two"
    assert seen == [(LinkState.UP, None), (LinkState.DOWN, "disconnected"), (LinkState.UP, None)]
    assert server.requests == [b"one", b"two"]
    snap = client.stats.snapshot()
    assert (snap.connects, snap.disconnects) == (2, 1)


def test_poll_link_reports_a_hang_up_without_a_command(servers: list[MisbehavingServer]) -> None:
    server = serve(servers, echo)
    seen: list[LinkState] = []
    client = client_for(server, on_link=lambda state, err: seen.append(state))
    client.connect()
    server.close()
    time.sleep(0.05)
    assert client.poll_link() is LinkState.DOWN
    assert seen == [LinkState.UP, LinkState.DOWN]


def test_unsolicited_bytes_while_idle_reset_the_link(servers: list[MisbehavingServer]) -> None:
    server = serve(servers, echo)
    client = client_for(server)
    assert client.run("a") == "a"
    server.connections[0].sendall(packet(999, 0, b"surprise"))
    time.sleep(0.05)
    assert client.run("b") == "b"  # stale bytes dropped with the old connection
    assert client.stats.snapshot().connects == 2


def test_refused_connection_backs_off_exponentially_and_fails_fast_meanwhile() -> None:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]  # closed at the end of the block: nothing listens there
    now = [100.0]
    client = RconClient("127.0.0.1", port, "pw", backoff=Backoff(initial=0.5, cap=2.0), clock=lambda: now[0])
    delays = []
    for _ in range(5):
        with pytest.raises(RconError) as info:
            client.run("list")
        assert info.value.code == "disconnected"
        delays.append(client.retry_in())
        # before the delay is over the client does not even try
        with pytest.raises(RconError, match="next retry"):
            client.run("list")
        now[0] += delays[-1]
    assert delays == [0.5, 1.0, 2.0, 2.0, 2.0]


def test_wait_up_returns_once_the_server_appears() -> None:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    client = RconClient("127.0.0.1", port, "pw", backoff=Backoff(initial=0.05, cap=0.1))
    holder: list[MisbehavingServer] = []

    def late_start() -> None:
        time.sleep(0.3)
        holder.append(MisbehavingServer(echo, port=port))

    starter = threading.Thread(target=late_start)
    starter.start()
    try:
        assert client.wait_up(5.0)
        assert client.run("hello") == "hello"
    finally:
        starter.join()
        for server in holder:
            server.close()


def test_wait_up_gives_up_on_stop() -> None:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    client = RconClient("127.0.0.1", port, "pw")
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    started = time.perf_counter()
    assert client.wait_up(30.0, stop) is False
    assert time.perf_counter() - started < 2.0


def test_too_long_and_nul_commands_are_refused_before_sending(servers: list[MisbehavingServer]) -> None:
    server = serve(servers, echo)
    client = client_for(server)
    assert client.run("a") == "a"
    refused = (
        ("x" * 1447, "too_long"),
        ("あ" * 483, "too_long"),
        ("say a\x00b", "invalid_command"),
        ("say \udc80", "invalid_command"),
    )
    for command, code in refused:
        with pytest.raises(RconError) as info:
            client.run(command)
        assert info.value.code == code
        assert info.value.kind is RconErrorCode(code)
    assert client.run("あ" * 482) == "あ" * 482  # exactly 1446 bytes
    assert server.requests == [b"a", "あ".encode() * 482]
    assert client.state is LinkState.UP


def test_a_failing_link_listener_does_not_break_the_client(servers: list[MisbehavingServer]) -> None:
    def boom(state: LinkState, err: RconError | None) -> None:
        raise RuntimeError("listener bug")

    client = client_for(serve(servers, echo), on_link=boom)
    assert client.run("ok") == "ok"


def test_login_refused_by_id_minus_one(servers: list[MisbehavingServer]) -> None:
    def refuse(conn: socket.socket, request_id: int, payload: bytes) -> None:
        conn.sendall(packet(-1, 2))

    client = client_for(serve(servers, refuse, login=False))
    with pytest.raises(RconError) as info:
        client.connect()
    assert info.value.code == "auth_failed"
