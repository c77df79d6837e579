"""The stats desk (成績の窓口): the host's side of stats, ratings and the ranked ladder (段位戦).

It runs on the owner thread and never waits for the database: it hands request values to the
:class:`~dfg_bridge.stats.StatsPort` and acts on the reply values that come back on the queue. It
builds each finished match's result, holds a ranked table's standings until the rating changes
arrive (``announce_wait`` at most), draws the leaderboard beside each table, answers ``/dfg stats``,
``/dfg top`` and ``/dfg rank``, keeps bracketed tables to their band, and switches the ranked tables
to the day's rules (日替わりルール) when the rules day changes.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.intents import AdminNewSeason, AdminResetStats, Intent, ShowRank, ShowStats, ShowTop
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.results import match_result, standings_text
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.host.statstexts import (
    board_text,
    change_note,
    dan_name,
    profile_text,
    promotion,
    rank_text,
    top_text,
)
from dfg_bridge.model.events import PlayerIdentified
from dfg_bridge.model.text import Text
from dfg_bridge.stats import (
    AdminDone,
    AskProfile,
    AskTop,
    BoardRow,
    Dan,
    Health,
    NewSeason,
    ProfileAnswer,
    Record,
    Recorded,
    ResetPlayer,
    StatsPort,
    StatsSettings,
    TopAnswer,
    Unavailable,
    UuidSeen,
    bracket_of,
)
from dfg_bridge.stats.rotation import pick, rules_day

log = logging.getLogger(__name__)

_BRACKET_RANGE = {"beginner": (1, 6), "intermediate": (7, 9), "advanced": (10, 12)}


class RankedTable(Protocol):
    """What the desk may touch of a table: its settings (now, and for the next match) and its match."""

    settings: TableSettings
    pending_settings: TableSettings | None

    @property
    def run(self) -> MatchRun | None:
        """The match being played."""


@dataclass
class _Held:
    """A ranked table's standings broadcast, waiting for the rating changes."""

    table_name: str
    standings: list[tuple[int, str, int]]
    complete: bool
    until: float


class StatsDesk:
    """Stats commands, match results, leaderboards, brackets and the daily rules of ranked tables."""

    def __init__(self, ctx: HostContext, tables: Mapping[str, RankedTable], port: StatsPort | None,
                 *, wallclock: Callable[[], datetime] = datetime.now) -> None:  # fmt: skip
        self.ctx = ctx
        self.tables = tables
        self.port = port
        self.wallclock = wallclock
        """Server time, for the daily rules rotation (tests move it)."""
        self.uuids: dict[str, str] = {}
        """Player name → account UUID, from online-mode logins."""
        self.dans: dict[str, Dan] = {}
        """Lower-cased name → the dan last heard of (for brackets)."""
        self.up = True
        self._held: dict[str, _Held] = {}
        self._board: Text | None = None
        self._board_due = 0.0
        self._day: date | None = None
        ctx.on_match_end = self.match_ended
        self.rotate()

    @property
    def _stats(self) -> StatsSettings:
        return self.ctx.settings.stats

    # ---- events ---------------------------------------------------------------------------------
    def handle(self, event: object) -> bool:
        """Handle a stats reply or a login's UUID; ``False`` if the event is not the desk's."""
        if isinstance(event, PlayerIdentified):
            self.uuids[event.player] = event.uuid
            if self.port is not None:
                self.port.submit(UuidSeen(event.player, event.uuid))
                self.port.submit(AskProfile(None, event.player, event.uuid))
        elif isinstance(event, Recorded):
            self._recorded(event)
        elif isinstance(event, ProfileAnswer):
            self._profile(event)
        elif isinstance(event, TopAnswer):
            if event.asker is None:
                self._draw(event.season, event.rows)
            else:
                top = top_text(event.rows, event.season, self.ctx.msgs, self.ctx.lang)
                self.ctx.tell_text(event.asker, top)
        elif isinstance(event, AdminDone):
            self._admin_done(event)
        elif isinstance(event, Unavailable):
            if event.asker is not None:
                self.ctx.tell(event.asker, "stats.unavailable", "red")
        elif isinstance(event, Health):
            self.up = event.up
            if not event.up:
                for match_id in list(self._held):
                    self._release(match_id, None)
        else:
            return False
        return True

    def on_tick(self) -> None:
        """Once a second: held broadcasts that waited long enough, the board, the rules day."""
        now = self.ctx.clock()
        for match_id, held in list(self._held.items()):
            if now >= held.until:
                self._release(match_id, None)
        if self.port is not None and now >= self._board_due:
            self._board_due = now + self._stats.board_refresh
            self.port.submit(AskTop(None, self._stats.board_size))
        if rules_day(self.wallclock(), self._stats.rotation_at) != self._day:
            self.rotate()

    # ---- commands -------------------------------------------------------------------------------
    def on_intent(self, player: str, intent: Intent) -> None:
        """``/dfg stats|top|rank`` and the stats admin commands."""
        if isinstance(intent, AdminNewSeason | AdminResetStats) and player not in self.ctx.settings.admins:
            raise CommandError("not_admin")
        if self.port is None:
            raise CommandError("stats_off")
        if isinstance(intent, ShowStats):
            name = intent.player or player
            self.port.submit(AskProfile(player, name, self.uuids.get(name)))
        elif isinstance(intent, ShowRank):
            self.port.submit(AskProfile(player, player, self.uuids.get(player), rank=True))
        elif isinstance(intent, ShowTop):
            self.port.submit(AskTop(player, intent.count, intent.season))
        elif isinstance(intent, AdminNewSeason):
            self.port.submit(NewSeason(player))
        elif isinstance(intent, AdminResetStats):
            self.port.submit(ResetPlayer(player, intent.player))

    def check_join(self, player: str, table: TableSettings) -> None:
        """Refuse a player outside a bracketed table's band (初級/中級/上級)."""
        bracket = table.bracket
        if bracket is None:
            return
        dan = self.dans.get(player.lower())
        if dan is None:
            if self.port is None or not self.up:
                return  # nobody can know now; the ladder is still protected by the points
            self.port.submit(AskProfile(None, player, self.uuids.get(player)))
            raise CommandError("bracket_loading")
        if bracket_of(dan) is not bracket:
            low, high = _BRACKET_RANGE[bracket.value]
            msgs, lang = self.ctx.msgs, self.ctx.lang
            raise CommandError(
                "bracket", bracket=msgs.get(f"bracket.{bracket.value}", lang), dan=dan_name(dan, msgs, lang),
                low=dan_name(Dan(low), msgs, lang), high=dan_name(Dan(high), msgs, lang),
            )  # fmt: skip

    # ---- match results --------------------------------------------------------------------------
    def match_ended(self, table: TableSettings, run: MatchRun, reason: EndReason) -> bool:
        """Record the match; on a ranked table hold the standings for the rating changes."""
        if self.port is None:
            return False
        server = self._stats.server
        result = match_result(table, run, reason, self.uuids, server=server, now=time.time())
        if result is None:
            return False
        self.port.submit(Record(result))
        wait = self._stats.announce_wait
        if not result.ranked or result.void or not self.up or wait <= 0:
            return False
        self._held[result.match_id] = _Held(
            table.name, run.standings(), reason is EndReason.COMPLETE, self.ctx.clock() + wait
        )
        return True

    def _release(self, match_id: str, recorded: Recorded | None) -> None:
        held = self._held.pop(match_id)
        msgs, lang, ladder = self.ctx.msgs, self.ctx.lang, self._stats.ladder
        notes = {}
        if recorded is not None:
            notes = {o.name: change_note(o, ladder, msgs, lang, ranked=True) for o in recorded.outcomes}
        text = standings_text(self.ctx, held.table_name, held.standings, complete=held.complete, notes=notes)
        if recorded is None:
            text = Text.join([text, Text("\n"), Text(msgs.get("stats.waiting", lang), color="gray")])
        self.ctx.to_all(text)

    def _recorded(self, event: Recorded) -> None:
        msgs, lang, ladder = self.ctx.msgs, self.ctx.lang, self._stats.ladder
        for outcome in event.outcomes:
            self.dans[outcome.name.lower()] = outcome.dan_after
        if event.match_id in self._held:
            self._release(event.match_id, event)
        else:  # held too long, or written after an outage: each player hears their own change
            for outcome in event.outcomes:
                if outcome.rating_change or outcome.points_change:
                    note = change_note(outcome, ladder, msgs, lang, ranked=event.ranked)
                    self.ctx.tell_text(outcome.name, Text.join([Text(msgs.get("stats.late", lang)), note]))
        if event.ranked:
            for outcome in event.outcomes:
                news = promotion(outcome, msgs, lang)
                if news is not None:
                    self.ctx.to_all(news)
        self._draw(event.season, event.board)

    def _profile(self, event: ProfileAnswer) -> None:
        profile, ladder = event.profile, self._stats.ladder
        if profile is None:
            self.dans.setdefault(event.name.lower(), Dan.SHODAN)
        elif profile.standing is not None:
            self.dans[profile.name.lower()] = ladder.dan(profile.standing.points)
        else:
            self.dans[profile.name.lower()] = Dan.SHODAN
        if event.asker is None:
            return
        msgs, lang = self.ctx.msgs, self.ctx.lang
        if event.rank:
            rank = rank_text(profile, event.name, event.season, ladder, msgs=msgs, lang=lang)
            self.ctx.tell_text(event.asker, rank)
        elif profile is None:
            self.ctx.tell(event.asker, "stats.no_player", "gray", player=event.name)
        else:
            self.ctx.tell_text(event.asker, profile_text(profile, event.season, ladder, msgs, lang))

    def _admin_done(self, event: AdminDone) -> None:
        if event.what == "season":
            self.dans.clear()
            news = Text(self.ctx.text("stats.season_new", season=event.value), color="gold", bold=True)
            self.ctx.to_all(news)
            self._board_due = 0.0  # redraw the boards for the new season at the next tick
        elif event.asker is not None:
            key = "stats.reset_done" if event.ok else "stats.no_player"
            self.ctx.tell(event.asker, key, "green" if event.ok else "gray", player=event.value)
            self.dans.pop(event.value.lower(), None)
            self._board_due = 0.0

    # ---- displays -------------------------------------------------------------------------------
    def _draw(self, season: int, rows: tuple[BoardRow, ...]) -> None:
        """The leaderboard beside every table that has one (sent only when it changed)."""
        if not self.ctx.settings.displays:
            return
        text = board_text(rows, season, self.ctx.msgs, self.ctx.lang)
        if text == self._board:
            return
        r = self.ctx.r
        for table in self.tables.values():
            if table.settings.board is not None:
                entity = r.tagged(TableNames(table.settings.id).board, kind="text_display", single=True)
                self.ctx.sink.run(r.set_display_text(entity, text))
        self._board = text

    @property
    def board(self) -> Text | None:
        """What the leaderboards show now."""
        return self._board

    # ---- the daily rules ------------------------------------------------------------------------
    def rotate(self) -> None:
        """Put every ranked table on today's rules (a running play keeps its own until it ends)."""
        stats = self._stats
        now = self.wallclock()
        self._day = rules_day(now, stats.rotation_at)
        entry = pick(stats.rotation, now, stats.rotation_at) if stats.rotation else None
        for table in self.tables.values():
            base = table.pending_settings or table.settings
            if not base.ranked:
                continue
            new = dataclasses.replace(base, rounds=stats.games)
            if entry is not None:
                new = dataclasses.replace(new, rules=entry.rules, rules_name=entry.name)
            if new == base:
                continue
            if table.run is not None:
                table.pending_settings = new
            else:
                table.settings = new
                log.info("table %s: today's ranked rules are %s", new.id, new.rules_name)
