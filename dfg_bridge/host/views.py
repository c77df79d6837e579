"""Displays as pure functions of state (表示): a table snapshot in, desired elements out.

Seed 001 「試合の流れ」: over each seat the name, cards left, ▶ for the player to act, パス, and
place and rank once finished; the table centre shows the field, 革命中 and 縛り中; the sidebar
everyone's total points and cards left; the bossbar the round, whose turn and the time left. Lobby
players see the sidebar and bossbar too (they are in the table's team).

:func:`desired` returns the whole display of one table as ``{Element: value}``; the differ sends
only what changed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from dfg_bridge.host.announce import cards_message, rank_name
from dfg_bridge.host.differ import Element, Kind
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Text


class TablePhase(enum.Enum):
    """What a table is doing, as the displays see it."""

    IDLE = "idle"
    """No match: the lobby waits."""
    EXCHANGE = "exchange"
    """カード交換."""
    PLAY = "play"
    """A round is being played."""
    BETWEEN = "between"
    """A round ended; the next starts shortly."""
    PAUSED = "paused"
    """Waiting for players to come back after a server restart."""


@dataclass(frozen=True, slots=True)
class SeatSnap:
    """One seat as the displays show it."""

    name: str
    cards: int = 0
    points: int = 0
    to_act: bool = False
    passed: bool = False
    place: int | None = None
    title: str | None = None
    dropped: bool = False
    away: bool = False
    cpu: bool = False


@dataclass(frozen=True, slots=True)
class TableSnap:
    """Everything the displays of one table depend on."""

    table_id: str
    table_name: str
    phase: TablePhase = TablePhase.IDLE
    round_no: int = 0
    rounds: int = 0
    seats: tuple[SeatSnap, ...] = ()
    field: Text | None = None
    revolution: bool = False
    eleven_back: bool = False
    lock: str = ""
    """Locked suits as symbols (``♥``), empty when there is no 縛り."""
    number_lock: bool = False
    acting: tuple[str, ...] = ()
    """Who must act now (one in play, several in the exchange)."""
    seconds_left: int | None = None
    seconds_total: int | None = None
    lobby: tuple[str, ...] = ()
    """Lobby members in join order (match players included)."""
    members: tuple[str, ...] = ()
    """Everyone in the table's team: lobby members (online or not)."""
    seat_count: int = 0
    """Seat text displays the table has (all are drawn, empty ones blank)."""


def _seat_text(seat: SeatSnap, msgs: MessageCatalog, lang: str) -> Text:
    who = {"player": seat.name, "count": seat.cards}
    if seat.dropped:
        text = Text(msgs.get("display.seat_dropped", lang, **who), color="red")
    elif seat.place is not None:
        rank = rank_name(seat.title or "", msgs, lang)
        finished = msgs.get("display.seat_finished", lang, place=seat.place, rank=rank, **who)
        text = Text(finished, color="aqua")
    elif seat.to_act:
        text = Text(msgs.get("display.seat_turn", lang, **who), color="yellow", bold=True)
    elif seat.passed:
        text = Text(msgs.get("display.seat_pass", lang, **who), color="gray")
    else:
        text = Text(msgs.get("display.seat", lang, **who))
    if seat.away:
        return Text.join([text, Text("\n"), Text(msgs.get("display.seat_away", lang), color="gray")])
    return text


def _centre(snap: TableSnap, msgs: MessageCatalog, lang: str) -> Text:
    if snap.phase is TablePhase.IDLE:
        idle = msgs.get("display.centre_idle", lang, table=snap.table_name, count=len(snap.lobby))
        return Text(idle, color="gold")
    if snap.phase is TablePhase.EXCHANGE:
        body = Text(msgs.get("display.centre_exchange", lang), color="aqua")
    elif snap.field is None:
        body = Text(msgs.get("display.centre_empty", lang), color="gray")
    else:
        body = cards_message(msgs, "display.centre_field", lang, snap.field)
    parts = [body]
    if snap.revolution:
        parts += [Text("\n"), Text(msgs.get("display.revolution", lang), color="gold", bold=True)]
    if snap.eleven_back:
        parts += [Text("\n"), Text(msgs.get("display.eleven_back", lang), color="gold")]
    if snap.lock:
        parts += [Text("\n"), Text(msgs.get("display.locked", lang, suit=snap.lock), color="gold")]
    if snap.number_lock:
        parts += [Text("\n"), Text(msgs.get("display.number_lock", lang), color="gold")]
    return Text.join(parts)


NAME_COUNTDOWN = 10
"""Seconds left from which the bossbar's name shows the countdown too (the bar shows it always)."""
BAR_STEP = 2
"""Before the last :data:`NAME_COUNTDOWN` seconds the bar moves in steps of this many seconds."""


def bar_value(left: int, total: int) -> int:
    """The bossbar's value for ``left`` seconds of ``total``: every second in the last
    :data:`NAME_COUNTDOWN`, in :data:`BAR_STEP`-second steps before (one write per step, issue 19).

    >>> [bar_value(s, 60) for s in (60, 59, 58, 12, 11, 10, 9)]
    [60, 60, 58, 12, 12, 10, 9]
    """
    if left <= NAME_COUNTDOWN:
        return left
    return min(total, -(-left // BAR_STEP) * BAR_STEP)


def _bossbar(snap: TableSnap, msgs: MessageCatalog, lang: str) -> tuple[Text, int, int]:
    total = snap.seconds_total or 1
    left = snap.seconds_left if snap.seconds_left is not None else total
    where = {"round": snap.round_no, "rounds": snap.rounds}
    if snap.phase is TablePhase.IDLE:
        return Text(msgs.get("display.bossbar_lobby", lang, count=len(snap.lobby))), 0, 1
    if snap.phase is TablePhase.PAUSED:
        return Text(msgs.get("display.bossbar_paused", lang, table=snap.table_name)), 0, 1
    if snap.phase is TablePhase.BETWEEN:
        return Text(msgs.get("display.bossbar_between", lang, **where)), 0, 1
    # The bar itself counts down every second; the name says the seconds only in the last
    # :data:`NAME_COUNTDOWN` of them, so a turn costs one name change instead of one a second (issue 19).
    counting = snap.seconds_left is not None and left <= NAME_COUNTDOWN
    if snap.phase is TablePhase.EXCHANGE:
        key = "display.bossbar_exchange" if counting else "display.bossbar_exchange_wait"
        return Text(msgs.get(key, lang, seconds=left, **where)), bar_value(left, total), total
    who = "、".join(snap.acting) or "-"
    key = "display.bossbar" if counting else "display.bossbar_turn"
    return Text(msgs.get(key, lang, player=who, seconds=left, **where)), bar_value(left, total), total


def _sidebar_lines(snap: TableSnap, msgs: MessageCatalog, lang: str) -> list[tuple[int, Text]]:
    if snap.phase is TablePhase.IDLE:
        return [(0, Text(msgs.get("display.sidebar_waiting", lang, player=name))) for name in snap.lobby]
    lines = []
    for seat in snap.seats:
        who = {"player": seat.name, "points": seat.points, "count": seat.cards}
        if seat.dropped:
            text = Text(msgs.get("display.sidebar_dropped", lang, **who), color="gray")
        elif seat.place is not None:
            text = Text(msgs.get("display.sidebar_finished", lang, place=seat.place, **who), color="aqua")
        else:
            # No turn colour here: the bossbar and the over-seat ▶ say whose turn it is, and a colour
            # would cost two sidebar writes per turn (issue 19).
            text = Text(msgs.get("display.sidebar_line", lang, **who))
        lines.append((seat.points, text))
    return lines


def desired(snap: TableSnap, msgs: MessageCatalog, lang: str) -> dict[Element, object]:
    """The whole display of one table (pure)."""
    tid = snap.table_id
    out: dict[Element, object] = {}
    for member in snap.members:
        out[Element(Kind.MEMBER, tid, member)] = True
    title = msgs.get("display.sidebar_title", lang, table=snap.table_name)
    out[Element(Kind.SIDE_TITLE, tid)] = Text(title, color="gold")
    for i, (score, text) in enumerate(_sidebar_lines(snap, msgs, lang)):
        holder = TableNames.line(i)
        out[Element(Kind.SIDE_SCORE, tid, holder)] = score
        out[Element(Kind.SIDE_NAME, tid, holder)] = text
    name, value, maximum = _bossbar(snap, msgs, lang)
    out[Element(Kind.BOSSBAR_NAME, tid)] = name
    out[Element(Kind.BOSSBAR_MAX, tid)] = maximum
    out[Element(Kind.BOSSBAR_VALUE, tid)] = value
    out[Element(Kind.BOSSBAR_VISIBLE, tid)] = True
    out[Element(Kind.BOSSBAR_PLAYERS, tid)] = tuple(sorted(snap.members))
    for i in range(snap.seat_count):
        seat = snap.seats[i] if i < len(snap.seats) else None
        out[Element(Kind.SEAT_TEXT, tid, str(i))] = _seat_text(seat, msgs, lang) if seat else Text("")
    out[Element(Kind.CENTRE, tid)] = _centre(snap, msgs, lang)
    return out
