"""Table views as JSON (観戦データ): the one shape the page, the SSE stream and overlays all read.

Player names and chat texts are untrusted: they are escaped in exactly one place, :func:`encode`
(``json.dumps``), and the page only ever puts them into the DOM as text. Hands appear only when the
board broadcasts them (:attr:`Board.delay` > 0 and the view carries them).

>>> from dfg_bridge.host.spectate import TableView
>>> from dfg_bridge.host.views import SeatSnap, TableSnap
>>> view = TableView(TableSnap("t1", "卓1", seats=(SeatSnap("Steve", cards=3),)), hands=(("♠3",),))
>>> data = table_json(Release(1, 0.0, 0.0, view), hands=False)
>>> data["seats"][0]["name"], data["seats"][0]["cards"], "hand" in data["seats"][0]
('Steve', 3, False)
"""

from __future__ import annotations

import json
from typing import Any

from dfg_bridge.web.board import Release


def table_json(release: Release, *, hands: bool) -> dict[str, Any]:
    """One table: seats, the field, 革命中/縛り中, the time left, points, history (hands if ``hands``)."""
    view = release.view
    snap = view.snap
    seats = []
    for i, seat in enumerate(snap.seats):
        entry: dict[str, Any] = {
            "seat": i,
            "name": seat.name,
            "cpu": seat.cpu,
            "cards": seat.cards,
            "points": seat.points,
            "to_act": seat.to_act,
            "passed": seat.passed,
            "place": seat.place,
            "title": seat.title,
            "dropped": seat.dropped,
            "away": seat.away,
        }
        if hands and view.hands is not None and i < len(view.hands):
            entry["hand"] = list(view.hands[i])
        seats.append(entry)
    return {
        "id": snap.table_id,
        "name": snap.table_name,
        "seq": release.seq,
        "published": round(release.wall, 3),
        "match": view.match_id,
        "phase": snap.phase.value,
        "round": snap.round_no,
        "rounds": snap.rounds,
        "seats": seats,
        "lobby": list(snap.lobby),
        "field": snap.field.plain() if snap.field is not None else None,
        "revolution": snap.revolution,
        "eleven_back": snap.eleven_back,
        "lock": snap.lock,
        "number_lock": snap.number_lock,
        "acting": list(snap.acting),
        "seconds_left": snap.seconds_left,
        "seconds_total": snap.seconds_total,
        "history": [
            {"text": e.text, "kind": e.kind, "player": e.player, "cards": list(e.cards)} for e in view.history
        ],
        "hands_shown": bool(hands and view.hands is not None),
    }


def encode(data: object) -> bytes:
    """The JSON bytes of ``data`` (the one place untrusted text is escaped for the web)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


__all__ = ["encode", "table_json"]
