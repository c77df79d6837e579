"""What spectators may see of a table (観戦): frozen snapshot values and the hook that publishes them.

The host owns every table on one thread; a spectator adapter (the web view) runs on its own threads.
They meet only here: after each event the host calls :meth:`Spectate.after`, which builds a
:class:`TableView` per table and hands the ones that changed to the adapter's ``publish`` callable.
A view is an immutable value, so the adapter can keep, compare and serialise it on any thread
without ever touching host state.

A view holds the public state (:class:`~dfg_bridge.host.views.TableSnap`: seats, cards left, ▶, パス,
places, the field, 革命中/縛り中, the time left, points) and the round's play history as the table's
chat announced it. Hands are in it only when the operator turned on the delayed broadcast mode
(``hands=True``); the adapter is responsible for the delay.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dfg_bridge.engine.events import Event, Played
from dfg_bridge.host.announce import announce, card_text
from dfg_bridge.host.views import TableSnap

if TYPE_CHECKING:
    from dfg_bridge.host.table import Table

log = logging.getLogger(__name__)

HISTORY_LIMIT = 200
"""Most history lines a view carries (the newest)."""


@dataclass(frozen=True, slots=True)
class PlayEntry:
    """One line of the play history (プレイ履歴), exactly as the table's chat announced it."""

    text: str
    kind: str
    """The engine event's type: ``played``, ``passed``, ``cleared``, ``revolution``, ``finished`` …"""
    player: str | None = None
    cards: tuple[str, ...] = ()
    """The cards of a play (``♥Q``, a joker as ``★`` or ``★(♥7)``)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """One table as a spectator sees it: public state, play history, and hands only when broadcasting."""

    snap: TableSnap
    history: tuple[PlayEntry, ...] = ()
    hands: tuple[tuple[str, ...], ...] | None = None
    """Each seat's cards, weakest first, in seat order; ``None`` unless hands are broadcast."""
    match_id: int = 0
    """Changes with every new match at the table (a page clears its history then)."""


class Spectate:
    """The publish hook: builds each table's :class:`TableView` and passes on the changed ones.

    Runs on the host's thread; ``publish`` must only store the value and return quickly.
    """

    def __init__(self, publish: Callable[[TableView], None], *, hands: bool = False) -> None:
        self.publish = publish
        self.hands = hands
        self._last: dict[str, TableView] = {}
        self._history: dict[str, tuple[object, int, int, tuple[PlayEntry, ...]]] = {}
        self._matches: dict[str, tuple[object, int]] = {}

    def after(self, tables: Iterable[Table]) -> None:
        """Publish the views that changed since the last call (never raises)."""
        for table in tables:
            try:
                view = self.view_of(table)
                if self._last.get(table.id) != view:
                    self._last[table.id] = view
                    self.publish(view)
            except Exception:
                log.exception("spectator view of table %s failed", table.id)

    def view_of(self, table: Table) -> TableView:
        """The view of ``table`` now."""
        run = table.run
        history: tuple[PlayEntry, ...] = ()
        hands = None
        if run is not None:
            history = self._entries(table)
            if self.hands and run.round is not None:
                hands = tuple(tuple(card_text(c).plain() for c in run.round.hand(s)) for s in
                              range(len(run.participants)))  # fmt: skip
        return TableView(table.snapshot(), history, hands, self._match_id(table))

    def _match_id(self, table: Table) -> int:
        run = table.run
        seen, number = self._matches.get(table.id, (None, 0))
        if run is not None and run is not seen:
            self._matches[table.id] = (run, number + 1)
            return number + 1
        return number

    def _entries(self, table: Table) -> tuple[PlayEntry, ...]:
        """The round's public history; only events new since the last call are converted."""
        run = table.run
        assert run is not None
        seen_run, seen_round, count, entries = self._history.get(table.id, (None, -1, 0, ()))
        if seen_run is not run or seen_round != run.round_no or count > len(run.round_log):
            count, entries = 0, ()
        new = [e for e in (_entry(ev, table) for ev in run.round_log[count:]) if e is not None]
        entries = (*entries, *new)[-HISTORY_LIMIT:]
        self._history[table.id] = (run, run.round_no, len(run.round_log), entries)
        return entries


def _entry(event: Event, table: Table) -> PlayEntry | None:
    run = table.run
    assert run is not None
    msgs, lang = table.ctx.msgs, table.ctx.lang
    text = announce(event, run.names, run.round_players, msgs, lang)
    if text is None:
        return None  # not announced: private (an exchange) or not worth a line
    seat = getattr(event, "seat", None)
    player = run.names[seat] if isinstance(seat, int) and 0 <= seat < len(run.names) else None
    cards: tuple[str, ...] = ()
    if isinstance(event, Played):
        meld = event.meld
        cards = tuple(card_text(c, r).plain() for c, r in zip(meld.cards, meld.readings, strict=False))
    return PlayEntry(text.plain(), event.type, player, cards)


__all__ = ["HISTORY_LIMIT", "PlayEntry", "Spectate", "TableView"]
