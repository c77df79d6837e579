"""A table's state as the frozen snapshot its displays are computed from (表示用の状態).

:func:`table_snapshot` reads a :class:`SnapshotSource` — a table's lobby, settings and match flow —
and returns the :class:`~dfg_bridge.host.views.TableSnap` that :mod:`dfg_bridge.host.views` turns
into desired displays.
"""

from __future__ import annotations

from typing import Protocol

from dfg_bridge.engine import Phase
from dfg_bridge.host.announce import cards_text, title_of
from dfg_bridge.host.flow import MatchFlow
from dfg_bridge.host.lobby import Lobby
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.host.views import SeatSnap, TablePhase, TableSnap

_SUIT_SYMBOLS = {"SPADES": "♠", "HEARTS": "♥", "DIAMONDS": "♦", "CLUBS": "♣"}


class SnapshotSource(Protocol):
    """What a snapshot is taken of."""

    @property
    def id(self) -> str: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def lobby(self) -> Lobby: ...
    @property
    def flow(self) -> MatchFlow: ...


def table_snapshot(table: SnapshotSource) -> TableSnap:
    """What the displays of ``table`` depend on, now."""
    flow = table.flow
    base = {
        "table_id": table.id,
        "table_name": table.settings.name,
        "lobby": tuple(table.lobby.members),
        "members": tuple(table.lobby.members),
        "seat_count": len(table.settings.seats),
    }
    run = flow.run
    if run is None:
        return TableSnap(**base)  # type: ignore[arg-type]
    rnd = run.round
    totals = run.match.totals()
    awaiting = flow.awaiting()
    places = {f.seat: f.place for f in rnd.finished} if rnd is not None else {}
    counts = rnd.hand_counts() if rnd is not None else (0,) * len(run.participants)
    seats = []
    for i, person in enumerate(run.participants):
        place = places.get(i)
        seats.append(
            SeatSnap(
                name=person.name,
                cards=counts[i],
                points=totals[i],
                to_act=i in awaiting,
                passed=rnd is not None and i in rnd.passed,
                place=place,
                title=title_of(place, run.round_players) if place is not None else None,
                dropped=i in run.dropped,
                away=person.name in flow.away,
                cpu=person.cpu,
            )
        )
    if flow.paused_until is not None:
        phase = TablePhase.PAUSED
    elif rnd is None or flow.between_rounds:
        phase = TablePhase.BETWEEN
    elif rnd.phase is Phase.EXCHANGE:
        phase = TablePhase.EXCHANGE
    else:
        phase = TablePhase.PLAY
    field = cards_text(rnd.field.cards, rnd.field.readings) if rnd is not None and rnd.field else None
    lock = "".join(_SUIT_SYMBOLS.get(s.name, "") for s in sorted(rnd.lock)) if rnd and rnd.lock else ""
    return TableSnap(
        **base,  # type: ignore[arg-type]
        phase=phase,
        round_no=run.round_no,
        rounds=run.rounds,
        seats=tuple(seats),
        field=field,
        revolution=bool(rnd and rnd.revolution),
        eleven_back=bool(rnd and rnd.eleven_back),
        lock=lock,
        number_lock=bool(rnd and rnd.number_lock),
        acting=tuple(run.participants[s].name for s in sorted(awaiting)),
        seconds_left=flow.seconds_left(),
        seconds_total=round(flow.timer.deadline_total) if flow.timer.deadline_total else None,
    )


__all__ = ["SnapshotSource", "table_snapshot"]
