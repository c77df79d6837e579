"""The RCON client against the simulated server over real loopback sockets (ARCHITECTURE §6.1 quirks)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from dfg_bridge.rcon import LinkState, RconClient, RconError
from dfg_bridge.sim.control import ControlClient

SimFactory = Callable[..., Any]

CHEST = (0, 64, 0)


def connect(sim: Any, **kw: Any) -> RconClient:
    client = RconClient("127.0.0.1", sim.rcon_port, sim.options.rcon_password, **kw)
    client.connect()
    return client


def fill_chest_with_long_japanese_names(client: RconClient, slots: int = 27) -> None:
    x, y, z = CHEST
    client.run(f"setblock {x} {y} {z} minecraft:chest")
    for slot in range(slots):
        name = f"大富豪の手札{slot:02d}" + "♠♥♦♣あいうえお漢字" * 20
        item = f'minecraft:paper[custom_name="{name}"]'
        client.run(f"item replace block {x} {y} {z} container.{slot} with {item}")


def test_round_trip(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    assert client.state is LinkState.UP
    assert client.run("list") == sim.run_command("list")
    assert client.stats.snapshot().commands == 1


def test_reply_over_4096_characters_in_japanese_is_reassembled(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    fill_chest_with_long_japanese_names(client)
    command = "data get block {} {} {} Items".format(*CHEST)
    reply = client.run(command)
    assert len(reply) > 2 * 4096, "need a reply of three or more packets"
    assert "大富豪の手札26" in reply and "♠♥♦♣" in reply
    assert reply == sim.run_command(command)
    snap = client.stats.snapshot()
    assert snap.probes == 1
    # the probe kept the connection intact: vanilla would have dropped it on a pipelined request
    assert client.run("list") == sim.run_command("list")
    assert snap.disconnects == 0


def test_multi_packet_replies_do_not_stall_on_delayed_acks(sim_factory: SimFactory) -> None:
    """The server writes each chunk separately with Nagle on (like Java); without TCP_QUICKACK on our
    side every multi-packet reply waited ~40 ms for our delayed ACK."""
    sim = sim_factory()
    client = connect(sim)
    fill_chest_with_long_japanese_names(client)
    command = "data get block {} {} {} Items".format(*CHEST)
    timings = []
    for _ in range(7):
        started = time.perf_counter()
        client.run(command)
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[3] < 0.02, f"median {sorted(timings)[3] * 1000:.1f} ms"


def test_japanese_text_both_ways(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    reply = client.run('scoreboard objectives add jp dummy "大富豪 ♠3"')
    assert "大富豪 ♠3" in reply
    assert "大富豪 ♠3" in client.run("scoreboard objectives list")


def test_reply_of_exactly_one_full_packet_still_ends(sim_factory: SimFactory) -> None:
    """A first packet of ≥ 4096 bytes may or may not be the end: the probe settles it either way."""
    sim = sim_factory()
    client = connect(sim)
    fill_chest_with_long_japanese_names(client, slots=6)  # a reply between 4096 bytes and 4096 chars
    command = "data get block {} {} {} Items".format(*CHEST)
    reply = client.run(command)
    assert len(reply.encode()) >= 4096 > len(reply)
    assert reply == sim.run_command(command)


def test_server_restart_mid_session_reconnects(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    seen: list[LinkState] = []
    client = connect(sim, on_link=lambda state, err: seen.append(state))
    client.run("scoreboard objectives add kept dummy")
    ControlClient(sim.control_port).restart()
    # the old connection is dead; nothing was sent on it, so the client reconnects and sends
    assert "kept" in client.run("scoreboard objectives list")
    assert seen == [LinkState.UP, LinkState.DOWN, LinkState.UP]
    snap = client.stats.snapshot()
    assert (snap.connects, snap.disconnects, snap.errors) == (2, 1, 0)


def test_closed_socket_detected_in_under_a_second_without_spinning(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    client.run("list")
    sim.stop()
    wall, cpu = time.perf_counter(), time.process_time()
    with pytest.raises(RconError) as info:
        client.run("list")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert info.value.code == "disconnected"
    assert wall < 1.0
    assert cpu < 0.2
    assert client.state is LinkState.DOWN


def test_server_going_away_while_we_wait_for_a_reply(sim_factory: SimFactory) -> None:
    sim = sim_factory(service_ms=3000.0)
    client = connect(sim, timeout=10.0)
    outcome: list[BaseException | str] = []

    def call() -> None:
        try:
            outcome.append(client.run("list"))
        except RconError as err:
            outcome.append(err)

    worker = threading.Thread(target=call)
    cpu = time.process_time()
    worker.start()
    time.sleep(0.3)
    stopped = time.perf_counter()
    threading.Thread(target=sim.stop, daemon=True).start()
    worker.join(5.0)
    elapsed = time.perf_counter() - stopped
    assert not worker.is_alive()
    assert isinstance(outcome[0], RconError) and outcome[0].code == "disconnected"
    assert elapsed < 1.0
    assert time.process_time() - cpu < 0.5


def test_over_long_command_is_refused_before_sending(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    control = ControlClient(sim.control_port)
    before = control.commands()["total"]
    longest = 'scoreboard objectives add long dummy "' + "あ" * 469 + '"'
    assert len(longest.encode()) == 1446
    with pytest.raises(RconError) as info:
        client.run(longest.replace("long", "longer"))  # 1447 bytes
    assert info.value.code == "too_long"
    assert "1446" in str(info.value)
    assert control.commands()["total"] == before
    # exactly 1446 bytes of mostly Japanese: vanilla's one read takes it whole
    assert client.run(longest) == "Created new objective [" + "あ" * 469 + "]"
    assert client.state is LinkState.UP
    assert client.stats.snapshot().disconnects == 0


def test_wrong_password(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = RconClient("127.0.0.1", sim.rcon_port, "not-the-password")
    with pytest.raises(RconError) as info:
        client.run("list")
    assert info.value.code == "auth_failed"
    assert client.state is LinkState.DOWN


def test_threads_share_one_connection_without_pipelining(sim_factory: SimFactory) -> None:
    sim = sim_factory()
    client = connect(sim)
    client.run("scoreboard objectives add t dummy")
    errors: list[str] = []

    def worker(n: int) -> None:
        for i in range(150):
            reply = client.run(f"scoreboard players set P{n} t {i}")
            if reply != f"Set [t] for P{n} to {i}":
                errors.append(reply)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    snap = client.stats.snapshot()
    assert (snap.commands, snap.connects, snap.disconnects) == (601, 1, 0)
    assert snap.busy_seconds > 0 and sum(snap.buckets) == 601


@pytest.mark.bench
@pytest.mark.parametrize("service_ms", [0.0, 0.5])
def test_benchmark_round_trips_per_second(sim_factory: SimFactory, service_ms: float) -> None:
    sim = sim_factory(service_ms=service_ms)
    client = connect(sim)
    for _ in range(200):  # warm up
        client.run("list")
    best = 0.0
    for _ in range(3):
        count, started = 2000, time.perf_counter()
        for _ in range(count):
            client.run("list")
        best = max(best, count / (time.perf_counter() - started))
    snap = client.stats.snapshot()
    print(
        f"\nservice_ms={service_ms}: {best:,.0f} commands/s (best of 3 x 2000), "
        f"p50 <= {snap.latency_quantile(0.5) * 1000:.2f} ms, "
        f"p99 <= {snap.latency_quantile(0.99) * 1000:.2f} ms, "
        f"max {snap.max_latency * 1000:.2f} ms"
    )
    assert best > (300 if service_ms else 1000)


@pytest.mark.bench
@pytest.mark.parametrize("service_ms", [0.0, 0.5])
def test_benchmark_against_the_sim_cli_in_its_own_process(tmp_path: Any, service_ms: float) -> None:
    """Same, with ``dfg-bridge sim --service-ms …`` as a separate process (no shared GIL)."""
    import re
    import subprocess
    import sys

    argv = [sys.executable, "-m", "dfg_bridge.sim", "--quiet", "--rcon-port", "0", "--control-port", "0"]
    argv += ["--dir", str(tmp_path), "--service-ms", str(service_ms), "--rcon-password", "bench"]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None
            m = None
            for line in proc.stdout:
                if m := re.search(r"rcon 127\.0\.0\.1:(\d+)", line):
                    break
            assert m is not None
            client = RconClient("127.0.0.1", int(m[1]), "bench")
            for _ in range(200):
                client.run("list")
            best = 0.0
            for _ in range(3):
                count, started = 2000, time.perf_counter()
                for _ in range(count):
                    client.run("list")
                best = max(best, count / (time.perf_counter() - started))
            snap = client.stats.snapshot()
            print(
                f"\nsim CLI process, service_ms={service_ms}: {best:,.0f} commands/s (best of 3 x 2000), "
                f"p50 <= {snap.latency_quantile(0.5) * 1000:.2f} ms, "
                f"p99 <= {snap.latency_quantile(0.99) * 1000:.2f} ms"
            )
            assert best > (300 if service_ms else 1000)
        finally:
            proc.terminate()
            proc.wait(10)
