"""What the hand-screen watch asks (監視の質問): the screen, table and joint questions as ``execute`` chains.

:mod:`.watch` decides when to ask them and what to do with the answers; this module only builds them
(the checks themselves come from the renderer). Each question replies ``Test passed`` exactly when
nothing needs attention.

* **The screen question**: does the chest still hold exactly what was drawn? ``if block <half>
  minecraft:chest{Items:[{Slot:…b,count:…},…]} unless data block <half> Items[n]`` for both halves (a
  block predicate's NBT matches lists partially, the index test bounds the length; pinned in
  ``tests/sim/test_block_predicate.py``). Every click changes a slot, so this one command replaces two
  ``data get block`` reads. (It compares slots and counts, not items: two cards of one rank swapped
  within a look are not seen; the screen is read in full at every turn's start anyway.)
* **The table question**: no item of ours except keys on any seated player (main inventory, cursor,
  off hand: ``execute if items`` counts a slot range for every selected player at once); none in their
  ender chests; none lying near the table (a card thrown with Q); no seated player opened a container
  since the last look (the ``minecraft.custom`` statistics ``open_chest``, ``open_enderchest`` and
  ``open_barrel`` as scoreboard objectives, all players in one test each; pinned per version in
  ``tests/sim/test_stats.py``); every seated player still holds this match's key of their seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.model.limits import MAX_COMMAND_BYTES

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import Screens

STATS = {"open_chest": "dfg_oc", "open_enderchest": "dfg_oe", "open_barrel": "dfg_ob"}
"""Each opening statistic watched and the objective counting it (shared by every table). Trapped
chests and shulker boxes (``trigger_trapped_chest``, ``open_shulker_box``) are left out: each
statistic is one more test in every look, and those containers are rare at a card table."""
DROP_RADIUS = 16.0
"""Our item entities this close to the table's centre are looked for at every look."""


def opened_chest(player: str) -> str:
    """The selector of ``player`` if they opened a chest since their count was last reset."""
    return f"@a[name={player},scores={{{STATS['open_chest']}=1..}}]"


class Questions:
    """Builds one table's questions; ``keys`` says whether the key checks are due (not quiet)."""

    def __init__(self, screens: Screens) -> None:
        self.hs = screens

    def table(self, targets: list[HandScreen], *, keys: bool) -> list[str]:
        """The table question: one ``execute`` chain (two when many players hold keys)."""
        return self.chains(self.items(targets, keys=keys) + self.openings() + self.hs.book.tests())

    def items(self, targets: list[HandScreen], *, keys: bool) -> list[str]:
        """No item of ours but keys on any seated player or near the table; with ``keys``, the keys."""
        hs, r = self.hs, self.hs.r
        seated = f"@a[tag={hs.player_tag}]"
        ours = r.our_non_keys()
        on_player = ("container.*", "player.cursor", "weapon.offhand")
        tests = [r.items_check(False, seated, slots, ours) for slots in on_player]
        if hs.surface is Surface.CHEST:
            tests.append(r.items_check(False, seated, "enderchest.*", r.our_items()))
        tests.append(r.entity_check(False, r.dropped_near(hs.table.settings.centre, DROP_RADIUS)))
        if keys:
            tests += self.keys(targets)
        return tests

    def keys(self, screens: list[HandScreen]) -> list[str]:
        """Each chest screen's player still holds this match's key of their seat."""
        hs, r = self.hs, self.hs.r
        return [
            r.items_check(True, s.player, "container.*", r.our_keys(hs.key_tag(s.seat)))
            for s in screens
            if isinstance(s.surface, ChestSurface) and not s.key_missing
        ]

    def openings(self) -> list[str]:
        """No seated player opened a chest, an ender chest or a barrel since the counts were reset."""
        selectors = [f"@a[tag={self.hs.player_tag},scores={{{o}=1..}}]" for o in STATS.values()]
        return [self.hs.r.entity_check(False, selector) for selector in selectors]

    def screen(self, screen: HandScreen, *, resetting: bool = False) -> list[str]:
        """The screen question: does ``screen`` hold exactly what was drawn, and its player nothing else?

        The content test compares slots and counts; a number-key swap (which could trade a stack for
        one of the same count, such as the key book for a button) also moves an item onto the
        player, so the question also asks that they hold no item of ours but their key, and the key.

        Last comes whether they just opened a chest (theirs, most likely). As a test, only it failing
        makes the reply ``Test failed`` (an earlier one cuts the chain short: an empty reply). With
        ``resetting`` it is the chain's ``run`` instead: the opening count's reset, which replies
        ``No relevant score holders could be found`` when there was no opening; so an opening costs no
        command of its own (issue 19).
        """
        r = self.hs.r
        tests = screen.surface.holds(r, screen.drawn or {})
        tests.append(r.items_check(False, screen.player, "container.*", r.our_non_keys()))
        tests += self.keys([screen])
        if resetting:
            chains = self.chains(tests)
            reset = self.opening_reset(screen.player)
            if len(f"{chains[-1]} run {reset}".encode("utf-8", "surrogatepass")) <= MAX_COMMAND_BYTES:
                return [*chains[:-1], r.ride(chains[-1], reset)]
        tests.append(r.entity_check(False, opened_chest(screen.player)))
        return self.chains(tests)

    def opening_reset(self, player: str) -> str:
        """The reset of ``player``'s chest-opening count (only if they opened one)."""
        return self.hs.r.scores_reset(opened_chest(player), STATS["open_chest"])

    def joint(self, targets: list[HandScreen], watched: list[HandScreen], *, keys: bool) -> list[str]:
        """The table question and the screen questions of ``watched`` as one chain (two when long).

        When the table question is due during a turn, one ``Test passed`` answers both; any other
        answer is asked again as the separate questions, which tell what happened. The screens'
        player tests are the table's (``@a[tag=…]`` covers the acting player) except the key test
        while key checks are quiet.
        """
        r = self.hs.r
        tests = [test for screen in watched for test in screen.surface.holds(r, screen.drawn or {})]
        tests += self.items(targets, keys=keys)
        if not keys:
            tests += self.keys(watched)
        return self.chains(tests + self.hs.book.tests() + self.openings())

    def chains(self, tests: list[str]) -> list[str]:
        """``tests`` as few ``execute`` chains as fit in one command each."""
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


__all__ = ["DROP_RADIUS", "STATS", "Questions", "opened_chest"]
