"""Values of the stats ledger (成績): a match's result, a player's stat lines, standings, outcomes.

The host builds a :class:`MatchResult` when a match ends and hands it over; everything after that
(the database, the rating) works on these frozen values. A result survives as JSON in the durable
outbox until it is written, so it carries everything needed to apply it.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from dfg_bridge.stats.dan import TITLES, Dan
from dfg_bridge.stats.rating import Rating

ALL = "all"
"""The bucket of every rated (non-practice) match."""
PRACTICE = "practice"
"""The bucket of every CPU practice match (CPU練習), kept apart from the rated ones."""


def buckets(preset: str, *, practice: bool) -> tuple[str, str]:
    """The two stat buckets a match counts in: overall and per preset (practice kept apart).

    >>> buckets("dqx", practice=False), buckets("dqx", practice=True)
    (('all', 'preset:dqx'), ('practice', 'practice:dqx'))
    """
    if practice:
        return PRACTICE, f"practice:{preset}"
    return ALL, f"preset:{preset}"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One human seat of a finished match."""

    name: str
    """The name they played under."""
    uuid: str | None
    """Their account UUID if the log showed it (``UUID of player … is …``), else ``None``."""
    place: int
    """Final place in the match (1 = winner)."""
    points: int
    """Total match points."""
    titles: tuple[str, ...] = ()
    """Their title (大富豪 … 大貧民) in each round they were dealt into."""
    miyako_ochi: int = 0
    """都落ち suffered."""
    fouls: int = 0
    """反則上がり finishes."""
    dropped: bool = False
    """They left the match (脱落)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match as the stats ledger records it (once: ``match_id`` is unique)."""

    match_id: str
    server: str
    table: str
    preset: str
    """Bucket name of the rules played (a preset name, or a rotation entry's name)."""
    ranked: bool
    """A 段位戦 play: it earns or costs 段位戦ポイント."""
    practice: bool
    """A CPU practice match (CPU練習): recorded apart, no rating, no standing."""
    players: int
    """Seats at the start, CPUs included (ranks and points depend on it)."""
    seats: tuple[SeatResult, ...]
    """The human seats."""
    finished_at: float
    """Unix time the match ended."""
    void: bool = False
    """Stopped by an admin or a restart: only dropouts count (their penalty stands)."""

    @property
    def rated(self) -> bool:
        """Whether the match moves ratings: not practice, not void, and two or more humans."""
        return not self.practice and not self.void and len(self.seats) >= 2

    def to_json(self) -> str:
        """The result as one JSON text (for the outbox)."""
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchResult:
        """Inverse of :meth:`to_json`.

        >>> r = MatchResult("m1", "s", "t1", "minecraft", True, False, 4,
        ...                 (SeatResult("Steve", None, 1, 12, ("大富豪",)),), 0.0)
        >>> MatchResult.from_json(r.to_json()) == r
        True
        """
        data: dict[str, Any] = json.loads(text)
        seats = tuple(SeatResult(**{**s, "titles": tuple(s.get("titles", ()))}) for s in data.pop("seats"))
        return cls(**data, seats=seats)


@dataclass(frozen=True, slots=True)
class StatLine:
    """One player's tallies in one bucket (overall, a preset, or practice)."""

    bucket: str = ALL
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    places: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    """Matches finished 1st … 6th."""
    titles: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Rounds finished as 大富豪, 富豪, 平民, 貧民, 大貧民."""
    points: int = 0
    miyako_ochi: int = 0
    fouls: int = 0
    dropouts: int = 0
    streak: int = 0
    """Match wins in a row now."""
    best_streak: int = 0
    """Most match wins in a row."""

    @property
    def mean_points(self) -> float:
        """Mean match points."""
        return self.points / self.matches if self.matches else 0.0

    def add(self, seat: SeatResult) -> StatLine:
        """This line after one more match."""
        won = seat.place == 1 and not seat.dropped
        places = list(self.places)
        if 1 <= seat.place <= len(places):
            places[seat.place - 1] += 1
        titles = list(self.titles)
        for title in seat.titles:
            if title in TITLES:
                titles[TITLES.index(title)] += 1
        streak = self.streak + 1 if won else 0
        return dataclasses.replace(
            self,
            matches=self.matches + 1,
            wins=self.wins + int(won),
            rounds=self.rounds + len(seat.titles),
            places=(places[0], places[1], places[2], places[3], places[4], places[5]),
            titles=(titles[0], titles[1], titles[2], titles[3], titles[4]),
            points=self.points + seat.points,
            miyako_ochi=self.miyako_ochi + seat.miyako_ochi,
            fouls=self.fouls + seat.fouls,
            dropouts=self.dropouts + int(seat.dropped),
            streak=streak,
            best_streak=max(self.best_streak, streak),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place on a season's ladder: 段位戦ポイント, plays, and their rating."""

    season: int
    points: int = 0
    plays: int = 0
    rating: Rating = Rating()  # noqa: RUF009 - a frozen value, safe to share


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one match changed for one player (shown in the standings broadcast)."""

    name: str
    rating_before: Rating
    rating_after: Rating
    points_before: int
    points_after: int
    dan_before: Dan
    dan_after: Dan
    dropped: bool = False

    @property
    def rating_change(self) -> float:
        """Change of the conservative rating."""
        return self.rating_after.conservative - self.rating_before.conservative

    @property
    def points_change(self) -> int:
        """Change of 段位戦ポイント."""
        return self.points_after - self.points_before


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything ``/dfg stats`` shows of one player."""

    name: str
    uuid: str | None
    rating: Rating
    lines: tuple[StatLine, ...]
    standing: Standing | None
    """This season's standing, if they have one."""
    position: int | None = None
    """Place on this season's ladder."""

    def line(self, bucket: str) -> StatLine | None:
        """The stat line of one bucket."""
        return next((line for line in self.lines if line.bucket == bucket), None)


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One row of a leaderboard (ランキング)."""

    position: int
    name: str
    points: int
    dan: Dan
    rating: float
    """Conservative rating."""
    plays: int


def dropout_only(line: StatLine) -> StatLine:
    """A line after a void match the player left: only the 脱落 counts."""
    return dataclasses.replace(line, dropouts=line.dropouts + 1, streak=0)
