"""The match flow of one table (試合の流れ): rounds, turns, timers, CPUs, dropouts, the end.

:class:`MatchFlow` owns a table's match and its timer (:class:`~dfg_bridge.host.turnclock.TurnClock`);
what it needs of the table around it — displays, seats, the lobby, the turn notice — it asks through
the narrow :class:`FlowHooks`. What players are told comes from :mod:`dfg_bridge.host.tellings` as
text values. Seed 001: 60 s per turn, on timeout pass if there is a field, else play the weakest
single; 30 s for the exchange, on timeout give the weakest cards.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from dfg_bridge.engine import CARDS, Action, Card, EngineError, Phase, parse_cards
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.cpu import CpuPolicy, cpu_action, cpu_for
from dfg_bridge.host.decisions import Decision, PickError, action_for, decision_of, pick_problem
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.events import TimerFired
from dfg_bridge.host.gamelog import game_event, standings_field
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.refusals import play_refusal
from dfg_bridge.host.results import standings_text
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.host.tellings import Note, Told, Words, event_notes, phase_notes, round_result, timeout_note
from dfg_bridge.host.turnclock import EPS, TurnClock
from dfg_bridge.model.text import Text

_END_NOTES = {
    EndReason.STOPPED: "match.stopped_by_admin",
    EndReason.SHUTDOWN: "match.stopped_by_shutdown",
    EndReason.RESTARTED: "match.stopped_after_restart",
}
"""What the table is told when a match ends without standings."""


class FlowHooks(Protocol):
    """What the match flow asks of the table that holds it."""

    @property
    def settings(self) -> TableSettings:
        """The table's settings (replaced between matches by ``admin reload``)."""
        ...

    def sync(self) -> None:
        """Send the table's changed displays."""
        ...

    def seat_players(self, players: Sequence[str]) -> None:
        """Teleport and mount players on their seats."""
        ...

    def leave_table(self, player: str) -> None:
        """The match is over for a human: off their seat, out of the lobby, items given back."""
        ...

    def notify_turn(self, player: str) -> None:
        """Tell a human it is their turn (and show their hand)."""
        ...


class MatchFlow:
    """One table's match: its state, its transitions and its timer. Only the main thread calls it."""

    def __init__(self, ctx: HostContext, names: TableNames, hooks: FlowHooks) -> None:
        self.ctx = ctx
        self.names = names
        self.hooks = hooks
        self.run: MatchRun | None = None
        self.away: dict[str, float] = {}
        """Disconnected players whose seat is kept (grace policy): name → when it expires."""
        self.paused_until: float | None = None
        """Set while a resumed match waits for its players to come back."""
        self.selection: dict[str, set[int]] = {}
        """Per player: selected card indices (the hand screen, clickable chat and dialog share it)."""
        self.timer = TurnClock(ctx, names.table_id)
        self.step = 0
        """Counts decisions taken, so a human is told about each of their turns once."""
        self.told = Told()
        """Which of this round's phase notes were said."""
        self._cpu: CpuPolicy | None = None
        self._notified = -1

    @property
    def settings(self) -> TableSettings:
        """The table's settings."""
        return self.hooks.settings

    @property
    def between_rounds(self) -> bool:
        """Whether the table waits for its next round."""
        return self.timer.between_until is not None

    def say(self, notes: Iterable[Note]) -> None:
        """Send notes: to their player, or to the table's team (consecutive notes to the same
        recipients together, so they share a ``tellraw``)."""
        for player, run in itertools.groupby(notes, key=lambda note: note.player):
            texts = [note.text for note in run]
            if player is None:
                self.ctx.to_team(self.names.team, *texts)
            else:
                self.ctx.tell_text(player, *texts)

    def _words(self) -> Words:
        return Words(self.ctx.msgs, self.ctx.lang)

    # ---- timers --------------------------------------------------------------------------------
    def is_auto(self, seat: int) -> bool:
        """Whether ``seat`` is played by the daemon (a CPU, or a human who is away)."""
        assert self.run is not None
        person = self.run.participants[seat]
        return person.cpu or person.name in self.away

    def awaiting(self) -> frozenset[int]:
        """The seats whose decision is awaited now (none between rounds)."""
        run = self.run
        if run is None or run.round is None or run.round.over or self.between_rounds:
            return frozenset()
        return run.round.awaiting()

    def turn_started(self) -> None:
        """A new decision is awaited: fresh time limit, fresh CPU delays."""
        run = self.run
        assert run is not None and run.round is not None
        durations = self.settings.durations
        self.timer.start_turn(durations.exchange if run.round.phase is Phase.EXCHANGE else durations.turn)
        self.plan()

    def plan(self) -> None:
        """Arm the timer for the earliest thing due (or nothing while paused)."""
        timer = self.timer
        if self.run is None or self.paused_until is not None:
            timer.arm(None)
            return
        if timer.between_until is not None:
            timer.arm(timer.between_until)
            return
        now = self.ctx.clock()
        durations = self.settings.durations
        wakes: list[float] = []
        humans_waiting = False
        for seat in sorted(self.awaiting()):
            if self.is_auto(seat):
                if seat not in timer.cpu_due:
                    timer.cpu_due[seat] = now + self.ctx.rng.uniform(durations.cpu_min, durations.cpu_max)
                wakes.append(timer.cpu_due[seat])
            else:
                humans_waiting = True
        if humans_waiting and timer.deadline is not None:
            wakes.append(timer.deadline)
        timer.arm(min(wakes) if wakes else None)

    def hold(self) -> None:
        """Nothing is due while the match is held (paused)."""
        self.timer.arm(None)

    def recover_timer(self, delay: float = 1.0) -> None:
        """After a handler failed midway: re-arm the timer, due no sooner than ``delay`` from now.

        A failure can strike after the state moved but before the timer was re-armed; without this
        the table would wait forever. The delay keeps a failure that repeats from spinning.
        """
        self.plan()
        soonest = self.ctx.clock() + delay
        if self.timer.due is not None and self.timer.due < soonest:
            self.timer.arm(soonest)

    def on_timer(self, event: TimerFired) -> None:
        """A timer fired: do whatever is due, then re-arm."""
        if event.token != self.timer.token or self.run is None or self.paused_until is not None:
            return
        self.timer.current(event)
        between = self.timer.between_until
        if between is not None:
            if self.ctx.clock() + EPS >= between:
                self.timer.between_until = None
                self.begin_round()
            else:
                self.plan()
            return
        for _ in range(64):
            if not self._do_one_due():
                break
        self.plan()
        self.hooks.sync()
        self.notify_human()

    def _do_one_due(self) -> bool:
        run = self.run
        if run is None or run.round is None or self.between_rounds:
            return False
        now = self.ctx.clock() + EPS
        awaiting = sorted(self.awaiting())
        for seat in awaiting:
            if self.is_auto(seat) and self.timer.cpu_due.get(seat, math.inf) <= now:
                self.act(seat, cpu_action(self._cpu_player(), run.round, seat))
                return True
        deadline = self.timer.deadline
        if deadline is not None and deadline <= now:
            for seat in awaiting:
                if not self.is_auto(seat):
                    self.act(seat, run.round.timeout_action(seat), timeout=True)
                    return True
        return False

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
        self.told = Told()
        events, entry = run.start_round()
        self.ctx.journal.append(self.names.table_id, entry)
        self.step += 1
        self.ctx.to_team(
            self.names.team, Text(self.ctx.text("round.start", round=run.round_no), color="gold")
        )
        self.say(event_notes(run, events, self._words()))
        self._phase_notes()
        self.turn_started()
        self.hooks.sync()
        self.notify_human()

    def _phase_notes(self) -> None:
        assert self.run is not None
        notes, self.told = phase_notes(self.run, self.told, self._words(), self.settings.durations.exchange)
        self.say(notes)

    def act(self, seat: int, action: Action, *, timeout: bool = False) -> None:
        """Apply ``action`` for ``seat`` (raises ``EngineError`` when illegal) and move on."""
        run = self.run
        assert run is not None and run.round is not None
        before = run.round.awaiting()
        if timeout:
            self.say(n for n in [timeout_note(run.participants[seat].name, action, self._words())] if n)
        events, entry = run.apply(action)
        self.ctx.journal.append(self.names.table_id, entry)
        self.step += 1
        self.selection.pop(run.participants[seat].name, None)
        self.say(event_notes(run, events, self._words()))
        self._after_change(before)

    def drop(self, seat: int, *, why: str = "left") -> None:
        """脱落 of ``seat`` mid-match (its hand is discarded; last place this round).

        ``why`` is for the game log: ``command``, ``disconnect``, ``grace_expired``, ``not_back``.
        """
        run = self.run
        if run is None or seat in run.dropped:
            return
        game_event("dropout", table=self.names.table_id, player=run.participants[seat].name, why=why,
                   round=run.round_no)  # fmt: skip
        before = run.round.awaiting() if run.round is not None else frozenset()
        events, entry = run.drop(seat)
        self.ctx.journal.append(self.names.table_id, entry)
        self.step += 1
        self.say(event_notes(run, events, self._words()))
        if run.round is None or self.between_rounds:
            reason = run.end_reason(at_round_start=False)
            if reason is not None:
                self.end_match(reason)
            return
        self._after_change(before)

    def _after_change(self, before: frozenset[int]) -> None:
        run = self.run
        assert run is not None and run.round is not None
        if run.round.over:
            self.round_over()
            return
        reason = run.end_reason(at_round_start=False)
        if reason is not None:
            self.end_match(reason)
            return
        self._phase_notes()
        if run.round.phase is Phase.PLAY or not before:
            # Every play or pass starts a new turn, even when the same seat leads again (8切り).
            self.turn_started()
        else:
            self.plan()

    def round_over(self) -> None:
        """The round is decided: results to the table, then the next round after a pause (or the end)."""
        run = self.run
        assert run is not None and run.round is not None
        ranking = run.round.ranking()
        entry = run.finish_round()
        self.ctx.journal.append(self.names.table_id, entry)
        self.say([round_result(run, ranking, self._words())])
        self.ctx.flush_team(self.names.team)  # the play log and the ranks now, not after the hold
        reason = run.end_reason(at_round_start=True)
        if run.match.over or reason is not None:
            self.end_match(reason or EndReason.COMPLETE)
            return
        self.timer.between_until = self.ctx.clock() + self.settings.durations.round_pause
        self.timer.deadline = None
        self.plan()
        self.hooks.sync()

    def end_match(self, reason: EndReason) -> None:
        """End the match: standings to the whole server, seats released, items given back."""
        run = self.run
        if run is None:
            return
        self.timer.arm(None)
        settings = self.settings
        deferred = self.ctx.match_ended(settings, run, reason)  # the stats desk may add rating changes
        standings = run.standings() if run.match.records else []
        if reason not in _END_NOTES and standings:
            if not deferred:
                complete = reason is EndReason.COMPLETE
                self.ctx.to_all(standings_text(self.ctx, settings.name, standings, complete=complete))
        else:
            key = _END_NOTES.get(reason, "match.ended_early")
            self.ctx.to_team(self.names.team, Text(self.ctx.text(key), color="gray"))
        self.ctx.flush_team(self.names.team)
        game_event("match_end", table=self.names.table_id, reason=reason.value, rounds=len(run.match.records),
                   standings=standings_field(standings) if standings else None)  # fmt: skip
        humans = [p.name for p in run.participants if not p.cpu]
        self.run = None
        self.timer.deadline = None
        self.timer.between_until = None
        self.timer.cpu_due.clear()
        self.away.clear()
        self.paused_until = None
        self.ctx.journal.clear(self.names.table_id)
        for name in humans:
            self.hooks.leave_table(name)
        self.hooks.sync()

    def notify_human(self) -> None:
        """Tell the human(s) now awaited, once per decision."""
        run = self.run
        if run is None or run.round is None or self.paused_until is not None:
            return
        if self._notified == self.step:
            return
        self._notified = self.step
        for seat in sorted(self.awaiting()):
            person = run.participants[seat]
            if not person.cpu and person.name not in self.away:
                self.hooks.notify_turn(person.name)

    # ---- player decisions ---------------------------------------------------------------------
    def decide(self, player: str, cards: str | tuple[Card, ...] | None) -> None:
        """``play <cards>`` (text or cards) or ``pass`` (``None``) for ``player``; raises on errors."""
        run = self.run
        if run is None or run.round is None or self.between_rounds:
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
            raise play_refusal(exc, rnd, seat, cards, self.ctx) from None
        self.act(seat, action)
        self.hooks.sync()
        self.notify_human()

    def play_selection(self, player: str) -> None:
        """Play (or give) the cards ``player`` has selected."""
        chosen = tuple(CARDS[i] for i in sorted(self.selection.get(player, ())))
        if not chosen:
            raise CommandError("nothing_selected")
        self.decide(player, chosen)

    def seconds_left(self) -> int | None:
        """Whole seconds left for the humans now awaited (``None`` when no human is)."""
        if self.timer.deadline is None or self.paused_until is not None:
            return None
        if not any(not self.is_auto(s) for s in self.awaiting()):
            return None
        return self.timer.left()


__all__ = ["FlowHooks", "MatchFlow"]
