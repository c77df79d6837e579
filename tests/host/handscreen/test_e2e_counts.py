"""Only changed slots are rewritten: command counts for opening the screen, selecting a card and a
field change (issue 6 §5), checked on every draw of a whole match. Run with ``-s`` to see the figures."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen.book import CLICK_DEFER
from dfg_bridge.host.handscreen.painter import Painter
from dfg_bridge.host.table import Table
from tests.host.handscreen.handrig import Clicker, hand_rig, play_by_clicks


def _is_slot_write(command: str) -> bool:
    # Every write into the screen is guarded: "execute unless items block … run item replace block …".
    return command.startswith("execute unless items block ") and " run item replace block " in command


def _slot_writes(commands: list[str]) -> int:
    return sum(1 for c in commands if _is_slot_write(c))


def test_only_changed_slots_are_written(sim_factory: Any, tmp_path: Path, monkeypatch: Any) -> None:
    sent: list[str] = []

    class Counting:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def run(self, command: str) -> str:
            sent.append(command)
            reply: str = self.inner.run(command)
            return reply

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    draws: list[tuple[int, int, str]] = []  # (slots changed, slot commands sent, player)
    original = Painter._draw

    def counted(self: Painter, screen: Any, snap: Any, first: Any = (), *, lag: bool = False) -> int:
        before = dict(screen.drawn) if screen.drawn is not None else None
        mark = len(sent)
        result = original(self, screen, snap, first, lag=lag)
        after = screen.drawn or {}
        if before is not None:
            changed = sum(1 for s in {*before, *after, *screen.stray} if before.get(s) != after.get(s))
            draws.append((changed, _slot_writes(sent[mark:]), screen.player))
        return result

    monkeypatch.setattr(Painter, "_draw", counted)
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1)
    rig.start_daemon(wrap=Counting)
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    mark = len(sent)
    rig.dfg("Steve", "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: bool(draws))
    screen = tbl.hands.screen_of("Steve")
    assert screen is not None
    keying = ("setblock", "clear Steve", "execute unless items entity Steve")
    keyed = [c for c in sent[mark:] if c.startswith(keying)]
    first_draw = draws[0][1]
    opening = len(keyed) + first_draw

    # Selecting one card: the card (✔, glint) and the 出す button; plus the cleanup `clear`.
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.open()
    clicker.ready()
    hand_slot = min(s for s, c in (screen.drawn or {}).items() if isinstance(c.target, int))
    mark = len(sent)
    clicker.click(hand_slot, "pickup", 0)
    clicker.settle()
    # Reads and the watch's questions ("execute if block …{Items:[…]}", "execute unless items entity @a[…")
    # are polls.
    polls = ("data get", "kill @e", "bossbar", "scoreboard", "data merge entity",
             "execute unless items entity @a[", "execute if block ")  # fmt: skip
    select = [c for c in sent[mark:] if not c.startswith(polls)]
    # The 「手札を開く」 book shows the selection too: the card's page and the first one (出す) are
    # rewritten, but only after CLICK_DEFER (the player is looking at the chest; more clicks may come).
    at_once = [c for c in select if "set_written_book_pages" in c]
    select = [c for c in select if c not in at_once]
    rig.settle(CLICK_DEFER + 0.5)
    book = [c for c in sent[mark:] if "set_written_book_pages" in c]
    assert at_once == [], at_once  # the click alone does not rewrite the book (issue 19)

    # Field changes: what Steve's screen costs when someone else plays.
    field_costs: list[int] = []
    original_sync = tbl.sync
    last: dict[str, Any] = {"field": None}

    def field_now() -> Any:
        run = tbl.run
        return run.round.field if run is not None and run.round is not None else None

    def watch() -> None:
        before = len(sent)
        original_sync()
        now = field_now()
        if now is not None and now != last["field"]:
            field_costs.append(_slot_writes(sent[before:]))
        last["field"] = now

    tbl.sync = watch  # type: ignore[method-assign]

    def choose(t: Table, seat: int) -> Any:
        assert t.run is not None and t.run.round is not None
        return t.run.round.timeout_action(seat)

    play_by_clicks(rig, ["Steve"], choose)
    print(f"\nopening: {opening} commands ({len(keyed)} for the key and the re-keyed chest, "
          f"{first_draw} slot writes)"
          f"\nselecting a card: {len(select)} commands {[c.split(' with ')[0][:48] for c in select]}"
          f" + {len(book)} book page writes"
          f"\nfield change (someone plays): median {statistics.median(field_costs)} slot writes on "
          f"Steve's screen, max {max(field_costs)} over {len(field_costs)} plays")  # fmt: skip
    # Every draw of the match wrote exactly the slots whose content changed.
    wrong = [d for d in draws if d[0] != d[1]]
    assert draws and not wrong, wrong
    assert len(keyed) == 6 and first_draw == draws[0][0]
    assert len(select) == 3
    assert book == []  # 1.21.6: the book holds one fixed page (using it opens the hand dialog)
    assert rig.invalid() == []
