"""Driving the hand screen like a player: open the seat's chest with the key in hand and click.

Built on :mod:`tests.host.rig` (a sim + the real daemon). The test thread runs the daemon's loop, so
a series of clicks sent between two ``rig.until`` calls reaches the daemon as one change, exactly
like several clicks landing within one poll interval.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dfg_bridge.engine import Action, Give, Pass, Play
from dfg_bridge.host.handscreen import CHEST, Button, HandScreens
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.host.table import Table
from tests.host.rig import Rig, make_rig, settings, table, with_durations

BUTTON_SLOTS = dict(CHEST.buttons)

CLICK_MODES: tuple[tuple[str, int], ...] = (
    ("pickup", 0),
    ("pickup", 1),
    ("quick_move", 0),
    ("swap", 3),
    ("swap", 0),  # hotbar 0 holds the key book: it lands in the screen
    ("throw", 0),
    ("throw", 1),
    ("drag", 0),
    ("drag", 1),
    ("pickup_all", 0),
)
"""Every way to click, as (mode, button); ``drag`` and ``pickup_all`` start with a pickup (a cursor stack)."""


class Sent:
    """Wraps the daemon's RCON client: keeps every command sent (``rig.start_daemon(wrap=...)``)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.commands: list[str] = []
        self.times: list[float] = []
        """When each command was sent (``time.monotonic()``)."""

    def run(self, command: str) -> str:
        self.commands.append(command)
        self.times.append(time.monotonic())
        reply: str = self.inner.run(command)
        return reply

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def start_cpu_match(rig: Rig, name: str = "Steve") -> None:
    """``name`` joins, sits at the table and starts a CPU match (``/dfg join``, ``/dfg start cpu``)."""
    rig.join(name)
    rig.dfg(name, "join")
    assert rig.until(lambda: name in rig.table().lobby)
    rig.dfg(name, "start cpu")


def hand_rig(sim_factory: Any, tmp_path: Path, *, version: str, flavor: str = "paper", turn: float = 30.0,
             rounds: int = 2, seats: int = 4, seed: int = 1, poll: float = 0.01) -> Rig:  # fmt: skip
    """A rig with one table, turns long enough for clicking players, screens read every ``poll`` s."""
    t = with_durations(table(seats=seats, rounds=rounds), turn=turn, exchange=turn)
    chosen = settings(t, hand_poll_interval=poll)
    return make_rig(sim_factory, tmp_path, version=version, flavor=flavor, host_settings=chosen, seed=seed)


@dataclass
class Clicker:
    """One player clicking their own hand screen."""

    rig: Rig
    name: str
    modes: Iterator[tuple[str, int]] = field(default_factory=lambda: itertools.cycle(CLICK_MODES))
    gave: int = 0
    """Exchange gives done through the screen (渡す)."""

    @property
    def tbl(self) -> Table:
        return self.rig.table()

    @property
    def hands(self) -> HandScreens:
        return self.tbl.hands

    @property
    def screen(self) -> HandScreen:
        screen = self.hands.screen_of(self.name)
        assert screen is not None, f"{self.name} has no screen"
        return screen

    def open(self) -> dict[str, Any]:
        """Right-click the seat's chest holding the key (hotbar 0)."""
        surface = self.screen.surface
        assert isinstance(surface, ChestSurface)
        result: dict[str, Any] = self.rig.ctl.open(self.name, list(surface.top), slot=0)
        return result

    def view(self) -> dict[str, Any]:
        """What the player sees in the open screen: ``{slot: item view}``."""
        opened = self.rig.ctl.player(self.name)["open"]
        assert opened is not None, "the screen is not open"
        slots: dict[str, Any] = opened["slots"]
        return {int(k): v for k, v in slots.items()}

    def seat(self) -> int:
        run = self.tbl.run
        assert run is not None
        seat = run.seat_of(self.name)
        assert seat is not None
        return seat

    def may_act(self) -> bool:
        run = self.tbl.run
        return bool(
            run is not None and run.round is not None and not run.round.over
            and self.seat() in self.tbl.awaiting() and self.tbl.paused_until is None
        )  # fmt: skip

    def settle(self, timeout: float = 5.0) -> None:
        """Run the daemon until a look of the watch found nothing to do after the clicks sent so far."""
        watch = self.hands.watch
        clicks, clear = self.screen.clicks, watch.clear_looks
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.rig.host.step(0.02)
            screen = self.hands.screen_of(self.name)
            if screen is None or not self.may_act():
                return
            if screen.clicks != clicks:
                clicks, clear = screen.clicks, watch.clear_looks
            elif watch.clear_looks > clear:
                return
        raise AssertionError(f"{self.name}'s screen did not settle")

    def click(self, slot: int, mode: str | None = None, button: int = 0) -> None:
        """Click ``slot`` (by default with the next click mode of :data:`CLICK_MODES`)."""
        if mode is None:
            mode, button = next(self.modes)
        ctl = self.rig.ctl
        if mode == "drag":
            # Spread the picked-up stack over two slots of the player's inventory part of the menu
            # (menu slots 54-89) and one screen slot (empty or not: a drag skips the ones it cannot fill).
            ctl.click(self.name, slot, "pickup", 0)
            ctl.click(self.name, mode="drag", button=button, slots=[60, 61, (slot + 9) % 54])
        elif mode == "pickup_all":
            ctl.click(self.name, slot, "pickup", 0)
            ctl.click(self.name, slot, "pickup_all", 0)
        else:
            ctl.click(self.name, slot, mode, button)

    def slot_of_card(self, card_name: str) -> int:
        for slot, item in self.view().items():
            if slot in CHEST.hand_slots and item["name"].lstrip("✔") == card_name:
                return slot
        raise AssertionError(f"{card_name} is not on {self.name}'s screen: {self.view()}")

    def selected(self) -> set[str]:
        return {item["name"].lstrip("✔") for s, item in self.view().items() if s in CHEST.hand_slots
                and item["name"].startswith("✔")}  # fmt: skip

    def ready(self, timeout: float = 5.0) -> None:
        """Wait for the first read of this turn (clicks made before it count as made off-turn)."""
        end = time.monotonic() + timeout
        while self.screen.fresh and time.monotonic() < end:
            self.rig.host.step(0.01)
        assert not self.screen.fresh, "the screen was never read this turn"

    def do(self, action: Action) -> None:
        """Perform ``action`` with clicks only: select its cards, then 出す / 渡す (or パス)."""
        self.ready()
        if isinstance(action, Pass):
            self.click(BUTTON_SLOTS[Button.PASS])
            self.settle()
            return
        cards = (
            action.meld.cards
            if isinstance(action, Play)
            else action.cards
            if isinstance(action, Give)
            else ()
        )
        want = {str(c) for c in cards}
        view = self.view()
        if any(v["name"].startswith("✔") for s, v in view.items() if s in CHEST.hand_slots):
            self.click(BUTTON_SLOTS[Button.CLEAR])
            self.settle()
        # Selecting does not move cards (the order is by strength or suit), so one look finds them all.
        slots = {v["name"].lstrip("✔"): s for s, v in view.items() if s in CHEST.hand_slots}
        # The cards are clicked in a row, as a quick player does: several clicks within one poll.
        for card in sorted(want):
            assert card in slots, f"{card} is not on {self.name}'s screen"
            self.click(slots[card])
        self.settle()
        view = self.view()
        names = [v["name"] for s, v in view.items() if s in CHEST.hand_slots]
        chosen = {name[1:] for name in names if name.startswith("✔")}
        assert chosen == want, (chosen, want)
        # The button says what the engine will do with this selection: green (or purple), naming it.
        button = view[BUTTON_SLOTS[Button.PLAY]]
        assert button["id"] in ("minecraft:lime_concrete", "minecraft:purple_concrete"), button["name"]
        label = "渡す" if isinstance(action, Give) else "出す"
        assert button["name"].startswith(label), button["name"]
        assert all(card in button["name"] for card in want), button["name"]
        self.gave += isinstance(action, Give)
        self.click(BUTTON_SLOTS[Button.PLAY])
        self.settle()


def held_cards(rig: Rig, name: str) -> int:
    """Card and button items (tagged ``h…``) the player holds: cursor and inventory."""
    player = rig.ctl.player(name)
    stacks = [*player["inventory"].values(), player["cursor"]]
    return sum(s["count"] for s in stacks if s and _ours(s) and not _key(s))


def world_cards(rig: Rig) -> int:
    """Our items lying in the world: item entities carrying our ``custom_data``."""
    world = rig.ctl.world()
    entities = [e for e in world["entities"] if e["type"] == "minecraft:item" and "dfg" in str(e["nbt"])]
    return len(entities)


def _ours(stack: dict[str, Any]) -> bool:
    data = stack.get("custom_data") or {}
    return isinstance(data, dict) and "dfg" in data


def _key(stack: dict[str, Any]) -> bool:
    return str((stack.get("custom_data") or {}).get("dfg", {}).get("id", "")).startswith("key_")


def play_by_clicks(rig: Rig, players: list[str], choose: Callable[[Table, int], Action], *,
                   timeout: float = 90.0) -> dict[str, Clicker]:  # fmt: skip
    """Humans play the match at ``t1`` to its end by clicking their screens; returns the clickers."""
    clickers = {name: Clicker(rig, name) for name in players}
    tbl = rig.table()
    for clicker in clickers.values():
        clicker.open()
    done = 0
    end = time.monotonic() + timeout
    while tbl.run is not None and time.monotonic() < end:
        acted = False
        for clicker in clickers.values():
            if tbl.run is None or not clicker.may_act():
                continue
            step = tbl.flow.step
            clicker.do(choose(tbl, clicker.seat()))
            rig.until(lambda s=step: tbl.flow.step != s or tbl.run is None, 5)  # type: ignore[misc]
            done += 1
            acted = True
        if not acted:
            rig.host.step(0.05)
    assert tbl.run is None, "the match did not end in time"
    assert done > 0
    return clickers
