"""The spectator page against a running match on the simulated server: in a real headless Chromium,
and the broadcast delay end to end (no hand data ever reaches a page before its delay)."""

from __future__ import annotations

import http.client
import io
import json
import random
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.demo import Show, play
from dfg_bridge.app.demo.world import DemoWorld
from dfg_bridge.web import WebServer, attach
from tests.web.webdriver import Browser

DELAY = 1.5


class Match:
    """A demo match (Steve plays by clicks) running in a thread, with the spectator server attached."""

    def __init__(self, *, hands: bool, cpu_delay: float, rounds: int = 1) -> None:
        self.world = DemoWorld("1.21.6", rounds, cpu_delay, 11)
        self.hands = hands
        self.published: dict[int, float] = {}
        self.code: int | None = None

    def __enter__(self) -> Match:
        self.world.__enter__()
        self.web: WebServer = attach(self.world.daemon.host, port=0, hands=self.hands,
                                     delay=DELAY if self.hands else 0.0)  # fmt: skip
        board = self.web.board
        original = board.publish

        def spy(view: Any) -> None:  # when each view left the host, by our own clock
            # stamped before the board takes it: stamped after, a busy machine could pause this thread
            # between the board's own stamp and ours, and a view released on time looked early
            left = time.time()
            original(view)
            self.published[max(self.published, default=0) + 1] = left

        hook = self.world.daemon.host.spectate
        assert hook is not None
        hook.publish = spy
        show = Show(io.StringIO(), live=False, record=None)
        self.thread = threading.Thread(target=self._run, args=(show,), daemon=True)
        self.thread.start()
        return self

    def _run(self, show: Show) -> None:
        self.code = play(self.world, show, rng=random.Random(3), timeout=180)

    def __exit__(self, *exc: object) -> None:
        self.thread.join(200)
        self.web.close()
        self.world.__exit__(None, None, None)


def events(port: int, until: threading.Event) -> Iterator[tuple[float, dict[str, Any]]]:
    """(arrival wall time, JSON) of every ``table`` event, until ``until`` is set."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/api/events")
    reply = conn.getresponse()
    while not until.is_set():
        try:
            line = reply.fp.readline().decode()
        except TimeoutError:
            continue
        if not line:
            break
        if line.startswith("data: "):
            yield time.time(), json.loads(line[6:])
    conn.close()


def test_broadcast_hands_never_arrive_before_their_delay() -> None:
    with Match(hands=True, cpu_delay=0.05) as match:
        done = threading.Event()
        seen: list[tuple[float, dict[str, Any]]] = []

        def read() -> None:
            seen.extend(events(match.web.port, done))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        match.thread.join(200)
        time.sleep(DELAY + 1)
        done.set()
        reader.join(10)
    assert match.code == 0
    with_hands = [(at, d) for at, d in seen if d["hands_shown"]]
    assert len(with_hands) > 20
    early = [(d["seq"], at - match.published[d["seq"]]) for at, d in with_hands
             if at - match.published[d["seq"]] < DELAY]  # fmt: skip
    assert early == []
    # Hands are real: each seat's hand has as many cards as the seat has left.
    for _at, d in with_hands:
        for seat in d["seats"]:
            assert len(seat.get("hand", [])) == seat["cards"]


def test_without_broadcast_no_hand_data_is_ever_sent() -> None:
    with Match(hands=False, cpu_delay=0.05) as match:
        done = threading.Event()
        raw: list[str] = []

        def read() -> None:
            raw.extend(json.dumps(d, ensure_ascii=False) for _at, d in events(match.web.port, done))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        match.thread.join(200)
        time.sleep(0.5)
        done.set()
        reader.join(10)
        hook = match.world.daemon.host.spectate
        assert hook is not None and hook.hands is False
    assert match.code == 0 and len(raw) > 20
    assert not [r for r in raw if '"hand"' in r]
    assert any('"kind": "played"' in r for r in raw)


@pytest.mark.usefixtures("browser_installed")
def test_the_page_in_a_headless_browser_follows_a_running_match(tmp_path: Path) -> None:
    with Match(hands=False, cpu_delay=0.4) as match, Browser(width=1280, height=900) as browser:
        browser.get(match.web.url + "tables/t1")
        end = time.monotonic() + 60
        seen_names: set[str] = set()
        fields: set[str] = set()
        while time.monotonic() < end and match.thread.is_alive():
            state = browser.run(
                "const s = [...document.querySelectorAll('.seat')].map(e => e.dataset.name);"
                "const f = [...document.querySelectorAll('#field .card')].map(e => e.textContent).join(' ');"
                "const h = document.querySelectorAll('#history li').length;"
                "return {seats: s, field: f, history: h, updates: window.dfgSpectator.updates.length};"
            )
            seen_names.update(state["seats"])
            if state["field"]:
                fields.add(state["field"])
            if state["updates"] > 40 and len(fields) > 5:
                break
            time.sleep(0.2)
        # The page agrees with the JSON overlays read.
        conn = http.client.HTTPConnection("127.0.0.1", match.web.port, timeout=5)
        conn.request("GET", "/api/tables/t1")
        data = json.loads(conn.getresponse().read())
        conn.close()
        time.sleep(0.3)
        shown = browser.run("return [...document.querySelectorAll('.seat')].map("
                            "e => [e.dataset.name, Number(e.dataset.cards)]);")  # fmt: skip
        updates = browser.run("return window.dfgSpectator.updates;")
        browser.screenshot(tmp_path / "spectator.png")
    assert {"Steve", "CPU1", "CPU2", "CPU3"} <= seen_names
    assert len(fields) > 5, fields
    assert [s[0] for s in shown] == [s["name"] for s in data["seats"]]
    # Every change after the page opened was drawn within 1 s of its publication (a play, a pass…).
    latencies = [u["shown"] / 1000 - match.published[u["seq"]] for u in updates[1:]]
    assert len(latencies) > 20
    print(
        f"\nbrowser update latency: median {statistics.median(latencies) * 1000:.0f} ms, "
        f"max {max(latencies) * 1000:.0f} ms over {len(latencies)} updates"
    )
    assert max(latencies) < 1.0
    assert (tmp_path / "spectator.png").stat().st_size > 10_000


@pytest.fixture
def browser_installed() -> None:
    """Fail (never skip) without the browser: ``make test`` installs Debian's packages."""
    from tests.web.webdriver import CHROMEDRIVER, CHROMIUM, find

    assert find(CHROMEDRIVER) and find(CHROMIUM), (
        "Debian's chromium and chromium-driver are missing; `make test` installs them "
        "(apt-get install -y chromium chromium-driver)"
    )
