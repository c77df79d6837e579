"""What the host asks the stats writer, and what comes back (成績の問い合わせ) — values only.

The host never waits for the database: it :meth:`StatsPort.submit`\\ s a request value, and the
writer thread answers by posting one of the reply values onto the host's event queue. ``asker`` is
the player to answer (``None`` for the host's own requests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from dfg_bridge.stats.values import BoardRow, MatchResult, Outcome, Profile


@dataclass(frozen=True, slots=True)
class Record:
    """Record a finished match (queued durably first; written once)."""

    result: MatchResult


@dataclass(frozen=True, slots=True)
class UuidSeen:
    """A player's UUID was seen at login (follows renames)."""

    name: str
    uuid: str


@dataclass(frozen=True, slots=True)
class AskProfile:
    """``/dfg stats [player]`` (or ``/dfg rank``: ``rank=True``)."""

    asker: str | None
    name: str
    uuid: str | None = None
    rank: bool = False


@dataclass(frozen=True, slots=True)
class AskTop:
    """``/dfg top [n] [season]``; ``season`` ``None`` is the current one. ``asker`` ``None``: the boards."""

    asker: str | None
    count: int
    season: int | None = None


@dataclass(frozen=True, slots=True)
class NewSeason:
    """``/dfg admin season new``: start the next season (開催回) with the reset table."""

    asker: str | None


@dataclass(frozen=True, slots=True)
class ResetPlayer:
    """``/dfg admin stats reset <player>``: forget one player's stats, rating and standings."""

    asker: str | None
    name: str


Request = Record | UuidSeen | AskProfile | AskTop | NewSeason | ResetPlayer
"""Everything the host may submit."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """A match was written: what it changed, and the current season's top rows after it."""

    match_id: str
    table: str
    ranked: bool
    season: int
    outcomes: tuple[Outcome, ...]
    board: tuple[BoardRow, ...]


@dataclass(frozen=True, slots=True)
class ProfileAnswer:
    """The answer to :class:`AskProfile` (``profile`` ``None``: no such player)."""

    asker: str | None
    name: str
    season: int
    profile: Profile | None
    rank: bool = False


@dataclass(frozen=True, slots=True)
class TopAnswer:
    """The answer to :class:`AskTop`."""

    asker: str | None
    season: int
    rows: tuple[BoardRow, ...]


@dataclass(frozen=True, slots=True)
class AdminDone:
    """An admin request was done: ``what`` is ``season`` (``value`` the new number) or ``reset``."""

    asker: str | None
    what: str
    value: str
    ok: bool = True


@dataclass(frozen=True, slots=True)
class Unavailable:
    """The database cannot answer now; a match result stays queued and is written later."""

    asker: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Health:
    """The database went down (``up=False``, results queued) or came back (``queued`` left)."""

    up: bool
    queued: int = 0


Reply = Recorded | ProfileAnswer | TopAnswer | AdminDone | Unavailable | Health
"""Everything the writer posts back."""


class StatsPort(Protocol):
    """The host's one way to the stats ledger; never blocks on the database."""

    def submit(self, request: Request) -> None:
        """Hand a request to the writer (returns at once)."""
