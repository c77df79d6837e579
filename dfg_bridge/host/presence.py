"""Who is at the table during a match (在席): disconnects, the grace period, pauses and resuming.

:class:`Presence` is a part of a :class:`~dfg_bridge.host.table.Table`: it works on the table's match
flow and asks of the table only what :class:`PresenceHooks` names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from dfg_bridge.config.choices import DropoutPolicy
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.flow import MatchFlow
from dfg_bridge.host.gamelog import game_event
from dfg_bridge.host.lobby import Lobby
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.model.text import Text


class PresenceHooks(Protocol):
    """What presence asks of its table."""

    @property
    def id(self) -> str: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def names(self) -> TableNames: ...
    @property
    def lobby(self) -> Lobby: ...

    def sync(self) -> None: ...
    def seat_players(self, players: Sequence[str]) -> None: ...
    def remove_member(self, player: str) -> None: ...


class Presence:
    """Disconnects, grace, pauses and resuming of one table's match."""

    def __init__(self, ctx: HostContext, flow: MatchFlow, table: PresenceHooks) -> None:
        self.ctx = ctx
        self.flow = flow
        self.table = table

    def player_left(self, player: str, *, server_stopping: bool) -> None:
        """A lobby member disconnected (or was kicked)."""
        if player not in self.table.lobby:
            return
        run = self.flow.run
        seat = run.seat_of(player) if run is not None else None
        if run is None or seat is None:
            game_event("leave", player=player, table=self.table.id, why="disconnect")
            self.table.remove_member(player)
            self.table.sync()
            return
        if server_stopping or self.flow.paused_until is not None or seat in run.dropped:
            return
        if self.table.settings.dropout is DropoutPolicy.GRACE:
            grace = self.table.settings.durations.grace
            self.flow.away[player] = self.ctx.clock() + grace
            note = self.ctx.text("match.grace", player=player, seconds=round(grace))
            self.ctx.to_team(self.table.names.team, Text(note, color="yellow"))
            self.flow.plan()
            self.table.sync()
            return
        self.flow.drop(seat, why="disconnect")
        if self.flow.run is not None:
            self.table.remove_member(player)
        self.table.sync()

    def player_back(self, player: str) -> None:
        """A lobby member (re)joined the server."""
        run = self.flow.run
        if run is None or player not in self.table.lobby:
            return
        if player in self.flow.away:
            del self.flow.away[player]
            self.table.seat_players([player])
            self.flow.plan()
            self.table.sync()
            back = self.ctx.text("match.resumed", player=player)
            self.ctx.to_team(self.table.names.team, Text(back, color="green"))
        elif self.flow.paused_until is not None:
            self.table.seat_players([player])
            self.try_resume()

    def pause(self, wait: float | None) -> None:
        """Hold the match until its players are back (``wait`` seconds, ``None``: until told)."""
        if self.flow.run is None:
            return
        self.flow.paused_until = math.inf if wait is None else self.ctx.clock() + wait
        self.flow.hold()
        self.ctx.flush_team(self.table.names.team)
        self.table.sync()

    def try_resume(self, *, force: bool = False) -> None:
        """Resume a paused match once every remaining human is online (or ``force``: drop the rest)."""
        run = self.flow.run
        if run is None or self.flow.paused_until is None:
            return
        missing = [p for p in run.humans_left() if p not in self.ctx.online]
        if missing and not force:
            return
        self.flow.paused_until = None
        for name in missing:
            seat = run.seat_of(name)
            if seat is not None:
                self.flow.drop(seat, why="not_back")
                if self.flow.run is None:
                    return
                self.table.remove_member(name)
        if self.flow.run is None:
            return
        self.table.seat_players([p for p in run.humans_left() if p in self.ctx.online])
        resumed = self.ctx.text("match.resumed_after_restart")
        self.ctx.to_team(self.table.names.team, Text(resumed, color="green"))
        if run.round is None:
            self.flow.begin_round()
        elif run.round.over:
            self.flow.round_over()
        else:
            self.flow.turn_started()
            self.table.sync()
            self.flow.notify_human()

    def on_tick(self) -> None:
        """Once a second: grace and pause expiries, and the bossbar countdown."""
        if self.flow.run is None:
            return
        now = self.ctx.clock()
        if self.flow.paused_until is not None:
            if now >= self.flow.paused_until:
                self.try_resume(force=True)
            return
        for name, until in list(self.flow.away.items()):
            if now >= until and self.flow.run is not None:
                seat = self.flow.run.seat_of(name)
                self.flow.away.pop(name, None)
                if seat is not None:
                    self.flow.drop(seat, why="grace_expired")
                if self.flow.run is not None:
                    self.table.remove_member(name)
        if self.flow.run is not None and self.flow.seconds_left() is not None:
            self.table.sync()


__all__ = ["Presence", "PresenceHooks"]
