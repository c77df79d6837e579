"""From the table to a seat's :class:`ScreenState` (画面の状態を作る).

The only place that reads the live match for the hand screen; everything after it is pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.engine import Phase
from dfg_bridge.host.announce import rank_name, title_of
from dfg_bridge.host.handscreen.state import NO_VERDICT, PlayerLine, ScreenState, SortOrder
from dfg_bridge.host.handscreen.verdict import give_count, pass_refusal, verdict
from dfg_bridge.host.views import TablePhase, TableSnap

if TYPE_CHECKING:
    from dfg_bridge.engine import Round
    from dfg_bridge.host.handscreen.port import ScreenTable


def screen_state(
    table: ScreenTable, snap: TableSnap, player: str, seat: int, *, sort: SortOrder, page: int = 0
) -> ScreenState:
    """What ``player`` (at ``seat``) sees on their screen now."""
    run = table.run
    if run is None:
        return ScreenState(sort=sort, page=page)
    rnd = run.round
    msgs, lang = table.ctx.msgs, table.ctx.lang
    players = tuple(
        PlayerLine(
            name=s.name,
            cards=s.cards,
            place=s.place,
            title=rank_name(s.title, msgs, lang) if s.title else None,
            to_act=s.to_act,
            passed=s.passed,
            dropped=s.dropped,
            cpu=s.cpu,
            me=i == seat,
        )
        for i, s in enumerate(snap.seats)
    )
    info = _info(table, seat)
    if rnd is None:
        return ScreenState(
            sort=sort, players=players, round_no=run.round_no, rounds=run.rounds, info=info, page=page
        )
    hand = rnd.hand(seat) if seat < rnd.n_seats else ()
    in_hand = {c.index for c in hand}
    selected = frozenset(i for i in table.selection.get(player, ()) if i in in_hand)
    acting = seat < len(snap.seats) and snap.seats[seat].to_act
    field = rnd.field
    field_by = rnd.field_by
    live = snap.phase in (TablePhase.PLAY, TablePhase.EXCHANGE)
    return ScreenState(
        hand=hand,
        selected=selected,
        sort=sort,
        inverted=rnd.inverted,
        field=field.cards if field is not None else (),
        readings=field.readings if field is not None else (),
        field_kind=field.kind.value if field is not None else None,
        field_by=run.participants[field_by].name if field is not None and field_by is not None else None,
        players=players,
        revolution=rnd.revolution,
        eleven_back=rnd.eleven_back,
        lock="".join(s.symbol for s in sorted(rnd.lock)) if rnd.lock else "",
        number_lock=rnd.number_lock,
        round_no=run.round_no,
        rounds=run.rounds,
        seconds_left=coarse_seconds(snap.seconds_left) if acting else None,
        time_limit=snap.seconds_total,
        verdict=verdict(rnd, seat, selected) if live else NO_VERDICT,
        pass_code=shown_pass_code(rnd, seat) if live else "not_now",
        exchange=rnd.phase is Phase.EXCHANGE,
        give_count=give_count(rnd, seat) if live and acting else None,
        info=info,
        page=page,
    )


def shown_pass_code(rnd: Round, seat: int) -> str | None:
    """Why パス is refused, as the パス button shows it (``None``: plain パス).

    Off turn it reads plain パス, as on turn, so a turn's start and end do not rewrite it (issue 19);
    pressing it off turn still says "not your turn" (:func:`~.verdict.pass_refusal`).
    """
    code = pass_refusal(rnd, seat)
    return None if code == "not_your_turn" else code


CLOCK_FROM = 20
"""Seconds left from which the screen's clock counts down; before, it shows the time limit."""


def coarse_seconds(seconds: int | None) -> int | None:
    """The time left as the screen's clock counts it: ``None`` (the clock shows the time limit) until
    :data:`CLOCK_FROM` seconds are left, then in steps of 5 s, every second from 10 s down.

    Each change of the clock is one slot write (an RCON command on the server's main thread), so most
    turns, which end sooner, never rewrite it (issue 19); the bossbar shows the exact countdown.

    >>> [coarse_seconds(s) for s in (60, 21, 20, 18, 15, 11, 10, 3, None)]
    [None, None, 20, 20, 15, 15, 10, 3, None]
    """
    if seconds is None or seconds > CLOCK_FROM:
        return None
    if seconds <= 10:
        return seconds
    return -(-seconds // 5) * 5


def _info(table: ScreenTable, seat: int) -> tuple[str, ...]:
    """自分の情報: name, total points and the last round's rank."""
    run = table.run
    if run is None or seat >= len(run.participants):
        return ()
    msgs, lang = table.ctx.msgs, table.ctx.lang
    totals = run.match.totals()
    lines = [msgs.get("hand.info_points", lang, player=run.participants[seat].name, points=totals[seat])]
    records = run.match.records
    if records:
        ranking = records[-1].ranking
        if seat in ranking:
            place = ranking.index(seat) + 1
            rank = rank_name(title_of(place, len(ranking)), msgs, lang)
            lines.append(msgs.get("hand.info_last", lang, place=place, rank=rank))
    lines.append(msgs.get("hand.info_round", lang, round=run.round_no, rounds=run.rounds))
    return tuple(lines)
