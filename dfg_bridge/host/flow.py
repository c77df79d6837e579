"""The match flow of one table (試合の流れ): rounds, turns, timers, CPUs, dropouts, the end.

One timer per table is armed for the earliest thing due: a CPU's move (after a short human-like
delay), the turn or exchange time limit, or the next round. Its job only posts
:class:`~dfg_bridge.host.events.TimerFired` with a token; a stale token (the state moved on) is
ignored. Seed 001: 60 s per turn, on timeout pass if there is a field, else play the weakest single;
30 s for the exchange, on timeout give the weakest cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.engine import CARDS, Action, Card, EngineError, Phase, parse_cards
from dfg_bridge.host.announce import rank_name, title_of
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.cpu import CpuPolicy, cpu_for
from dfg_bridge.host.decisions import Decision, PickError, action_for, decision_of, pick_problem
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.events import TimerFired
from dfg_bridge.host.gamelog import game_event, standings_field
from dfg_bridge.host.lobby import Lobby
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.results import standings_text
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.host.tellings import announce_events, phase_notes, refusal, tell_timeout
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.ports import TimerHandle

_EPS = 0.005


_END_NOTES = {
    EndReason.STOPPED: "match.stopped_by_admin",
    EndReason.SHUTDOWN: "match.stopped_by_shutdown",
    EndReason.RESTARTED: "match.stopped_after_restart",
}
"""What the table is told when a match ends without standings."""


class TableFlow:
    """Match flow state and transitions of one table; :class:`~dfg_bridge.host.table.Table` adds the rest."""

    def __init__(self, ctx: HostContext, settings: TableSettings, index: int) -> None:
        self.ctx = ctx
        self.settings = settings
        self.index = index
        self.names = TableNames(settings.id)
        self.lobby = Lobby()
        self.run: MatchRun | None = None
        self.away: dict[str, float] = {}
        """Disconnected players whose seat is kept (grace policy): name → when it expires."""
        self.paused_until: float | None = None
        """Set while a resumed match waits for its players to come back."""
        self.selection: dict[str, set[int]] = {}
        """Per player: selected card indices (the hand screen and clickable chat share it)."""
        self._timer: TimerHandle | None = None
        self._token = 0
        self._due: float | None = None
        self._deadline: float | None = None
        self._deadline_total = 0.0
        self._cpu_due: dict[int, float] = {}
        self._between_until: float | None = None
        self._step = 0
        """Counts decisions taken, so a human is told about each of their turns once."""
        self.exchange_told = False
        """This round's exchange was announced."""
        self.leader_told = False
        """This round's first leader was announced."""
        self._cpu: CpuPolicy | None = None
        self._notified = -1

    @property
    def id(self) -> str:
        """The table id."""
        return self.settings.id

    # ---- hooks the table fills in -------------------------------------------------------------
    def sync(self) -> None:
        """Send changed displays (see :class:`~dfg_bridge.host.table.Table`)."""

    def seat_players(self, players: Sequence[str]) -> None:
        """Teleport and mount players on their seats."""

    def unseat(self, player: str) -> None:
        """Release a player from their seat."""

    def remove_member(self, player: str) -> None:
        """Take a player out of the lobby and give their items back."""

    def notify_turn(self, player: str) -> None:
        """Tell a human it is their turn (and show their hand)."""

    # ---- timers --------------------------------------------------------------------------------
    def _arm(self, when: float | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._token += 1
        self._due = when
        if when is None:
            return
        token, post, table = self._token, self.ctx.post, self.id
        delay = max(0.0, when - self.ctx.clock())
        self._timer = self.ctx.scheduler.call_later(delay, lambda: post(TimerFired(table, token)))

    def _is_auto(self, seat: int) -> bool:
        assert self.run is not None
        person = self.run.participants[seat]
        return person.cpu or person.name in self.away

    def _awaiting(self) -> frozenset[int]:
        run = self.run
        if run is None or run.round is None or run.round.over or self._between_until is not None:
            return frozenset()
        return run.round.awaiting()

    def _turn_started(self) -> None:
        """A new decision is awaited: fresh time limit, fresh CPU delays."""
        run = self.run
        assert run is not None and run.round is not None
        durations = self.settings.durations
        total = durations.exchange if run.round.phase is Phase.EXCHANGE else durations.turn
        self._deadline_total = total
        self._deadline = self.ctx.clock() + total
        self._cpu_due.clear()
        self._plan()

    def _plan(self) -> None:
        """Arm the timer for the earliest thing due (or nothing while paused)."""
        if self.run is None or self.paused_until is not None:
            self._arm(None)
            return
        if self._between_until is not None:
            self._arm(self._between_until)
            return
        now = self.ctx.clock()
        durations = self.settings.durations
        wakes: list[float] = []
        humans_waiting = False
        for seat in sorted(self._awaiting()):
            if self._is_auto(seat):
                if seat not in self._cpu_due:
                    self._cpu_due[seat] = now + self.ctx.rng.uniform(durations.cpu_min, durations.cpu_max)
                wakes.append(self._cpu_due[seat])
            else:
                humans_waiting = True
        if humans_waiting and self._deadline is not None:
            wakes.append(self._deadline)
        self._arm(min(wakes) if wakes else None)

    def recover_timer(self, delay: float = 1.0) -> None:
        """After a handler failed midway: re-arm the timer, due no sooner than ``delay`` from now.

        A failure can strike after the state moved but before the timer was re-armed; without this
        the table would wait forever. The delay keeps a failure that repeats from spinning.
        """
        self._plan()
        soonest = self.ctx.clock() + delay
        if self._due is not None and self._due < soonest:
            self._arm(soonest)

    def on_timer(self, event: TimerFired) -> None:
        """A timer fired: do whatever is due, then re-arm."""
        if event.token != self._token or self.run is None or self.paused_until is not None:
            return
        self._timer = None
        if self.ctx.lateness is not None and self._due is not None:
            self.ctx.lateness.append(self.ctx.clock() - self._due)
        if self._between_until is not None:
            if self.ctx.clock() + _EPS >= self._between_until:
                self._between_until = None
                self.begin_round()
            else:
                self._plan()
            return
        for _ in range(64):
            if not self._do_one_due():
                break
        self._plan()
        self.sync()
        self._notify_human()

    def _do_one_due(self) -> bool:
        run = self.run
        if run is None or run.round is None or self._between_until is not None:
            return False
        now = self.ctx.clock() + _EPS
        awaiting = sorted(self._awaiting())
        for seat in awaiting:
            if self._is_auto(seat) and self._cpu_due.get(seat, math.inf) <= now:
                self.act(seat, self._cpu_action(seat))
                return True
        if self._deadline is not None and self._deadline <= now:
            for seat in awaiting:
                if not self._is_auto(seat):
                    self.act(seat, run.round.timeout_action(seat), timeout=True)
                    return True
        return False

    def _cpu_action(self, seat: int) -> Action:
        assert self.run is not None and self.run.round is not None
        rnd = self.run.round
        legal = list(rnd.legal_actions(seat))
        if not legal:
            return rnd.timeout_action(seat)
        try:
            choice = self._cpu_player().decide(rnd.observation(seat), legal)
        except Exception:  # a broken policy must not stall the table
            return rnd.timeout_action(seat)
        return choice if choice in legal else rnd.timeout_action(seat)

    def _cpu_player(self) -> CpuPolicy:
        if self.ctx.cpu is not None:
            return self.ctx.cpu
        if self._cpu is None:
            self._cpu = cpu_for(self.settings.cpu_level, self.ctx.rng.randrange(2**31), self.settings.rules)
        return self._cpu

    # ---- rounds and actions -------------------------------------------------------------------
    def begin_round(self) -> None:
        """Start the next round, or end the match if the rules say so."""
        run = self.run
        if run is None:
            return
        reason = run.end_reason(at_round_start=True)
        if reason is not None:
            self.end_match(reason)
            return
        self.exchange_told = self.leader_told = False
        events, entry = run.start_round()
        self.ctx.journal.append(self.id, entry)
        self._step += 1
        start = Text(self.ctx.text("round.start", round=run.round_no), color="gold")
        self.ctx.to_team(self.names.team, start)
        announce_events(self, events)
        phase_notes(self)
        self._turn_started()
        self.sync()
        self._notify_human()

    def act(self, seat: int, action: Action, *, timeout: bool = False) -> None:
        """Apply ``action`` for ``seat`` (raises ``EngineError`` when illegal) and move on."""
        run = self.run
        assert run is not None and run.round is not None
        before = run.round.awaiting()
        if timeout:
            tell_timeout(self.ctx, run.participants[seat].name, action)
        events, entry = run.apply(action)
        self.ctx.journal.append(self.id, entry)
        self._step += 1
        person = run.participants[seat]
        self.selection.pop(person.name, None)
        announce_events(self, events)
        self._after_change(before)

    def drop(self, seat: int, *, why: str = "left") -> None:
        """脱落 of ``seat`` mid-match (its hand is discarded; last place this round).

        ``why`` is for the game log: ``command``, ``disconnect``, ``grace_expired``, ``not_back``.
        """
        run = self.run
        if run is None or seat in run.dropped:
            return
        game_event("dropout", table=self.id, player=run.participants[seat].name, why=why,
                   round=run.round_no)  # fmt: skip
        before = run.round.awaiting() if run.round is not None else frozenset()
        events, entry = run.drop(seat)
        self.ctx.journal.append(self.id, entry)
        self._step += 1
        announce_events(self, events)
        if run.round is None or self._between_until is not None:
            reason = run.end_reason(at_round_start=False)
            if reason is not None:
                self.end_match(reason)
            return
        self._after_change(before)

    def _after_change(self, before: frozenset[int]) -> None:
        run = self.run
        assert run is not None and run.round is not None
        if run.round.over:
            self._round_over()
            return
        reason = run.end_reason(at_round_start=False)
        if reason is not None:
            self.end_match(reason)
            return
        phase_notes(self)
        if run.round.phase is Phase.PLAY or not before:
            # Every play or pass starts a new turn, even when the same seat leads again (8切り).
            self._turn_started()
        else:
            self._plan()

    def _round_over(self) -> None:
        run = self.run
        assert run is not None and run.round is not None
        ranking = run.round.ranking()
        entry = run.finish_round()
        self.ctx.journal.append(self.id, entry)
        record = run.match.records[-1]
        n = len(ranking)
        totals = run.match.totals()
        parts = [Text(self.ctx.text("round.over", round=record.number), color="gold")]
        for place, seat in enumerate(ranking, start=1):
            rank = rank_name(title_of(place, n), self.ctx.msgs, self.ctx.lang)
            line = self.ctx.text("round.result", place=place, player=run.participants[seat].name, rank=rank,
                                 points=record.points[seat], total=totals[seat])  # fmt: skip
            parts += [Text("\n"), Text(line)]
        self.ctx.to_team(self.names.team, Text.join(parts))
        reason = run.end_reason(at_round_start=True)
        if run.match.over or reason is not None:
            self.end_match(reason or EndReason.COMPLETE)
            return
        self._between_until = self.ctx.clock() + self.settings.durations.round_pause
        self._deadline = None
        self._plan()
        self.sync()

    def end_match(self, reason: EndReason) -> None:
        """End the match: standings to the whole server, seats released, items given back."""
        run = self.run
        if run is None:
            return
        self._arm(None)
        deferred = self.ctx.match_ended(self.settings, run, reason)  # the stats desk may add rating changes
        standings = run.standings() if run.match.records else []
        if reason not in _END_NOTES and standings:
            if not deferred:
                complete = reason is EndReason.COMPLETE
                self.ctx.to_all(standings_text(self.ctx, self.settings.name, standings, complete=complete))
        else:
            key = _END_NOTES.get(reason, "match.ended_early")
            self.ctx.to_team(self.names.team, Text(self.ctx.text(key), color="gray"))
        game_event("match_end", table=self.id, reason=reason.value, rounds=len(run.match.records),
                   standings=standings_field(standings) if standings else None)  # fmt: skip
        humans = [p.name for p in run.participants if not p.cpu]
        self.run = None
        self._deadline = None
        self._between_until = None
        self._cpu_due.clear()
        self.away.clear()
        self.paused_until = None
        self.ctx.journal.clear(self.id)
        for name in humans:
            if name in self.lobby:
                self.unseat(name)
                self.remove_member(name)
        self.sync()

    def _notify_human(self) -> None:
        """Tell the human(s) now awaited, once per decision."""
        run = self.run
        if run is None or run.round is None or self.paused_until is not None:
            return
        if self._notified == self._step:
            return
        self._notified = self._step
        for seat in sorted(self._awaiting()):
            person = run.participants[seat]
            if not person.cpu and person.name not in self.away:
                self.notify_turn(person.name)

    # ---- player decisions ---------------------------------------------------------------------
    def decide(self, player: str, cards: str | tuple[Card, ...] | None) -> None:
        """``play <cards>`` (text or cards) or ``pass`` (``None``) for ``player``; raises on errors."""
        run = self.run
        if run is None or run.round is None or self._between_until is not None:
            raise CommandError("no_match" if run is None else "not_now")
        seat = run.seat_of(player)
        if seat is None or seat in run.dropped:
            raise CommandError("not_playing")
        rnd = run.round
        if seat not in rnd.awaiting():
            raise CommandError("not_your_turn")
        decision = decision_of(rnd)
        try:
            if decision is Decision.PLAY and isinstance(cards, str):
                action: Action = rnd.play_text(seat, cards)  # keeps pins such as JK=H4
            else:
                chosen = tuple(parse_cards(cards)) if isinstance(cards, str) else cards
                problem = pick_problem(rnd, seat, chosen) if chosen is not None else None
                if problem is not None:
                    raise CommandError(problem[0], **problem[1])
                action = action_for(rnd, seat, chosen)
            rnd.check(action)
        except PickError as exc:
            raise CommandError(exc.code) from None
        except EngineError as exc:
            raise refusal(exc, rnd, seat, cards, self.ctx) from None
        self.act(seat, action)
        self.sync()
        self._notify_human()

    def play_selection(self, player: str) -> None:
        """Play (or give) the cards ``player`` has selected."""
        chosen = tuple(CARDS[i] for i in sorted(self.selection.get(player, ())))
        if not chosen:
            raise CommandError("nothing_selected")
        self.decide(player, chosen)

    def seconds_left(self) -> int | None:
        """Whole seconds left for the humans now awaited (``None`` when no human is)."""
        if self._deadline is None or self.paused_until is not None:
            return None
        if not any(not self._is_auto(s) for s in self._awaiting()):
            return None
        return max(0, math.ceil(self._deadline - self.ctx.clock()))


__all__ = ["TableFlow"]
