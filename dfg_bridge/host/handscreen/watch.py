"""When to look at the hand screens (画面の監視): a question or two per look, and back-off.

Every RCON command runs on the server's main thread, so reading every acting player's chest every
50 ms (two ``data get block`` per look) was most of the daemon's traffic (issue 19). A look now asks
questions whose answer is almost always "nothing happened" (:mod:`.questions` builds them): the
**screen question** for each player who may act now, and the **table question** every
:attr:`WatchTimes.off_turn` seconds (:data:`TABLE_ON_TURN` while someone may act). A card taken out
off turn is thus back within about a second, and never counts as a selection; a container opened by a
seated player makes the watch take back at once whatever of ours they hold.

Questions cost as few commands of their own as can be:

* While a player may act, a due table question goes with the screen question as one chain
  (:meth:`.questions.Questions.joint`), asked again separately only when the joint answer is not
  ``Test passed``. After a click's read it goes with the next look.
* While nobody may act, it rides on the table's display writes (:mod:`~dfg_bridge.host.riding`): the
  CPUs' turns change the displays about every second. A turn's first look rides on that turn's
  displays too (:meth:`Watch.rider`).
* The screen question runs the reset of the player's opening count, so an opening costs nothing more.

Only when an answer is not "nothing" are screens read (``data get block``), clicks acted on, our items
taken back and keys mended (:meth:`Watch.follow_up`). The statistic tells when a chest was opened but
never when it was closed, so a screen that may be open cannot be skipped; the watch backs off instead:
every :attr:`WatchTimes.fast` seconds for :attr:`WatchTimes.hot` seconds after a click, every
:data:`AFTER_OPENING` seconds for :data:`HOT_AFTER_OPENING` seconds after the acting player opened a
chest, else every :attr:`WatchTimes.idle` seconds while a seated player may act, and every
:data:`SLOW_IDLE` seconds once their screen has been quiet for :data:`QUIET_AFTER` seconds (a player
thinking) or before their turn's first opening or click.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen import seats
from dfg_bridge.host.handscreen.base import HandPoll
from dfg_bridge.host.handscreen.cadence import (
    AFTER_OPENING,
    HOT_AFTER_OPENING,
    KEY_RETRY,
    QUIET_AFTER,
    RIDE_AFTER,
    SLOW_IDLE,
    TABLE_ON_TURN,
    WatchTimes,
)
from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.questions import STATS, Questions
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.host.riding import Rider
from dfg_bridge.replies.answers import execute_failed, execute_passed, reset_nobody, write_ran

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import Screens

log = logging.getLogger(__name__)

QUIET_KEYS = 5.0
"""Seconds the key checks are left out after a look that found nothing to mend (a key on the cursor)."""
SUSPECT_PAUSE = 2.0
"""After three such looks in a row, the next look waits this long."""


class Watch:
    """Plans and makes the looks at one table's screens."""

    def __init__(self, screens: Screens, times: WatchTimes) -> None:
        self.hs = screens
        self.times = times
        self.q = Questions(screens)
        """What the looks ask (:mod:`.questions`)."""
        self._token = 0
        self._due: float | None = None
        self._hot_until = 0.0
        self._opened_until = 0.0
        self._active_at = 0.0
        """When a turn started, a chest was opened or a click was seen (see :data:`QUIET_AFTER`)."""
        self._quiet_keys_until = 0.0
        self._suspect = 0
        self._ready = False
        self._table_due = 0.0
        self._looking = False
        self._turn_ended_at = -1.0
        """When the last player who might act could no longer (a ride then would put off the question
        due during their turn, when they may have just taken a card)."""
        self._key_retry = 0.0
        self.looks = 0
        """Looks made (each one command, or two with many players)."""
        self.follow_ups = 0
        """Looks that found something (screens read, items taken back, keys mended)."""
        self.clear_looks = 0
        """Looks that found nothing to do."""

    # ---- planning -----------------------------------------------------------------------------------
    def targets(self) -> list[HandScreen]:
        """The screens worth watching: seated online players at a running match."""
        hs = self.hs
        if hs.table.run is None:
            return []
        return [s for s in hs.screens.values() if hs.online(s.player)]

    def arm(self, *, now: bool = False) -> None:
        """Keep one look planned while anyone is watched; a turn that just started is looked at at once.

        Timers are never cancelled (a cancel racing the firing job upsets APScheduler's thread): a new
        token makes the pending look stale, and a stale look is ignored when it arrives.
        """
        targets = self.targets()
        if not targets:
            self.stop()
            return
        snap = self.hs.table.snapshot()
        clock = self.hs.table.ctx.clock()
        mays = [self.hs.may_act(screen, snap) for screen in targets]
        if any(screen.acting for screen in targets) and not any(mays):
            self._turn_ended_at = clock
        acting = False
        for screen, may in zip(targets, mays, strict=True):
            if may and not screen.acting:
                screen.fresh = True  # the first look of a turn: what it finds was done off turn
                now = True
                self._active_at = clock
            screen.acting = may
            acting = acting or may
        table_in = max(0.0, self._table_due - clock)
        # While someone may act, looks come at least every idle interval and the table question rides
        # on the first one after it is due: a look of its own in between would be one look in four.
        if now:
            delay = 0.0
        elif not acting:
            delay = table_in
        else:
            delay = self._delay(clock) if self._suspect < 3 else min(SUSPECT_PAUSE, table_in)
        if self._due is None or clock + delay < self._due - 1e-4:
            self._schedule(delay)

    def _delay(self, clock: float) -> float:
        if self._suspect >= 3:
            return SUSPECT_PAUSE
        if clock < self._hot_until:
            return self.times.fast
        if clock < self._opened_until:
            return min(self.times.idle, max(self.times.fast, AFTER_OPENING))
        lively = max(self._hot_until, self._opened_until)
        engaged = lively > self._active_at  # a click or an opening since the turn started
        if not engaged or clock - max(self._active_at, lively) >= QUIET_AFTER:
            return max(self.times.idle, SLOW_IDLE)
        return self.times.idle

    def _schedule(self, delay: float) -> None:
        ctx = self.hs.table.ctx
        self._token += 1
        self._due = ctx.clock() + delay
        token, table, post = self._token, self.hs.table.id, ctx.post
        ctx.scheduler.call_later(delay, lambda: post(HandPoll(table, token)))

    def stop(self) -> None:
        """Nothing to watch: the pending look (if any) becomes stale."""
        if self._due is not None:
            self._token += 1
            self._due = None

    def on_poll(self, event: HandPoll) -> None:
        """A planned look arrived: make it (unless stale), then plan the next one."""
        if event.token != self._token:
            return
        self._due = None
        self.look()
        self.arm()

    def rider(self) -> Rider | None:
        """A question to ride on a display write (:mod:`~dfg_bridge.host.riding`), or ``None``.

        * At a turn's start, the turn's first look: the acting player's screen question (the displays
          change with the turn, just before that look would be made).
        * While nobody may act (else it rides on the looks), the table question, from
          :data:`RIDE_AFTER` after its last answer.

        Either only when it is one chain, and never in the middle of a look (which asks its own).
        """
        targets = self.targets()
        if not targets or not self._ready or self._looking:
            return None
        fresh = [s for s in targets if s.acting and s.fresh and s.drawn is not None]
        if fresh:
            chains = self.q.screen(fresh[0])
            if len(fresh) > 1 or len(chains) > 1:
                return None
            return Rider(chains[0], lambda passed: self._first_look_ridden(fresh[0], passed))
        clock = self.hs.table.ctx.clock()
        since = max(self._table_due - self.times.off_turn, self._turn_ended_at)
        if clock < since + RIDE_AFTER:
            return None  # asked a moment ago, or a turn just ended: the question due in it stays due
        if any(screen.acting for screen in targets):  # as arm() found them, just before this sync's displays
            return None
        chains = self.q.table(targets, keys=self._keys_due())
        return Rider(chains[0], self._table_ridden) if len(chains) == 1 else None

    def _table_ridden(self, passed: bool) -> None:
        clock = self.hs.table.ctx.clock()
        self._table_due = clock + self.times.off_turn if passed else clock
        if not passed:
            self.arm(now=True)  # the look asks it alone, and follows up

    def _first_look_ridden(self, screen: HandScreen, passed: bool) -> None:
        """The turn's first look rode on a display write: when it found nothing, the look planned for
        now is not needed (a failed one leaves it planned: it asks again and reads)."""
        if not passed or self.hs.screens.get(screen.player) is not screen:
            return
        screen.fresh = False
        self.looks += 1
        self.clear_looks += 1
        self._schedule(self._delay(self.hs.table.ctx.clock()))

    # ---- looking ------------------------------------------------------------------------------------
    def _openings(self) -> bool:
        """Reset the opening counts of the table's players; ``True`` if any had opened something."""
        hs = self.hs
        if self._passes(self.q.chains(self.q.openings())):
            return False
        for objective in STATS.values():
            opened = f"@a[tag={hs.player_tag},scores={{{objective}=1..}}]"
            hs.run("poll", hs.r.scores_reset(opened, objective))
        return True

    def _screen_changed(self, screen: HandScreen, clock: float) -> bool:
        """Ask the screen question; an opening alone is no change (the watch just gets quicker)."""
        commands = self.q.screen(screen, resetting=True)
        replies = [self.hs.run("poll", command) for command in commands]
        reset = self.q.opening_reset(screen.player)
        last, resetting = replies[-1], commands[-1].endswith(" run " + reset)
        if not all(execute_passed(reply) for reply in replies[:-1]):
            return True
        if resetting:
            if reset_nobody(last):
                return False
            if not write_ran(last):
                return True  # a test failed: the chain stopped without a word
        elif execute_passed(last):
            return False
        elif execute_failed(last):
            self.hs.run("poll", reset)
        else:
            return True
        self._opened_until = max(self._opened_until, clock + HOT_AFTER_OPENING)  # just opened
        return False

    def _items_clear(self, targets: list[HandScreen], *, openings: bool = False) -> bool:
        tests = self.q.items(targets, keys=self._keys_due()) + (self.q.openings() if openings else [])
        return self._passes(self.q.chains(tests))

    def _keys_due(self) -> bool:
        return self.hs.table.ctx.clock() >= self._quiet_keys_until

    def _passes(self, commands: list[str]) -> bool:
        return all(execute_passed(self.hs.run("poll", command)) for command in commands)

    def look(self) -> None:
        """One look: the questions that are due, and a follow-up when an answer is not "nothing"."""
        self._looking = True  # what a look draws carries no question: the look asks its own
        try:
            self._look()
        finally:
            self._looking = False

    def _look(self) -> None:
        targets = self.targets()
        if not targets:
            return
        hs = self.hs
        if not self._ready:
            for stat, objective in STATS.items():
                hs.run("poll", hs.r.stat_objective(objective, stat))
            self._ready = True
        self.looks += 1
        hs.draw_pending()
        clock = hs.table.ctx.clock()
        if clock >= self._key_retry:
            self._key_retry = clock + KEY_RETRY
            for screen in targets:
                if screen.key_missing and isinstance(screen.surface, ChestSurface):
                    seats.give_key(hs, screen, hs.key(screen.seat))  # they may have made room by now
        acting = [s for s in targets if s.acting]
        table_bad = False
        changed: list[HandScreen] = []
        if clock >= self._table_due - 1e-3:
            self._table_due = clock + (TABLE_ON_TURN if acting else self.times.off_turn)
            watched = [s for s in acting if s.drawn is not None]
            if watched and self._passes(self.q.joint(targets, watched, keys=self._keys_due())):
                watched = []  # both questions answered "nothing" in one command
            else:
                opened_until = self._opened_until
                changed = [s for s in watched if self._screen_changed(s, clock)]
                if not changed and self._opened_until != opened_until:
                    # The acting player opened their chest, most likely all the joint question saw: the
                    # next look (AFTER_OPENING away) asks it again instead of the table question now.
                    self._table_due = clock
                    for screen in acting:
                        screen.fresh = False  # their screen holds what was drawn
                    return
                if changed:
                    # A click, most likely: its card on the cursor would fail the table question too, so
                    # the screens are read first (which takes the card back). The table question then
                    # goes with the next look's screen question, a moment away, or, when the click ended
                    # the turn, rides on the next display write (or is asked off_turn seconds from now).
                    if self.follow_up(changed, deeper=False):
                        self._table_after_click(clock)
                        return
                    targets = self.targets()  # the read may have ended the match
                    if not targets:
                        return
                    changed = []  # the screen holds what was drawn: something else failed the question
                table_bad = not self._passes(self.q.table(targets, keys=self._keys_due()))
        else:
            changed = [s for s in acting if s.drawn is not None and self._screen_changed(s, clock)]
        if table_bad and self.hs.book.follow():
            # A book was used (and handled): was that all?
            table_bad = not self._items_clear(targets, openings=True)
        if table_bad and self._openings():
            # A container was opened: if it was only that, the items part now holds, and no screen
            # needs reading (an acting player's own chest is asked about at every look anyway).
            self._hot_until = clock + self.times.hot
            hs.draw_pending(opened=True)  # whoever opened it sees the current screen
            table_bad = not self._items_clear(targets)
        if not table_bad and not changed:
            for screen in acting:
                screen.fresh = False  # nothing was pending: later changes are this turn's clicks
            self._suspect = 0
            self.clear_looks += 1
            return
        if self.follow_up(targets if table_bad else changed, deeper=table_bad) and not table_bad:
            self._table_after_click(clock)

    def _table_after_click(self, clock: float) -> None:
        """A read found a click (and took its card back from the cursor). If it ended the turn, the
        table question rides on the displays of the turns that follow (asked alone off_turn seconds from
        now at the latest); else it comes with a look TABLE_ON_TURN from now, not with the next one,
        whose question a quick second click would fail (three commands more before its read)."""
        targets, snap = self.targets(), self.hs.table.snapshot()
        if targets and not any(self.hs.may_act(screen, snap) for screen in targets):
            self._table_due = clock + self.times.off_turn
        else:
            self._table_due = max(self._table_due, clock + TABLE_ON_TURN)

    def follow_up(self, screens: list[HandScreen], *, deeper: bool) -> bool:
        """Something needs attention: read ``screens`` (acting players first), then, with ``deeper``,
        look for openings, our items anywhere on or near the players, and missing keys. ``True`` when
        a read found a screen changed."""
        hs = self.hs
        self.follow_ups += 1
        clock = hs.table.ctx.clock()
        read_changes = False
        for screen in sorted(screens, key=lambda s: not s.acting):
            if hs.screens.get(screen.player) is not screen:
                continue  # a click before this one unseated them (the match ended)
            found = hs.read(screen, acting=screen.acting)  # as the arm() before this look saw it
            if found is not None and found.changed:
                self._hot_until = clock + self.times.hot
                self._suspect = 0
                read_changes = True
        if deeper and read_changes and self._items_clear(self.targets()):
            # What the table question saw was a click's card on the cursor, which the read took back:
            # one question instead of the sweep's five commands a player.
            return True
        if deeper and not self._deeper(self.targets()):
            self._suspect += 1
            self._quiet_keys_until = clock + QUIET_KEYS
            if self._suspect == 3:
                log.info("table %s: the hand-screen watch finds something it cannot mend; looking less often",
                         hs.table.id)  # fmt: skip
        return read_changes

    def _deeper(self, targets: list[HandScreen]) -> bool:
        """Our items anywhere on or near the players, and keys. ``True`` if anything was mended."""
        hs, r = self.hs, self.hs.r
        mended = False
        for screen in targets:
            if not hs.online(screen.player):
                continue
            chest = hs.surface is Surface.CHEST  # else the ender chest is the screen itself
            mended |= seats.reclaim(hs, screen.player, keys=False, ender=False) > 0
            if chest:
                mended |= seats.empty_ender_chest(hs, screen.player, keys=True) > 0
            if isinstance(screen.surface, ChestSurface):
                key = hs.key(screen.seat)
                held = seats.counted(hs.run(seats.PURPOSE, r.count_items(screen.player, r.our_keys(key.tag))))
                hs.run(seats.PURPOSE, r.clear(screen.player, r.our_keys_except(key.tag)))
                if held == 0:
                    # The key is gone (thrown, put away): a new one, and the old one opens nothing.
                    hs.renew_key(screen)
                    mended = True
        return mended


__all__ = ["STATS", "Watch", "WatchTimes"]
