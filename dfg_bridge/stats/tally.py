"""Applying one match to the players it involves (集計) — pure, so every store shares it.

A store reads each player's :class:`PlayerState` inside its transaction, calls :func:`settle`
and writes the states back; the rules of what counts live here only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dfg_bridge.stats.dan import Ladder
from dfg_bridge.stats.rating import Rating, rate
from dfg_bridge.stats.values import MatchResult, Outcome, Standing, StatLine, buckets, dropout_only


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What a match may change for one player: rating, stat lines by bucket, season standing."""

    rating: Rating
    lines: Mapping[str, StatLine]
    standing: Standing


def rating_ranks(result: MatchResult) -> list[int]:
    """The places the rating sees: final places, and every dropout shares the last one.

    >>> from dfg_bridge.stats.values import SeatResult
    >>> seats = (SeatResult("A", None, 2, 5), SeatResult("B", None, 1, 9),
    ...          SeatResult("C", None, 3, 0, dropped=True))
    >>> rating_ranks(MatchResult("m", "s", "t", "minecraft", True, False, 3, seats, 0.0))
    [1, 0, 2]
    """
    kept = sorted({s.place for s in result.seats if not s.dropped})
    last = len(kept)
    return [last if s.dropped else kept.index(s.place) for s in result.seats]


def settle(
    result: MatchResult, before: Sequence[PlayerState], ladder: Ladder
) -> tuple[list[PlayerState], list[Outcome]]:
    """The states after ``result`` (one per seat, in seat order) and what changed for each."""
    if len(before) != len(result.seats):
        raise ValueError("one state per seat")
    names = buckets(result.preset, practice=result.practice)
    ratings = [state.rating for state in before]
    if result.rated:
        ratings = rate(ratings, rating_ranks(result))
    after: list[PlayerState] = []
    outcomes: list[Outcome] = []
    for seat, state, rating in zip(result.seats, before, ratings, strict=True):
        lines = dict(state.lines)
        for bucket in names:
            line = lines.get(bucket) or StatLine(bucket)
            if not result.void:
                lines[bucket] = line.add(seat)
            elif seat.dropped:
                lines[bucket] = dropout_only(line)
        standing = state.standing
        if result.ranked and not result.practice and (seat.dropped or not result.void):
            delta = (
                -ladder.dropout_penalty if seat.dropped else ladder.place_points(seat.place, result.players)
            )
            standing = dataclasses.replace(
                standing, points=ladder.apply(standing.points, delta), plays=standing.plays + 1
            )
        if not result.practice:
            standing = dataclasses.replace(standing, rating=rating)
        after.append(PlayerState(rating, lines, standing))
        outcomes.append(
            Outcome(
                seat.name,
                state.rating,
                rating,
                state.standing.points,
                standing.points,
                ladder.dan(state.standing.points),
                ladder.dan(standing.points),
                seat.dropped,
            )
        )
    return after, outcomes
