"""The spectator board and server without a game: delays, JSON, events, escaping."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any

import pytest

from dfg_bridge.host.spectate import PlayEntry, TableView
from dfg_bridge.host.views import SeatSnap, TablePhase, TableSnap
from dfg_bridge.web import Board, WebServer, attach


def view(cards: int, *, hands: bool = True, name: str = "Steve") -> TableView:
    seats = (SeatSnap(name, cards=cards, to_act=True), SeatSnap("CPU1", cards=5, cpu=True))
    snap = TableSnap("t1", "卓1", phase=TablePhase.PLAY, round_no=1, rounds=2, seats=seats)
    hand = (("♠3",) * cards, ("♥4",) * 5) if hands else None
    return TableView(snap, (PlayEntry(f"{name}: ♠3", "played", name, ("♠3",)),), hand)


def get(server: WebServer, path: str) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", path)
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    kind = reply.getheader("Content-Type", "")
    return reply.status, json.loads(body) if "json" in kind else body.decode()


def test_no_hand_is_visible_before_its_delay() -> None:
    now = [100.0]
    board = Board(delay=30.0, clock=lambda: now[0])
    board.publish(view(8))
    now[0] = 110.0
    board.publish(view(7))
    for t in (100.0, 110.0, 129.99):
        now[0] = t
        assert board.visible() == {}, t
    assert board.next_release() == pytest.approx(0.01)
    now[0] = 130.0
    assert board.visible()["t1"].view.snap.seats[0].cards == 8
    now[0] = 139.99
    assert board.visible()["t1"].view.snap.seats[0].cards == 8  # the newer one still waits
    now[0] = 140.0
    assert board.visible()["t1"].view.snap.seats[0].cards == 7
    assert board.next_release() is None


def test_the_server_serves_delayed_hands_only_after_the_delay() -> None:
    now = [0.0]
    board = Board(delay=60.0, clock=lambda: now[0])
    server = WebServer(board, port=0, hands=True)
    server.start()
    try:
        board.publish(view(8))
        status, data = get(server, "/api/tables")
        assert status == 200 and data["tables"] == [] and data["delay"] == 60.0
        assert get(server, "/api/tables/t1")[0] == 404
        now[0] = 60.0
        status, one = get(server, "/api/tables/t1")
        assert status == 200 and one["seats"][0]["hand"] == ["♠3"] * 8 and one["hands_shown"]
    finally:
        server.close()


def test_without_broadcast_no_hand_reaches_the_json() -> None:
    board = Board()
    server = WebServer(board, port=0, hands=False)
    server.start()
    try:
        board.publish(view(8))  # even a view that carries hands
        _status, data = get(server, "/api/tables")
        text = json.dumps(data, ensure_ascii=False)
        assert '"hand"' not in text and data["tables"][0]["hands_shown"] is False
        assert data["tables"][0]["seats"][0] == {
            "seat": 0, "name": "Steve", "cpu": False, "cards": 8, "points": 0, "to_act": True,
            "passed": False, "place": None, "title": None, "dropped": False, "away": False,
        }  # fmt: skip
        assert data["tables"][0]["history"] == [
            {"text": "Steve: ♠3", "kind": "played", "player": "Steve", "cards": ["♠3"]}
        ]
    finally:
        server.close()


def test_events_push_a_change_at_once_and_the_page_is_served() -> None:
    board = Board()
    server = WebServer(board, port=0, keepalive=0.5)
    server.start()
    got: list[tuple[float, dict[str, Any]]] = []

    def listen() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/api/events?table=t1")
        reply = conn.getresponse()
        assert reply.getheader("Content-Type", "").startswith("text/event-stream")
        while len(got) < 2:
            line = reply.fp.readline().decode()
            if line.startswith("data: "):
                got.append((time.monotonic(), json.loads(line[6:])))
        conn.close()

    try:
        board.publish(view(8))
        reader = threading.Thread(target=listen, daemon=True)
        reader.start()
        time.sleep(0.3)
        sent = time.monotonic()
        board.publish(view(7))
        reader.join(5)
        assert [d["seats"][0]["cards"] for _t, d in got] == [8, 7]
        assert got[1][0] - sent < 0.5
        status, page = get(server, "/tables/t1")
        assert status == 200 and "/static/app.js" in page
        assert get(server, "/static/app.js")[0] == 200 and get(server, "/nope")[0] == 404
    finally:
        server.close()


def test_untrusted_names_stay_text_in_the_json() -> None:
    board = Board()
    server = WebServer(board, port=0)
    server.start()
    try:
        board.publish(view(3, name='</script><img src=x onerror=alert(1)>"'))
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("GET", "/api/tables/t1")
        raw = conn.getresponse().read().decode()
        assert json.loads(raw)["seats"][0]["name"] == '</script><img src=x onerror=alert(1)>"'
        assert '\\"' in raw  # escaped once, by json.dumps
    finally:
        server.close()


def test_attach_refuses_hands_without_a_delay() -> None:
    with pytest.raises(ValueError, match="delay"):
        attach(object(), hands=True, delay=0)  # type: ignore[arg-type]
