"""Metrics and health: valid Prometheus text, and a real daemon on the sim scraped over HTTP."""

from __future__ import annotations

import json
import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.health import Endpoint, health_of, instrument, probe
from dfg_bridge.app.init import Answers, starter_config
from dfg_bridge.app.metrics import (
    CONTENT_TYPE,
    DaemonMetrics,
    Family,
    HostSample,
    MetricKind,
    Sample,
    exposition,
    histogram_family,
)
from dfg_bridge.app.run import Daemon, wire
from dfg_bridge.config import load_config
from dfg_bridge.host.fromconfig import host_settings
from dfg_bridge.i18n import Messages
from dfg_bridge.rcon import LATENCY_BOUNDS, LinkState, RconClient, RconStats
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient
from tests.app.promtext import FormatError, parse


def _wait(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


# --- the text format ------------------------------------------------------------------------------


def test_reader_catches_format_mistakes() -> None:
    bad = [
        "x 1",  # no final newline
        "# TYPE x gauge\n# TYPE x gauge\nx 1\n",
        'x{a="1"} 1\n# TYPE x gauge\n',
        'x{a="\\t"} 1\n',
        "x one\n",
        "x 1\ny 1\nx 2\n",
        '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
        '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n',
        "# TYPE c counter\nc -1\n",
    ]
    for text in bad:
        with pytest.raises(FormatError):
            parse(text)


def test_exposition_escapes_and_round_trips() -> None:
    tricky = 'a "quoted" \\ back\nslash'
    families = [
        Family(
            "dfg_x", MetricKind.GAUGE, "Help with \\ and\nnewline.", (Sample("dfg_x", 0.5, (("k", tricky),)),)
        ),
        Family("dfg_y_total", MetricKind.COUNTER, "Y.", (Sample("dfg_y_total", 3),)),
        histogram_family("dfg_h_seconds", "H.", (0.1, 1.0, math.inf), (1, 0, 2), 4.25),
    ]
    parsed = parse(exposition(families))
    assert parsed["dfg_x"].help == "Help with \\ and\nnewline."
    assert parsed["dfg_x"].value(k=tricky) == 0.5
    assert parsed["dfg_y_total"].type == "counter" and parsed["dfg_y_total"].value() == 3
    hist = parsed["dfg_h_seconds"]
    assert hist.value("dfg_h_seconds_bucket", le="0.1") == 1
    assert hist.value("dfg_h_seconds_bucket", le="1") == 1
    assert hist.value("dfg_h_seconds_bucket", le="+Inf") == 3 == hist.value("dfg_h_seconds_count")
    assert hist.value("dfg_h_seconds_sum") == 4.25


def test_histogram_needs_an_inf_bound() -> None:
    with pytest.raises(ValueError, match="Inf"):
        histogram_family("h", "H.", (0.1, 1.0), (1, 1), 1.0)


def test_daemon_metrics_without_a_daemon_are_valid_and_unhealthy() -> None:
    metrics = DaemonMetrics(rcon=RconClient("127.0.0.1", 9, "pw"))
    parsed = parse(metrics.exposition())
    assert parsed["dfg_rcon_up"].value() == 0
    assert parsed["dfg_rcon_command_duration_seconds"].type == "histogram"
    buckets = [s for s in parsed["dfg_rcon_command_duration_seconds"].samples if s[0].endswith("_bucket")]
    assert len(buckets) == len(LATENCY_BOUNDS)
    assert math.isnan(parsed["dfg_loop_last_sample_age_seconds"].value())
    verdict = health_of(metrics)
    assert not verdict.ok
    assert {c.name: c.ok for c in verdict.checks} == {"loop": False, "rcon": False, "sources": True}
    metrics.command_rejected("command.usage")
    metrics.command_rejected("command.usage")
    assert parse(metrics.exposition())["dfg_invalid_commands_total"].value(reason="command.usage") == 2


class _Link:
    """Just what DaemonMetrics reads from an RCON client: its stats and link state."""

    def __init__(self, stats: RconStats) -> None:
        self.stats = stats
        self.state = LinkState.UP


def test_the_latency_histogram_sum_counts_successful_commands_only() -> None:
    stats = RconStats()
    stats.record_command(0.002, 0, 10, 14)
    stats.record_command(0.004, 0, 10, 14)
    stats.record_error(5.0, 10, 0)  # a timeout: busy for 5 s, but no latency sample
    snap = stats.snapshot()
    assert snap.latency_sum == pytest.approx(0.006)
    assert snap.busy_seconds == pytest.approx(5.006)
    duration = parse(DaemonMetrics(rcon=_Link(stats)).exposition())["dfg_rcon_command_duration_seconds"]
    assert duration.value("dfg_rcon_command_duration_seconds_count") == 2
    assert duration.value("dfg_rcon_command_duration_seconds_sum") == pytest.approx(0.006)
    errors = parse(DaemonMetrics(rcon=_Link(stats)).exposition())["dfg_rcon_command_errors_total"]
    assert errors.value() == 1


def test_a_stale_loop_is_unhealthy() -> None:
    now = [100.0]
    metrics = DaemonMetrics(clock=lambda: now[0])
    metrics.record_host(HostSample(at=100.0))
    assert health_of(metrics).checks[0].ok
    now[0] = 130.0
    loop = health_of(metrics, max_loop_age=15.0).checks[0]
    assert not loop.ok and "30.0 s" in loop.detail


# --- a real daemon on the sim, scraped over HTTP -------------------------------------------------


def _daemon(sim: SimServer, tmp_path: Path) -> Daemon:
    (sim.options.directory / "server.properties").write_text(
        f"enable-rcon=true\nrcon.port={sim.rcon_port}\nbroadcast-rcon-to-ops=false\n", encoding="utf-8"
    )
    text = starter_config(
        Answers(sim.options.directory), rcon_port=sim.rcon_port, password_file=None, messages_dir=None
    )
    config_path = tmp_path / "dfg.yml"
    config_path.write_text(text, encoding="utf-8")
    config = load_config(config_path, env={"RCON_PASSWORD": sim.options.rcon_password}).config
    messages, _ = Messages.load(None)
    return wire(
        host_settings(config),
        messages,
        rcon_host=config.rcon.host,
        rcon_port=config.rcon.port,
        rcon_password=config.rcon.password.reveal(),
        version=sim.options.version,
        data_dir=config.data_dir,
        log_path=config.source.log_path,
        log_poll=0.02,
    )


@pytest.fixture
def running(sim_factory: Any, tmp_path: Path) -> Iterator[tuple[SimServer, Daemon, Endpoint]]:
    sim = sim_factory(flavor="paper")
    daemon = _daemon(sim, tmp_path)
    metrics = DaemonMetrics()
    endpoint = Endpoint(metrics, port=0)
    endpoint.on_close(instrument(daemon, metrics, interval=0.2))
    daemon.start()
    thread = threading.Thread(target=daemon.run, name="daemon owner", daemon=True)
    thread.start()
    try:
        yield sim, daemon, endpoint
    finally:
        endpoint.close()
        daemon.stop(restore=True)
        thread.join(timeout=10)
        daemon.close()


def _get(endpoint: Endpoint, path: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{endpoint.port}{path}", timeout=5) as response:
            return response.status, response.headers["Content-Type"], response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read().decode("utf-8")


def test_metrics_endpoint_is_scraped_from_a_running_daemon(
    running: tuple[SimServer, Daemon, Endpoint],
) -> None:
    sim, daemon, endpoint = running
    control = ControlClient(sim.control_port)
    assert _wait(lambda: daemon.host.started, 15)
    control.join("Steve")
    control.command("Steve", "/dfg join")
    control.command("Steve", "/dfg frobnicate")  # refused: an unknown subcommand

    def scrape() -> dict[str, Any]:
        status, content_type, body = _get(endpoint, "/metrics")
        assert status == 200 and content_type == CONTENT_TYPE
        return parse(body)

    assert _wait(lambda: scrape()["dfg_players"].value(state="lobby") == 1)
    assert _wait(lambda: sum(v for _, _, v in scrape()["dfg_invalid_commands_total"].samples) >= 1)
    families = scrape()
    assert families["dfg_tables"].value() == 1 and families["dfg_tables_active"].value() == 0
    assert families["dfg_players"].value(state="online") == 1
    assert families["dfg_rcon_up"].value() == 1
    duration = families["dfg_rcon_command_duration_seconds"]
    assert duration.value("dfg_rcon_command_duration_seconds_count") > 10, "setup alone sends dozens"
    assert families["dfg_log_lines_parsed_total"].value() > 0
    assert families["dfg_log_events_total"].value() >= 3  # joined, /dfg join, /dfg frobnicate
    assert families["dfg_loop_last_sample_age_seconds"].value() < 5
    # Refusals are counted through the host's on_rejected hook, labelled with the machine code.
    assert families["dfg_invalid_commands_total"].value(reason="unknown_subcommand") == 1
    assert "_tell_error" not in vars(daemon.host)  # no private method is wrapped any more
    snap = daemon.rcon.stats.snapshot()
    assert duration.value("dfg_rcon_command_duration_seconds_sum") <= snap.latency_sum

    status, content_type, body = _get(endpoint, "/healthz")
    assert status == 200 and content_type == "application/json"
    assert json.loads(body)["status"] == "ok"
    assert probe(f"http://127.0.0.1:{endpoint.port}/healthz")[0]
    # The Docker HEALTHCHECK's command line.
    url = f"http://127.0.0.1:{endpoint.port}/healthz"
    out = subprocess.run(
        [sys.executable, "-m", "dfg_bridge.app.health", "--url", url],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert out.returncode == 0 and json.loads(out.stdout)["checks"]["rcon"]["ok"], out


def test_healthz_fails_when_the_server_goes_away(running: tuple[SimServer, Daemon, Endpoint]) -> None:
    sim, _, endpoint = running
    assert _wait(lambda: _get(endpoint, "/healthz")[0] == 200, 15)
    sim.stop()
    assert _wait(lambda: _get(endpoint, "/healthz")[0] == 503, 15)
    body = json.loads(_get(endpoint, "/healthz")[2])
    assert body["status"] == "fail" and body["checks"]["rcon"] == {"ok": False, "detail": "down"}
    assert not probe(f"http://127.0.0.1:{endpoint.port}/healthz")[0]
    assert _get(endpoint, "/nope")[0] == 404


def test_dfg_bridge_run_serves_metrics_on_the_metrics_port(sim_factory: Any, tmp_path: Path) -> None:
    sim = sim_factory(flavor="vanilla")
    text = starter_config(
        Answers(sim.options.directory), rcon_port=sim.rcon_port, password_file=None, messages_dir=None
    )
    (tmp_path / "dfg.yml").write_text(text, encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RCON_PASSWORD": sim.options.rcon_password}
    env.pop("RCON_PASSWORD_FILE", None)
    argv = ["run", "--config", "dfg.yml", "--metrics-port", str(port), "--log-level", "WARNING"]
    with (tmp_path / "daemon.log").open("wb") as log:
        daemon = subprocess.Popen(
            [sys.executable, "-m", "dfg_bridge", *argv], cwd=tmp_path, env=env, stdout=log, stderr=log
        )
    try:
        url = f"http://127.0.0.1:{port}"
        assert _wait(lambda: probe(url + "/healthz", timeout=1)[0], 30), (tmp_path / "daemon.log").read_text()
        with urllib.request.urlopen(url + "/metrics", timeout=5) as response:
            assert response.headers["Content-Type"] == CONTENT_TYPE
            families = parse(response.read().decode("utf-8"))
        assert families["dfg_rcon_up"].value() == 1 and families["dfg_tables"].value() == 1
    finally:
        daemon.send_signal(signal.SIGTERM)
        status = daemon.wait(timeout=30)
    assert status == 0, (tmp_path / "daemon.log").read_text()
