"""When to look at the hand screens (画面の監視): a question or two per look, and back-off.

Every RCON command runs on the server's main thread, so reading every acting player's chest every
50 ms (two ``data get block`` per look) was most of the daemon's traffic (issue 19). A look now asks
questions whose answer is almost always "nothing happened", each one ``execute … if|unless …`` chain
that replies ``Test passed`` exactly when nothing needs attention:

* **The screen question**, for each player who may act now: does their chest still hold exactly what
  was drawn? ``if block <half> minecraft:chest{Items:[{Slot:…b,count:…},…]} unless data block <half>
  Items[n]`` for both halves (a block predicate's NBT matches lists partially, the index test bounds
  the length; pinned in ``tests/sim/test_block_predicate.py``). Every click changes a slot, so this one
  command replaces the two ``data get block`` reads. (It compares slots and counts, not items: two
  cards of one rank swapped within a look are not seen; the screen is read in full at every turn's
  start anyway.)
* **The table question**, every :attr:`WatchTimes.off_turn` seconds (:data:`TABLE_ON_TURN` while
  someone may act): no item of ours except keys on any seated player — main inventory, cursor, off hand
  (``execute if items`` counts a slot range for every selected player at once); no item of ours in their
  ender chests; none lying near the table (a card thrown with Q); no seated player opened a container
  since the last look — the ``minecraft.custom`` statistics ``open_chest``, ``open_enderchest`` and
  ``open_barrel`` as scoreboard objectives, all players in one test each (pinned per version in
  ``tests/sim/test_stats.py``); every seated player still holds
  this match's key of their seat. A card taken out off turn is thus back within about a second,
  and never counts as a selection; a container opened by a seated player makes the watch take back at
  once whatever of ours they hold, before they can put it away.

When the table question is due while a player may act, both are asked as one chain
(:meth:`Watch.joint_question`): one command instead of two, asked again separately only when the
joint answer is not ``Test passed``.

Only when an answer is not ``Test passed`` are screens read (``data get block``), clicks acted on, our
items taken back and keys mended (:meth:`Watch.follow_up`). The statistic tells when a chest was
opened but never when it was closed, so a screen that may be open cannot be skipped; the watch backs
off instead: every :attr:`WatchTimes.fast` seconds for :attr:`WatchTimes.hot` seconds after a click,
every :data:`AFTER_OPENING` seconds for :data:`HOT_AFTER_OPENING` seconds after the acting player
opened a chest (the screen question's last test asks that, so an opening costs no read), else every
:attr:`WatchTimes.idle` seconds while a seated player may act, and every :data:`SLOW_IDLE` seconds
once their screen has been quiet for :data:`QUIET_AFTER` seconds (a player thinking).
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
    SLOW_IDLE,
    TABLE_ON_TURN,
    WatchTimes,
)
from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.replies.answers import execute_failed, execute_passed

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import Screens

log = logging.getLogger(__name__)

STATS = {"open_chest": "dfg_oc", "open_enderchest": "dfg_oe", "open_barrel": "dfg_ob"}
"""Each opening statistic watched and the objective counting it (shared by every table). Trapped
chests and shulker boxes (``trigger_trapped_chest``, ``open_shulker_box``) are left out: each
statistic is one more test in every look, and those containers are rare at a card table."""
DROP_RADIUS = 16.0
"""Our item entities this close to the table's centre are looked for at every look."""
QUIET_KEYS = 5.0
"""Seconds the key checks are left out after a look that found nothing to mend (a key on the cursor)."""
SUSPECT_PAUSE = 2.0
"""After three such looks in a row, the next look waits this long."""


class Watch:
    """Plans and makes the looks at one table's screens."""

    def __init__(self, screens: Screens, times: WatchTimes) -> None:
        self.hs = screens
        self.times = times
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
        acting = False
        for screen in targets:
            may = self.hs.may_act(screen, snap)
            if may and not screen.acting:
                screen.fresh = True  # the first look of a turn: what it finds was done off turn
                now = True
                self._active_at = self.hs.table.ctx.clock()
            screen.acting = may
            acting = acting or may
        clock = self.hs.table.ctx.clock()
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

    def hot(self, clock: float) -> bool:
        """Whether the watch is looking fast (a click or an opening was just seen)."""
        return clock < max(self._hot_until, self._opened_until)

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

    # ---- looking ------------------------------------------------------------------------------------
    def table_question(self, targets: list[HandScreen]) -> list[str]:
        """The table question: one ``execute`` chain (two when many players hold keys)."""
        return self._chains(self._item_tests(targets) + self._opening_tests() + self.hs.book.tests())

    def _item_tests(self, targets: list[HandScreen]) -> list[str]:
        hs, r = self.hs, self.hs.r
        seated = f"@a[tag={hs.player_tag}]"
        ours = r.our_non_keys()
        on_player = ("container.*", "player.cursor", "weapon.offhand")
        tests = [r.items_check(False, seated, slots, ours) for slots in on_player]
        if hs.surface is Surface.CHEST:
            tests.append(r.items_check(False, seated, "enderchest.*", r.our_items()))
        tests.append(r.entity_check(False, r.dropped_near(hs.table.settings.centre, DROP_RADIUS)))
        if hs.table.ctx.clock() >= self._quiet_keys_until:
            tests += self._key_tests(targets)
        return tests

    def _key_tests(self, screens: list[HandScreen]) -> list[str]:
        """Each chest screen's player still holds this match's key of their seat."""
        hs, r = self.hs, self.hs.r
        return [
            r.items_check(True, s.player, "container.*", r.our_keys(hs.key_tag(s.seat)))
            for s in screens
            if isinstance(s.surface, ChestSurface) and not s.key_missing
        ]

    def _opening_tests(self) -> list[str]:
        selectors = [f"@a[tag={self.hs.player_tag},scores={{{o}=1..}}]" for o in STATS.values()]
        return [self.hs.r.entity_check(False, selector) for selector in selectors]

    def _openings(self) -> bool:
        """Reset the opening counts of the table's players; ``True`` if any had opened something."""
        hs = self.hs
        if self._passes(self._chains(self._opening_tests())):
            return False
        for objective in STATS.values():
            opened = f"@a[tag={hs.player_tag},scores={{{objective}=1..}}]"
            hs.run("poll", hs.r.scores_reset(opened, objective))
        return True

    def screen_question(self, screen: HandScreen) -> list[str]:
        """The screen question: does ``screen`` hold exactly what was drawn, and its player nothing else?

        The content test compares slots and counts; a number-key swap (which could trade a stack for
        one of the same count, such as the key book for a button) also moves an item onto the
        player, so the question also asks that they hold no item of ours but their key, and the key.
        """
        r = self.hs.r
        tests = screen.surface.holds(r, screen.drawn or {})
        tests.append(r.items_check(False, screen.player, "container.*", r.our_non_keys()))
        tests += self._key_tests([screen])
        # Last: did they just open a chest (theirs, most likely)? Only this test failing makes the reply
        # "Test failed"; an earlier one cuts the chain short and the reply is empty.
        tests.append(r.entity_check(False, self._opened(screen.player)))
        return self._chains(tests)

    def joint_question(self, targets: list[HandScreen], watched: list[HandScreen]) -> list[str]:
        """The table question and the screen questions of ``watched`` as one chain (two when long).

        When the table question is due during a turn, one ``Test passed`` answers both; any other
        answer is asked again as the separate questions, which tell what happened. The screens'
        player tests are the table's (``@a[tag=…]`` covers the acting player) except the key test
        while key checks are quiet.
        """
        hs, r = self.hs, self.hs.r
        tests = [test for screen in watched for test in screen.surface.holds(r, screen.drawn or {})]
        tests += self._item_tests(targets)
        if hs.table.ctx.clock() < self._quiet_keys_until:
            tests += self._key_tests(watched)
        return self._chains(tests + self.hs.book.tests() + self._opening_tests())

    @staticmethod
    def _opened(player: str) -> str:
        return f"@a[name={player},scores={{{STATS['open_chest']}=1..}}]"

    def _screen_changed(self, screen: HandScreen, clock: float) -> bool:
        """Ask the screen question; an opening alone is no change (the watch just gets quicker)."""
        commands = self.screen_question(screen)
        replies = [self.hs.run("poll", command) for command in commands]
        if all(execute_passed(reply) for reply in replies):
            return False
        if execute_failed(replies[-1]) and all(execute_passed(reply) for reply in replies[:-1]):
            self.hs.run("poll", self.hs.r.scores_reset(self._opened(screen.player), STATS["open_chest"]))
            self._opened_until = max(self._opened_until, clock + HOT_AFTER_OPENING)
            return False
        return True

    def _chains(self, tests: list[str]) -> list[str]:
        r = self.hs.r
        commands: list[str] = []
        batch: list[str] = []
        for test in tests:
            if batch and len(("execute " + " ".join([*batch, test])).encode()) > MAX_COMMAND_BYTES:
                commands.append(r.all_clear(batch))
                batch = []
            batch.append(test)
        commands.append(r.all_clear(batch))
        return commands

    def _passes(self, commands: list[str]) -> bool:
        return all(execute_passed(self.hs.run("poll", command)) for command in commands)

    def look(self) -> None:
        """One look: the questions that are due, and a follow-up when an answer is not "nothing"."""
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
        table_bad = read_first = False
        changed: list[HandScreen] = []
        if clock >= self._table_due - 1e-3:
            self._table_due = clock + (TABLE_ON_TURN if acting else self.times.off_turn)
            watched = [s for s in acting if s.drawn is not None]
            if watched and self._passes(self.joint_question(targets, watched)):
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
                    # A click, most likely: its card on the cursor fails the table question too, so the
                    # screens are read first (which takes the card back), then the table question.
                    self.follow_up(changed, deeper=False)
                    read_first, changed = True, []
                    targets = self.targets()  # the read may have ended the match
                    if not targets:
                        return
                table_bad = not self._passes(self.table_question(targets))
        else:
            changed = [s for s in acting if s.drawn is not None and self._screen_changed(s, clock)]
        if table_bad and self.hs.book.follow():
            # A book was used (and handled): was that all?
            table_bad = not self._passes(self._chains(self._item_tests(targets) + self._opening_tests()))
        if table_bad and self._openings():
            # A container was opened: if it was only that, the items part now holds, and no screen
            # needs reading (an acting player's own chest is asked about at every look anyway).
            self._hot_until = clock + self.times.hot
            hs.draw_pending()  # whoever opened it sees the current screen
            table_bad = not self._passes(self._chains(self._item_tests(targets)))
        if not table_bad and not changed:
            if read_first:
                return  # the look's work was that read
            for screen in acting:
                screen.fresh = False  # nothing was pending: later changes are this turn's clicks
            self._suspect = 0
            self.clear_looks += 1
            return
        self.follow_up(targets if table_bad else changed, deeper=table_bad)

    def follow_up(self, screens: list[HandScreen], *, deeper: bool) -> None:
        """Something needs attention: read ``screens`` (acting players first), then, with ``deeper``,
        look for openings, our items anywhere on or near the players, and missing keys."""
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
        if deeper and read_changes and self._passes(self._chains(self._item_tests(self.targets()))):
            # What the table question saw was a click's card on the cursor, which the read took back:
            # one question instead of the sweep's five commands a player.
            return
        if deeper and not self._deeper(self.targets()):
            self._suspect += 1
            self._quiet_keys_until = clock + QUIET_KEYS
            if self._suspect == 3:
                log.info("table %s: the hand-screen watch finds something it cannot mend; looking less often",
                         hs.table.id)  # fmt: skip

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
