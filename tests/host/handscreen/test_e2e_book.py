"""Whole rounds played only through the 「手札を開く」 book (issue 20, seed 001 「本を右クリック」).

A player right-clicks the book in the air (``POST /players/{name}/use``), reads the pages and clicks
their cards, 出す / 渡す and パス there (each click closes the book, as vanilla does, and the next use
shows the rewritten pages); on 1.21.6 another player only uses the book and answers the dialog it opens.
After every action: exactly one key book on each seated player, never in a slot it did not belong to;
after the match: no book anywhere.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import Action, Give, Play
from dfg_bridge.host import TriggerCode
from dfg_bridge.host.table import Table
from tests.host.handscreen.handrig import hand_rig
from tests.host.rig import Rig

BOOK = "minecraft:written_book"


def _books(rig: Rig, name: str) -> list[tuple[str, dict[str, Any]]]:
    """Every written book the player has: ``(where, item view)``."""
    player = rig.ctl.player(name)
    found = [(f"inv.{k}", v) for k, v in player["inventory"].items() if v["id"] == BOOK]
    found += [(f"ender.{k}", v) for k, v in player["ender_chest"].items() if v["id"] == BOOK]
    if player["cursor"] and player["cursor"]["id"] == BOOK:
        found.append(("cursor", player["cursor"]))
    return found


def _keys(rig: Rig, name: str) -> list[tuple[str, dict[str, Any]]]:
    return [(w, v) for w, v in _books(rig, name) if "key_" in str((v.get("custom_data") or {}).get("dfg"))]


def _first(tbl: Table, seat: int) -> Action:
    """The smallest legal play, give or pass: a long round with many clicks."""
    assert tbl.run is not None and tbl.run.round is not None
    return tbl.run.round.timeout_action(seat)


def _cards(action: Action) -> tuple[Any, ...]:
    if isinstance(action, Play):
        return tuple(action.meld.cards)
    if isinstance(action, Give):
        return tuple(action.cards)
    return ()


class BookPlayer:
    """A player who plays only by using the book: pages clicked (or, ``dialogs``, the dialog it opens)."""

    def __init__(self, rig: Rig, name: str, *, dialogs: bool = False) -> None:
        self.rig, self.name, self.dialogs = rig, name, dialogs
        self.actions = 0
        self.clicks = 0

    @property
    def tbl(self) -> Table:
        return self.rig.table()

    def seat(self) -> int | None:
        run = self.tbl.run
        return run.seat_of(self.name) if run is not None else None

    def may_act(self) -> bool:
        run, seat = self.tbl.run, self.seat()
        return bool(run is not None and run.round is not None and not run.round.over and seat is not None
                    and seat in self.tbl.awaiting() and self.tbl.paused_until is None)  # fmt: skip

    def check_key(self) -> None:
        """Exactly one key book, in a main slot or the off hand; no other book of ours."""
        keys = _keys(self.rig, self.name)
        assert len(keys) == 1, keys
        assert keys[0][0].startswith("inv."), keys

    def use_book(self) -> dict[str, Any]:
        """Close what is open (Esc), hold the key book and right-click in the air."""
        ctl = self.rig.ctl
        ctl.close(self.name)
        ((where, _),) = _keys(self.rig, self.name)
        slot = int(where.removeprefix("inv."))
        if slot > 8:  # the book is in the main inventory: move it to the hotbar first (as a player would)
            ctl.act(self.name, {"kind": "move", "from": slot, "to": 8})
            slot = 8
        used = ctl.use_item(self.name, slot=slot)
        assert used["used"], used
        return used

    def page_parts(self) -> dict[str, tuple[int, int]]:
        """The open book's clickable parts by command: ``{command: (page, part)}``."""
        book = self.rig.ctl.player(self.name)["book"]
        assert book is not None, "the book is not open"
        out: dict[str, tuple[int, int]] = {}
        for page, parts in enumerate(book["parts"]):
            for part in parts:
                event = part.get("click_event")
                if event and event.get("action") == "run_command":
                    out.setdefault(event["command"], (page, part["part"]))
        return out

    def click_page(self, code: int, done: Any) -> None:
        """Use the book, click the part running ``/trigger dfg set <code>``, wait for ``done()``."""
        self.use_book()
        command = f"/trigger dfg set {code}"
        parts = self.page_parts()
        assert command in parts, (command, sorted(parts))
        clicked = self.rig.ctl.click_book(self.name, *parts[command])
        assert clicked["ran"], clicked
        assert self.rig.ctl.player(self.name)["book"] is None  # the click closed the book
        self.clicks += 1
        assert self.rig.until(done, 5), f"{self.name}: {command} was not handled"

    def selected(self) -> set[int]:
        return set(self.tbl.selection.get(self.name, set()))

    def do_by_pages(self, action: Action) -> None:
        step = self.tbl.flow.step
        cards = _cards(action)
        if not cards:
            self.click_page(int(TriggerCode.PASS), lambda: self.tbl.flow.step != step or self.tbl.run is None)
            return
        if self.selected():
            self.click_page(int(TriggerCode.CLEAR), lambda: not self.selected())
        for card in cards:
            code = int(TriggerCode.CARD_BASE) + card.index
            self.click_page(code, lambda c=card: c.index in self.selected())
            # Reopening shows the new state: the card is marked selected on its page.
            self.use_book()
            book = self.rig.ctl.player(self.name)["book"]
            assert any("✔" + str(card) in page for page in book["pages"]), book["pages"]
        self.click_page(int(TriggerCode.PLAY), lambda: self.tbl.flow.step != step or self.tbl.run is None)

    def wait_dialog(self) -> list[dict[str, Any]]:
        ctl = self.rig.ctl
        assert self.rig.until(lambda: ctl.player(self.name)["dialog"] is not None, 5), "no dialog opened"
        buttons: list[dict[str, Any]] = ctl.player(self.name)["dialog_buttons"]
        return buttons

    def press(self, code: int, done: Any) -> None:
        buttons = self.wait_dialog()
        command = f"/trigger dfg set {code}"
        for button in buttons:
            action = button.get("action") or {}
            if str(action.get("command", "")).lstrip("/") == command.lstrip("/"):
                assert self.rig.ctl.click_dialog(self.name, button["part"])["ran"]
                self.clicks += 1
                assert self.rig.until(done, 5), f"{self.name}: {command} was not handled"
                return
        raise AssertionError((command, [b["label"] for b in buttons]))

    def do_by_dialogs(self, action: Action) -> None:
        uses = self.tbl.hands.book.uses
        self.use_book()  # the turn's own dialog was closed first: this one comes from the book
        assert self.rig.until(lambda: self.tbl.hands.book.uses > uses, 5), "the use was not noticed"
        step = self.tbl.flow.step
        cards = _cards(action)
        if not cards:
            self.press(
                int(TriggerCode.DIALOG_PASS), lambda: self.tbl.flow.step != step or self.tbl.run is None
            )
            return
        if self.selected():
            self.press(int(TriggerCode.DIALOG_CLEAR), lambda: not self.selected())
        for card in cards:
            code = int(TriggerCode.DIALOG_CARD_BASE) + card.index
            self.press(code, lambda c=card: c.index in self.selected())
        self.press(int(TriggerCode.DIALOG_PLAY), lambda: self.tbl.flow.step != step or self.tbl.run is None)

    def act(self) -> None:
        seat = self.seat()
        assert seat is not None
        action = _first(self.tbl, seat)
        (self.do_by_dialogs if self.dialogs else self.do_by_pages)(action)
        self.actions += 1


def _play(rig: Rig, players: list[BookPlayer], timeout: float = 150.0) -> None:
    tbl = rig.table()
    end = time.monotonic() + timeout
    while tbl.run is not None and time.monotonic() < end:
        acted = False
        for player in players:
            if tbl.run is not None and player.may_act():
                player.check_key()
                player.act()
                acted = True
                if tbl.run is not None and player.seat() is not None:
                    player.check_key()
        if not acted:
            rig.host.step(0.05)
    assert tbl.run is None, "the match did not end in time"


def _start(rig: Rig, names: list[str]) -> None:
    rig.start_daemon()
    rig.join(*names)
    for name in names:
        rig.dfg(name, "join")
    assert rig.until(lambda: all(n in rig.table().lobby for n in names))
    rig.dfg(names[0], "start cpu")
    assert rig.until(lambda: rig.table().run is not None and rig.table().run.round is not None)


@pytest.mark.parametrize(("version", "flavor"), [("1.20.5", "vanilla"), ("1.21.4", "paper")])
def test_a_match_played_only_by_book_pages(
    sim_factory: Any, tmp_path: Path, version: str, flavor: str
) -> None:
    rig = hand_rig(sim_factory, tmp_path, version=version, flavor=flavor, seats=3, rounds=2)
    _start(rig, ["Steve"])
    steve = BookPlayer(rig, "Steve")
    assert rig.until(lambda: len(_keys(rig, "Steve")) == 1)
    ((_, key),) = _keys(rig, "Steve")
    assert re.search(r"generation: ?2", key["snbt"]), key["snbt"]  # "copy of a copy": not copyable
    _play(rig, [steve])
    rig.settle(0.3)
    assert steve.actions > 3 and steve.clicks > steve.actions
    assert _books(rig, "Steve") == [] and rig.ctl.player("Steve")["inventory"] == {}  # reclaimed
    assert rig.table().hands.book.writes > 0
    assert rig.invalid() == []
    turn = "「手札を開く」の本を右クリック"
    assert any(turn in line for line in rig.chat("Steve")), rig.chat("Steve")[-30:]  # points to the book


def test_dialogs_from_the_book_1216_and_its_one_fixed_page(sim_factory: Any, tmp_path: Path) -> None:
    """1.21.6+: using the book opens the hand dialog; the book holds one fixed page (what it does and a
    手札を開く button) and is never rewritten, however the hand changes (issue 19)."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", flavor="vanilla", seats=3, rounds=2)
    _start(rig, ["Steve", "Alex"])
    steve, alex = BookPlayer(rig, "Steve", dialogs=True), BookPlayer(rig, "Alex", dialogs=True)
    assert rig.until(lambda: len(_keys(rig, "Steve")) == 1)
    ((_, key),) = _keys(rig, "Steve")
    pages = key["components"]["minecraft:written_book_content"]["pages"]
    assert (
        len(pages) == 1
        and "/dfg hand" in str(pages)
        and f"/trigger dfg set {int(TriggerCode.HAND)}" in str(pages)
    )
    _play(rig, [steve, alex])  # Steve's first turn starts with a use of the book at once
    rig.settle(0.3)
    assert steve.actions > 2 and alex.actions > 2
    assert rig.table().hands.book.uses >= steve.actions + alex.actions
    assert rig.table().hands.book.writes == 0
    for name in ("Steve", "Alex"):
        assert _books(rig, name) == [] and rig.ctl.player(name)["inventory"] == {}
    assert rig.invalid() == []


def test_book_writes_never_land_on_another_item(sim_factory: Any, tmp_path: Path) -> None:
    """The key moved and the player's own written book put where it was: the next rewrite finds the key
    (one read) and leaves the player's book as it was."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.4", flavor="vanilla", seats=3, rounds=1)
    _start(rig, ["Steve"])
    assert rig.until(lambda: len(_keys(rig, "Steve")) == 1)
    ((where, _),) = _keys(rig, "Steve")
    slot = int(where.removeprefix("inv."))
    rig.ctl.act("Steve", {"kind": "move", "from": slot, "to": 20})
    own = ("written_book[written_book_content={title:\"mine\",author:\"Steve\","
           "pages:['\"my own page\"']}]")  # fmt: skip
    reply = rig.sim.run_command(f"item replace entity Steve container.{slot} with {own}")
    assert reply.startswith("Replaced"), reply
    before = rig.ctl.player("Steve")["inventory"][str(slot)]["snbt"]
    tbl, player = rig.table(), BookPlayer(rig, "Steve")
    seat = player.seat()
    assert seat is not None
    card = tbl.run.round.hand(seat)[0]  # type: ignore[union-attr]
    rig.sim.run_command("scoreboard players enable Steve dfg")
    rig.ctl.command("Steve", f"/trigger dfg set {int(TriggerCode.CARD_BASE) + card.index}")
    assert rig.until(lambda: card.index in player.selected(), 5)
    rig.settle(0.2)
    assert rig.ctl.player("Steve")["inventory"][str(slot)]["snbt"] == before  # never written over
    assert len(_keys(rig, "Steve")) == 1
    rig.ctl.use_item("Steve", slot=slot)  # the player's own book opens as it was
    assert rig.ctl.player("Steve")["book"]["pages"] == ["my own page"]
    rig.ctl.close("Steve")
    rig.ctl.act("Steve", {"kind": "move", "from": 20, "to": 7})
    rig.ctl.use_item("Steve", slot=7)
    pages = rig.ctl.player("Steve")["book"]["pages"]
    assert any("✔" + str(card) in page for page in pages), pages  # the key got the new state
    assert rig.invalid() == []


def test_a_key_put_away_is_renewed_and_its_pages_written(sim_factory: Any, tmp_path: Path) -> None:
    """The key put into the ender chest: writes find it nowhere (and stop trying for that view), the watch
    takes it back and hands out a new key, whose pages show the current hand."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.4", flavor="vanilla", seats=3, rounds=1)
    _start(rig, ["Steve"])
    assert rig.until(lambda: len(_keys(rig, "Steve")) == 1)
    ((where, old),) = _keys(rig, "Steve")
    slot = int(where.removeprefix("inv."))
    rig.ctl.open("Steve", enderchest=True)
    menu = 54 + slot if slot < 9 else 27 + slot - 9  # the player's part of the ender chest's menu
    rig.ctl.click("Steve", menu, "quick_move")
    assert [w for w, _ in _keys(rig, "Steve")] == ["ender.0"]
    tbl, player = rig.table(), BookPlayer(rig, "Steve")
    seat = player.seat()
    assert seat is not None
    card = tbl.run.round.hand(seat)[0]  # type: ignore[union-attr]
    writes = tbl.hands.book.writes
    rig.sim.run_command("scoreboard players enable Steve dfg")
    rig.ctl.command("Steve", f"/trigger dfg set {int(TriggerCode.CARD_BASE) + card.index}")
    assert rig.until(lambda: card.index in player.selected(), 5)
    rig.ctl.close("Steve")
    assert rig.until(lambda: [w for w, _ in _keys(rig, "Steve")] not in ([], ["ender.0"]), 10)
    rig.settle(0.3)
    ((where, new),) = _keys(rig, "Steve")  # exactly one key: the new one, on the player
    assert where.startswith("inv.") and new["custom_data"] != old["custom_data"]
    assert tbl.hands.book.writes - writes < 20  # no write storm while the key was away
    player.use_book()
    pages = rig.ctl.player("Steve")["book"]["pages"]
    assert any("✔" + str(card) in page for page in pages), pages
    assert rig.invalid() == []
