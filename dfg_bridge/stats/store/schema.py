"""Versioned schema migrations of the stats database (スキーマ), for SQLite and PostgreSQL alike.

Each migration is a list of statements applied in one transaction, then ``dfg_schema.version`` is
set to its number; a database is migrated up to :data:`VERSION` when a store opens it. Migrations
are only ever appended — a released one never changes. ``{id}`` is the dialect's identity column.
"""

from __future__ import annotations

STAT_COLUMNS = (
    "matches", "wins", "rounds",
    "place1", "place2", "place3", "place4", "place5", "place6",
    "daifugo", "fugo", "heimin", "hinmin", "daihinmin",
    "points", "miyako_ochi", "fouls", "dropouts", "streak", "best_streak",
)  # fmt: skip
"""The integer columns of ``stat_lines`` in :class:`~dfg_bridge.stats.values.StatLine` order."""

_STATS = ",\n  ".join(f"{c} INTEGER NOT NULL DEFAULT 0" for c in STAT_COLUMNS)

MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """CREATE TABLE players (
  id {id},
  uuid TEXT UNIQUE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  seen_at DOUBLE PRECISION NOT NULL
)""",
            # One name-only row per name: two daemons meeting a new offline-mode player at once agree.
            "CREATE UNIQUE INDEX players_anonymous ON players (name_key) WHERE uuid IS NULL",
            "CREATE INDEX players_name ON players (name_key, seen_at)",
            f"""CREATE TABLE stat_lines (
  player_id BIGINT NOT NULL,
  bucket TEXT NOT NULL,
  {_STATS},
  PRIMARY KEY (player_id, bucket)
)""",
            "CREATE TABLE seasons (number INTEGER PRIMARY KEY, started_at DOUBLE PRECISION NOT NULL)",
            """CREATE TABLE standings (
  season INTEGER NOT NULL,
  player_id BIGINT NOT NULL,
  points INTEGER NOT NULL,
  plays INTEGER NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (season, player_id)
)""",
            # The ladder order, so `top 10` reads ten index entries however many players there are.
            "CREATE INDEX standings_ladder ON standings (season, points DESC, rating DESC, player_id)",
            """CREATE TABLE matches (
  id TEXT PRIMARY KEY,
  server TEXT NOT NULL,
  table_id TEXT NOT NULL,
  preset TEXT NOT NULL,
  ranked INTEGER NOT NULL,
  practice INTEGER NOT NULL,
  void INTEGER NOT NULL,
  season INTEGER NOT NULL,
  finished_at DOUBLE PRECISION NOT NULL,
  recorded_at DOUBLE PRECISION NOT NULL,
  result TEXT NOT NULL
)""",
            """CREATE TABLE match_players (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  player_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  place INTEGER NOT NULL,
  points INTEGER NOT NULL,
  dropped INTEGER NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL,
  rating_after DOUBLE PRECISION NOT NULL,
  points_before INTEGER NOT NULL,
  points_after INTEGER NOT NULL,
  PRIMARY KEY (match_id, seat)
)""",
            "CREATE INDEX match_players_player ON match_players (player_id)",
            "INSERT INTO seasons (number, started_at) VALUES (1, 0)",
        ),
    ),
)

VERSION = MIGRATIONS[-1][0]
"""The schema version this code writes."""
