"""What the hand screen may ask (画面の窓口): its table, and its parts of each other, as Protocols.

:class:`ScreenTable` is everything the hand screen may ask of the table it belongs to (the table
fulfils it; nothing private). :class:`Screens` is what the watch, the seat helpers, the click
actions and the chat hand ask of :class:`~dfg_bridge.host.handscreen.manager.HandScreens`, so those
modules need not import the manager that imports them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from dfg_bridge.engine import Card
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.handscreen.base import ScreenRenderer
from dfg_bridge.host.handscreen.clicks import Diff
from dfg_bridge.host.handscreen.keys import Key
from dfg_bridge.host.handscreen.layout import Surface
from dfg_bridge.host.handscreen.screen import HandScreen
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.handscreen.view import Cell
from dfg_bridge.host.match import MatchRun
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.model.items import BookSpec

if TYPE_CHECKING:
    from dfg_bridge.host.views import TableSnap


class ScreenTable(Protocol):
    """What the hand screen may ask of its table."""

    @property
    def ctx(self) -> HostContext: ...
    @property
    def id(self) -> str: ...
    @property
    def names(self) -> TableNames: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def run(self) -> MatchRun | None: ...
    @property
    def paused_until(self) -> float | None: ...
    @property
    def selection(self) -> dict[str, set[int]]: ...

    def snapshot(self) -> TableSnap:
        """What the table's displays depend on, now."""
        ...

    def awaiting(self) -> frozenset[int]:
        """The seats whose decision is awaited now."""
        ...

    def decide(self, player: str, cards: str | tuple[Card, ...] | None) -> None:
        """Play ``cards`` (or pass, ``None``) for ``player``; raises on refusal."""
        ...

    def play_selection(self, player: str) -> None:
        """Play the cards ``player`` selected; raises on refusal."""
        ...


class ScreenBook(Protocol):
    """What the screen's parts ask of the players' hand books (:mod:`~dfg_bridge.host.handscreen.book`)."""

    def cover(self) -> BookSpec:
        """The key book as it is given (before its pages are written)."""
        ...

    def placed(self, player: str, slot: str) -> None:
        """A key book was put into ``slot`` of ``player``'s inventory."""
        ...

    def count_uses(self) -> None:
        """Make sure book uses are counted (before a key book is given)."""
        ...

    def tests(self) -> list[str]:
        """The watch's questions about the books."""
        ...

    def follow(self) -> bool:
        """Follow up what the books' questions found; whether anything was done."""
        ...


class Screens(Protocol):
    """What the hand screen's parts ask of the table's :class:`HandScreens`."""

    @property
    def table(self) -> ScreenTable: ...
    @property
    def r(self) -> ScreenRenderer: ...
    @property
    def surface(self) -> Surface: ...
    @property
    def player_tag(self) -> str: ...
    @property
    def book(self) -> ScreenBook: ...

    screens: dict[str, HandScreen]
    dialog_page: dict[str, int]

    def run(self, purpose: str, command: str) -> str: ...
    def online(self, player: str) -> bool: ...
    def key(self, seat: int) -> Key: ...
    def key_tag(self, seat: int) -> str: ...
    def renew_key(self, screen: HandScreen) -> None: ...
    def draw_pending(self, *, opened: bool = False) -> int: ...
    def may_act(self, screen: HandScreen, snap: TableSnap | None = None) -> bool: ...
    def read(self, screen: HandScreen, *, acting: bool) -> Diff | None: ...
    def desired(
        self, screen: HandScreen, snap: TableSnap | None = None
    ) -> tuple[ScreenState, dict[int, Cell]]: ...
    def screen_of(self, player: str) -> HandScreen | None: ...
    def refresh(self, player: str) -> None: ...
    def sync(self, players: Sequence[str] | None = None, *, first: Sequence[int] = ()) -> int: ...


__all__ = ["ScreenBook", "ScreenTable", "Screens"]
