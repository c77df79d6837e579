"""The ladder store (成績の保存): each match is one transaction, on SQLite or PostgreSQL.

Every write holds the ladder lock (``BEGIN IMMEDIATE`` on SQLite, an advisory transaction lock on
PostgreSQL), reads the players' current rows, applies :func:`dfg_bridge.stats.tally.settle` and
writes them back, so two daemons recording matches of the same players at once never lose an
update. ``matches.id`` is unique: a result written twice (a retry after a lost commit reply, a
replayed journal) counts once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from dfg_bridge.stats.dan import Ladder
from dfg_bridge.stats.rating import Rating
from dfg_bridge.stats.store.db import Db
from dfg_bridge.stats.store.errors import StatsDbError
from dfg_bridge.stats.store.schema import MIGRATIONS, STAT_COLUMNS, VERSION
from dfg_bridge.stats.tally import PlayerState, settle
from dfg_bridge.stats.values import BoardRow, MatchResult, Outcome, Profile, Standing, StatLine, buckets

_LINE_COLUMNS = ", ".join(STAT_COLUMNS)
_QUALIFIED = ", ".join(f"l.{c}" for c in STAT_COLUMNS)
_UPSERT_LINE = (
    f"INSERT INTO stat_lines (player_id, bucket, {_LINE_COLUMNS}) "
    f"VALUES (?, ?, {', '.join('?' for _ in STAT_COLUMNS)}) "
    "ON CONFLICT (player_id, bucket) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in STAT_COLUMNS)
)
_UPSERT_STANDING = (
    "INSERT INTO standings (season, player_id, points, plays, mu, sigma, rating) "
    "VALUES (?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (season, player_id) DO UPDATE SET points = excluded.points, plays = excluded.plays, "
    "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating"
)


def _line_values(line: StatLine) -> list[int]:
    return [line.matches, line.wins, line.rounds, *line.places, *line.titles, line.points,
            line.miyako_ochi, line.fouls, line.dropouts, line.streak, line.best_streak]  # fmt: skip


def _line_of(bucket: str, v: tuple[Any, ...]) -> StatLine:
    n = [int(x) for x in v]
    return StatLine(bucket, n[0], n[1], n[2], (n[3], n[4], n[5], n[6], n[7], n[8]),
                    (n[9], n[10], n[11], n[12], n[13]), n[14], n[15], n[16], n[17], n[18], n[19])  # fmt: skip


class LadderStore:
    """Stats, ratings, seasons and standings in one database (see :class:`~dfg_bridge.stats.store.db.Db`)."""

    def __init__(self, db: Db, ladder: Ladder) -> None:
        self.db = db
        self.ladder = ladder

    # ---- transactions ---------------------------------------------------------------------------
    def _write(self, fn: Any) -> Any:
        db = self.db
        db.begin()
        try:
            db.lock_ladder()
            out = fn()
            db.commit()
        except BaseException:
            db.rollback()
            raise
        return out

    def migrate(self) -> int:
        """Bring the schema to :data:`VERSION`; returns the version found before."""

        def step() -> int:
            # Created under the ladder lock: two daemons migrating one fresh PostgreSQL database at once
            # would otherwise race in the catalogue (duplicate key in pg_type) and one would fail.
            self.db.run("CREATE TABLE IF NOT EXISTS dfg_schema (version INTEGER NOT NULL)")
            found = self._version()
            if found > VERSION:
                raise StatsDbError(f"the stats database has schema {found}, newer than {VERSION}",
                                   code="too_new")  # fmt: skip
            for number, statements in MIGRATIONS:
                if number > found:
                    for sql in statements:
                        self.db.run(sql.replace("{id}", self.db.id_column))
            self.db.run("DELETE FROM dfg_schema")
            self.db.run("INSERT INTO dfg_schema (version) VALUES (?)", (VERSION,))
            return found

        found: int = self._write(step)
        return found

    def _version(self) -> int:
        rows = self.db.rows("SELECT MAX(version) FROM dfg_schema")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    def season(self) -> int:
        """The current season (開催回)."""
        return int(self.db.rows("SELECT MAX(number) FROM seasons")[0][0])

    # ---- players --------------------------------------------------------------------------------
    def _player(self, name: str, uuid: str | None, *, create: bool) -> int | None:
        """The row id of a player: by UUID (claiming a name-only row of the same name), else by name."""
        db, key, now = self.db, name.lower(), time.time()
        if uuid is not None:
            found = db.rows("SELECT id, name FROM players WHERE uuid = ?", (uuid,))
            if not found:
                claimed = db.run(
                    "UPDATE players SET uuid = ? WHERE uuid IS NULL AND name_key = ?", (uuid, key)
                )
                if not claimed and not create:
                    return None
                if not claimed:
                    db.run("INSERT INTO players (uuid, name, name_key, mu, sigma, seen_at) "
                           "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           (uuid, name, key, Rating().mu, Rating().sigma, now))  # fmt: skip
                found = db.rows("SELECT id, name FROM players WHERE uuid = ?", (uuid,))
            pid = int(found[0][0])
            if found[0][1] != name:  # a rename (or a name-only row claimed): follow it
                db.run(
                    "UPDATE players SET name = ?, name_key = ?, seen_at = ? WHERE id = ?",
                    (name, key, now, pid),
                )
            return pid
        rows = db.rows(
            "SELECT id FROM players WHERE name_key = ? ORDER BY seen_at DESC, id DESC LIMIT 1", (key,)
        )
        if rows:
            return int(rows[0][0])
        if not create:
            return None
        db.run("INSERT INTO players (uuid, name, name_key, mu, sigma, seen_at) VALUES (NULL, ?, ?, ?, ?, ?) "
               "ON CONFLICT DO NOTHING", (name, key, Rating().mu, Rating().sigma, now))  # fmt: skip
        return int(db.rows("SELECT id FROM players WHERE name_key = ? AND uuid IS NULL", (key,))[0][0])

    def seen(self, name: str, uuid: str) -> None:
        """A login showed this name and UUID: follow a rename, or claim a name-only row."""

        def step() -> None:
            pid = self._player(name, uuid, create=False)
            if pid is not None:
                self.db.run("UPDATE players SET seen_at = ? WHERE id = ?", (time.time(), pid))

        self._write(step)

    def _state(self, pid: int, season: int, names: tuple[str, ...]) -> PlayerState:
        db = self.db
        mu, sigma = db.rows("SELECT mu, sigma FROM players WHERE id = ?", (pid,))[0]
        lines: dict[str, StatLine] = {}
        for bucket in names:
            row = db.rows(
                f"SELECT {_LINE_COLUMNS} FROM stat_lines WHERE player_id = ? AND bucket = ?", (pid, bucket)
            )
            if row:
                lines[bucket] = _line_of(bucket, row[0])
        rating = Rating(float(mu), float(sigma))
        found = db.rows(
            "SELECT points, plays FROM standings WHERE season = ? AND player_id = ?", (season, pid)
        )
        standing = (
            Standing(season, int(found[0][0]), int(found[0][1]), rating)
            if found
            else Standing(season, rating=rating)
        )
        return PlayerState(rating, lines, standing)

    # ---- recording ------------------------------------------------------------------------------
    def record(self, result: MatchResult) -> tuple[int, list[Outcome]] | None:
        """Write one match (one transaction); ``None`` if it was written before."""
        return self._write(lambda: self._record(result))  # type: ignore[no-any-return]

    def _record(self, result: MatchResult) -> tuple[int, list[Outcome]] | None:
        db = self.db
        season = self.season()
        fresh = db.run(
            "INSERT INTO matches (id, server, table_id, preset, ranked, practice, void, season, finished_at, "
            "recorded_at, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (result.match_id, result.server, result.table, result.preset, int(result.ranked),
             int(result.practice), int(result.void), season, result.finished_at, time.time(),
             result.to_json()),
        )  # fmt: skip
        if not fresh:
            return None
        names = buckets(result.preset, practice=result.practice)
        pids = [self._player(s.name, s.uuid, create=True) for s in result.seats]
        ids = [int(p) for p in pids if p is not None]
        before = [self._state(pid, season, names) for pid in ids]
        after, outcomes = settle(result, before, self.ladder)
        for seat_no, (pid, seat, state, outcome) in enumerate(
            zip(ids, result.seats, after, outcomes, strict=True)
        ):
            for line in state.lines.values():
                if line.bucket in names:
                    db.run(_UPSERT_LINE, (pid, line.bucket, *_line_values(line)))
            db.run(
                "UPDATE players SET mu = ?, sigma = ? WHERE id = ?",
                (state.rating.mu, state.rating.sigma, pid),
            )
            if not result.practice:
                s = state.standing
                db.run(_UPSERT_STANDING, (season, pid, s.points, s.plays, s.rating.mu, s.rating.sigma,
                                          s.rating.conservative))  # fmt: skip
            db.run(
                "INSERT INTO match_players (match_id, seat, player_id, name, place, points, dropped,"
                " rating_before,"
                " rating_after, points_before, points_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (result.match_id, seat_no, pid, seat.name, seat.place, seat.points, int(seat.dropped),
                 outcome.rating_before.conservative, outcome.rating_after.conservative,
                 outcome.points_before, outcome.points_after),
            )  # fmt: skip
        return season, outcomes

    # ---- queries --------------------------------------------------------------------------------
    def top(self, count: int, season: int | None = None) -> tuple[int, list[BoardRow]]:
        """The first ``count`` of a season's ladder (by 段位戦ポイント, then rating)."""
        number = self.season() if season is None else season
        rows = self.db.rows(
            "SELECT p.name, s.points, s.rating, s.plays FROM standings s "
            "JOIN players p ON p.id = s.player_id "
            "WHERE s.season = ? ORDER BY s.points DESC, s.rating DESC, s.player_id LIMIT ?",
            (number, count),
        )
        out = [BoardRow(i + 1, str(n), int(pts), self.ladder.dan(int(pts)), float(r), int(plays))
               for i, (n, pts, r, plays) in enumerate(rows)]  # fmt: skip
        return number, out

    def profile(self, name: str, uuid: str | None = None) -> tuple[int, Profile | None]:
        """A player's stat lines, rating, this season's standing and position."""
        season = self.season()
        pid = self._player(name, uuid, create=False)
        if pid is None:
            return season, None
        db = self.db
        found_name, found_uuid, mu, sigma = db.rows(
            "SELECT name, uuid, mu, sigma FROM players WHERE id = ?", (pid,)
        )[0]
        lines = tuple(_line_of(str(r[0]), r[1:]) for r in db.rows(
            f"SELECT bucket, {_LINE_COLUMNS} FROM stat_lines WHERE player_id = ? ORDER BY bucket",
            (pid,)))  # fmt: skip
        rating = Rating(float(mu), float(sigma))
        row = db.rows(
            "SELECT points, plays, rating FROM standings WHERE season = ? AND player_id = ?", (season, pid)
        )
        standing, position = None, None
        if row:
            points, plays, conservative = int(row[0][0]), int(row[0][1]), float(row[0][2])
            standing = Standing(season, points, plays, rating)
            # Three index ranges of standings_ladder, not one scan of the season.
            ahead = db.rows(
                "SELECT (SELECT COUNT(*) FROM standings WHERE season = ? AND points > ?)"
                " + (SELECT COUNT(*) FROM standings WHERE season = ? AND points = ? AND rating > ?)"
                " + (SELECT COUNT(*) FROM standings WHERE season = ? AND points = ? AND rating = ?"
                " AND player_id < ?)",
                (season, points, season, points, conservative, season, points, conservative, pid),
            )
            position = int(ahead[0][0]) + 1
        return season, Profile(str(found_name), found_uuid, rating, lines, standing, position)

    # ---- admin ----------------------------------------------------------------------------------
    def new_season(self) -> int:
        """Start the next season: everyone on the old ladder restarts from their reset level."""

        def step() -> int:
            old = self.season()
            new = old + 1
            self.db.run("INSERT INTO seasons (number, started_at) VALUES (?, ?)", (new, time.time()))
            rows = self.db.rows(
                "SELECT player_id, points, mu, sigma, rating FROM standings WHERE season = ?", (old,)
            )
            self.db.many(_UPSERT_STANDING.replace("(?, ?, ?, ?, ?, ?, ?)", "(?, ?, ?, 0, ?, ?, ?)"),
                         [(new, pid, self.ladder.season_start(int(points)), mu, sigma, r)
                          for pid, points, mu, sigma, r in rows])  # fmt: skip
            return new

        number: int = self._write(step)
        return number

    def reset(self, name: str) -> bool:
        """Forget one player's stat lines, standings and rating (match history stays)."""

        def step() -> bool:
            pid = self._player(name, None, create=False)
            if pid is None:
                return False
            self.db.run("DELETE FROM stat_lines WHERE player_id = ?", (pid,))
            self.db.run("DELETE FROM standings WHERE player_id = ?", (pid,))
            self.db.run(
                "UPDATE players SET mu = ?, sigma = ? WHERE id = ?", (Rating().mu, Rating().sigma, pid)
            )
            return True

        done: bool = self._write(step)
        return done

    def export(self, season: int | None = None) -> Iterator[dict[str, Any]]:
        """Every player with a stat line, one dict per (player, bucket), for ``stats export``."""
        number = self.season() if season is None else season
        rows = self.db.rows(
            f"SELECT p.id, p.uuid, p.name, p.mu, p.sigma, s.points, s.plays, l.bucket, {_QUALIFIED} "
            "FROM players p JOIN stat_lines l ON l.player_id = p.id "
            "LEFT JOIN standings s ON s.player_id = p.id AND s.season = ? ORDER BY p.id, l.bucket",
            (number,),
        )
        for pid, uuid, name, mu, sigma, points, plays, bucket, *counts in rows:
            rating = Rating(float(mu), float(sigma))
            line = _line_of(str(bucket), tuple(counts))
            yield {
                "player_id": int(pid), "uuid": uuid, "name": name, "season": number,
                "rating": round(rating.conservative, 3), "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "dan_points": points, "dan": None if points is None else self.ladder.dan(int(points)).kanji,
                "ranked_plays": plays, "bucket": line.bucket,
                **dict(zip(STAT_COLUMNS, _line_values(line), strict=True)),
                "mean_points": round(line.mean_points, 3),
            }  # fmt: skip
