"""A finished match as a value for the stats ledger, and its standings broadcast (最終順位).

:func:`match_result` is the one bridge from the host's match state to
:class:`dfg_bridge.stats.MatchResult`; :func:`standings_text` is the one place the final standings
are written, so the stats desk can add rating changes to the same lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.intents import Mode
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.model.text import Text
from dfg_bridge.stats import MatchResult, SeatResult

VOID = (EndReason.STOPPED, EndReason.RESTARTED)
"""Ends no player chose: such a match counts only its dropouts."""


def match_result(
    table: TableSettings, run: MatchRun, reason: EndReason, uuids: Mapping[str, str], *, server: str,
    now: float,
) -> MatchResult | None:  # fmt: skip
    """The match as the stats see it; ``None`` when there is nothing to record (no human, nothing played)."""
    humans = [(seat, p) for seat, p in enumerate(run.participants) if not p.cpu]
    records = run.match.records
    if not humans or (not records and not (run.dropped & {s for s, _ in humans})):
        return None
    places = {seat: place for place, seat in enumerate(run.match.standings(), start=1)}
    totals = run.match.totals()
    seats = tuple(
        SeatResult(
            name=person.name,
            uuid=uuids.get(person.name),
            place=places[seat],
            points=totals[seat],
            titles=tuple(t for r in records if (t := r.titles[seat]) is not None),
            miyako_ochi=run.miyako_ochi[seat],
            fouls=run.fouls[seat],
            dropped=seat in run.dropped,
        )
        for seat, person in humans
    )
    practice = run.mode is Mode.CPU
    return MatchResult(
        match_id=run.match_id,
        server=server,
        table=table.id,
        preset=table.rules_name,
        ranked=table.ranked and not practice,
        practice=practice,
        players=len(run.participants),
        seats=seats,
        finished_at=now,
        void=reason in VOID or not records,
    )


def standings_text(
    ctx: HostContext, table_name: str, standings: Sequence[tuple[int, str, int]], *, complete: bool,
    notes: Mapping[str, Text] | None = None,
) -> Text:  # fmt: skip
    """The final standings for the whole server; ``notes`` adds a text after a player's line."""
    parts: list[Text] = []
    if not complete:
        # Why it ended comes first: the standings below are only the points so far.
        parts += [Text(ctx.text("match.ended_early"), color="gray"), Text("\n")]
    parts += [Text(ctx.text("match.over"), color="gold", bold=True), Text(f" ({table_name})")]
    for place, name, points in standings:
        parts += [Text("\n"), Text(ctx.text("match.standing", place=place, player=name, total=points))]
        if notes and name in notes:
            parts += [Text(" "), notes[name]]
    parts += [Text("\n"), Text(ctx.text("match.winner", player=standings[0][1]), color="gold")]
    return Text.join(parts)
