"""Stats, rating and the ranked ladder (成績・レート・段位戦) — the pure core.

Nothing here does I/O: the values, openskill rating, dan levels, seasons and the daily rules
rotation. Storage (SQLite, PostgreSQL), the durable outbox and the writer thread are in
:mod:`dfg_bridge.stats.store`; the host talks to them only through :class:`StatsPort`.
"""

from dfg_bridge.stats.dan import Bracket, Dan, Ladder, bracket_of, season_reset
from dfg_bridge.stats.protocol import (
    AdminDone,
    AskProfile,
    AskTop,
    Health,
    NewSeason,
    ProfileAnswer,
    Record,
    Recorded,
    Reply,
    Request,
    ResetPlayer,
    StatsPort,
    TopAnswer,
    Unavailable,
    UuidSeen,
)
from dfg_bridge.stats.rating import Rating, rate
from dfg_bridge.stats.settings import RotationEntry, StatsSettings
from dfg_bridge.stats.values import BoardRow, MatchResult, Outcome, Profile, SeatResult, Standing, StatLine

__all__ = [
    "AdminDone",
    "AskProfile",
    "AskTop",
    "BoardRow",
    "Bracket",
    "Dan",
    "Health",
    "Ladder",
    "MatchResult",
    "NewSeason",
    "Outcome",
    "Profile",
    "ProfileAnswer",
    "Rating",
    "Record",
    "Recorded",
    "Reply",
    "Request",
    "ResetPlayer",
    "RotationEntry",
    "SeatResult",
    "Standing",
    "StatLine",
    "StatsPort",
    "StatsSettings",
    "TopAnswer",
    "Unavailable",
    "UuidSeen",
    "bracket_of",
    "rate",
    "season_reset",
]
