"""The table displays' differ (差分): desired displays in, only the commands for what changed out.

Views (:mod:`dfg_bridge.host.views`) describe every display element of a table (team, sidebar,
bossbar, over-seat and centre texts) as a ``{Element: value}`` map. The hand screens are not
elements: each :class:`~dfg_bridge.host.handscreen.screen.HandScreen` remembers and diffs its
own slots, because it also reads them back.

The differ remembers what it last sent per element and, for each element whose value differs,
sends exactly one command. After a (re)connect :meth:`Differ.forget` drops that memory so the next
sync redraws everything once.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from dfg_bridge.host.names import TableNames
from dfg_bridge.host.ports import CommandRenderer, CommandSink
from dfg_bridge.host.riding import RiderSource
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.model.text import Text
from dfg_bridge.replies.answers import write_ran


class Kind(enum.IntEnum):
    """Display element kinds, in the order their commands are sent."""

    MEMBER = 0
    """A player in the table's team (prefix 【大富豪】, team sidebar); value ``True``."""
    SIDE_TITLE = 1
    """The sidebar title (Text)."""
    SIDE_SCORE = 2
    """A sidebar line's score (int; orders the lines)."""
    SIDE_NAME = 3
    """A sidebar line's text (Text)."""
    BOSSBAR_NAME = 4
    """Bossbar text (Text)."""
    BOSSBAR_MAX = 5
    """Bossbar maximum (int)."""
    BOSSBAR_VALUE = 6
    """Bossbar value (int)."""
    BOSSBAR_VISIBLE = 7
    """Bossbar visibility (bool)."""
    BOSSBAR_PLAYERS = 8
    """Who sees the bossbar: the sorted names of the table's team (tuple[str, ...])."""
    SEAT_TEXT = 9
    """Text over a seat (Text)."""
    CENTRE = 10
    """Text over the table centre (Text)."""


@dataclass(frozen=True, slots=True, order=True)
class Element:
    """One display element of table ``table``: ``sub`` is the seat, line or player it is about."""

    kind: Kind
    table: str
    sub: str = ""


CARRIERS = frozenset({Kind.BOSSBAR_NAME, Kind.SEAT_TEXT, Kind.CENTRE})
"""Writes whose feedback is never empty (``bossbar set … name``, ``data merge entity``), so that an
empty reply says a question in front of them failed."""

Desired = Mapping[Element, object]
"""A table's whole desired display."""

_EMPTY = Text("")


class Differ:
    """Sends one command per changed element; remembers what the server shows."""

    def __init__(self, renderer: CommandRenderer, sink: CommandSink) -> None:
        self._r = renderer
        self._sink = sink
        self._shown: dict[Element, object] = {}
        self.sent = 0
        """Commands sent so far (for the efficiency figures)."""
        self.full_equivalent = 0
        """Commands a full redraw at every sync would have sent (the baseline of the figures)."""
        self.carried = 0
        """Writes that carried a question (:mod:`~dfg_bridge.host.riding`)."""

    def forget(self, table: str | None = None) -> None:
        """Forget what ``table`` (or every table) shows: the next sync redraws it in full."""
        if table is None:
            self._shown.clear()
        else:
            for element in [e for e in self._shown if e.table == table]:
                del self._shown[element]

    def shown(self, table: str) -> dict[Element, object]:
        """What the differ believes ``table`` shows (a copy)."""
        return {e: v for e, v in self._shown.items() if e.table == table}

    def changes(self, table: str, desired: Desired) -> list[Element]:
        """The elements of ``table`` that a sync would send, in sending order."""
        removed = [e for e in self._shown if e.table == table and e not in desired]
        changed = [e for e, v in desired.items() if self._shown.get(e, _MISSING) != v]
        return sorted(changed + removed)

    def sync(self, table: str, desired: Desired, *, rider: RiderSource | None = None) -> int:
        """Send what changed for ``table``; returns the number of commands sent.

        Elements are marked shown one by one, after their command returned, so a link failure
        midway leaves the rest to be sent by the next sync. ``rider`` is asked, at the first write
        that can carry a question (:data:`CARRIERS`), for a question to put in front of it
        (:mod:`~dfg_bridge.host.riding`).
        """
        count = 0
        self.full_equivalent += len(desired)
        for element in self.changes(table, desired):
            value = desired.get(element, _MISSING)
            for command in self._commands(element, value):
                if rider is not None and element.kind in CARRIERS and value is not _MISSING:
                    count += self._carry(command, rider)
                    rider = None
                    continue
                self._sink.run(command)
                count += 1
            if value is _MISSING:
                self._shown.pop(element, None)
                if element.kind is Kind.SIDE_NAME:
                    # The reset removed the line's score as well.
                    self._shown.pop(Element(Kind.SIDE_SCORE, element.table, element.sub), None)
            else:
                self._shown[element] = value
        self.sent += count
        return count

    def _carry(self, command: str, rider: RiderSource) -> int:
        """Send ``command`` with the rider's question in front, if one is due and fits; the count sent."""
        question = rider()
        ridden = f"{question.question} run {command}" if question is not None else ""
        if question is None or len(ridden.encode("utf-8", "surrogatepass")) > MAX_COMMAND_BYTES:
            self._sink.run(command)
            return 1
        passed = write_ran(self._sink.run(self._r.ride(question.question, command)))
        self.carried += 1
        if not passed:
            self._sink.run(command)  # the failed check stopped the write too
        question.answer(passed)
        return 1 if passed else 2

    def _commands(self, element: Element, value: object) -> list[str]:
        r, names, sub = self._r, TableNames(element.table), element.sub
        removed = value is _MISSING
        kind = element.kind
        if kind is Kind.MEMBER:
            return [r.team_leave(sub) if removed else r.team_join(names.team, sub)]
        if kind is Kind.SIDE_TITLE:
            return [] if removed else [r.objective_display_name(names.objective, _text(value))]
        if kind is Kind.SIDE_SCORE:
            return [] if removed else [r.score_set(sub, names.objective, _int(value))]
        if kind is Kind.SIDE_NAME:
            if removed:
                return [r.score_reset(sub, names.objective)]
            return [r.score_display_name(sub, names.objective, _text(value))]
        if kind is Kind.BOSSBAR_NAME:
            return [] if removed else [r.bossbar_name(names.bossbar, _text(value))]
        if kind is Kind.BOSSBAR_MAX:
            return [] if removed else [r.bossbar_max(names.bossbar, max(1, _int(value)))]
        if kind is Kind.BOSSBAR_VALUE:
            return [] if removed else [r.bossbar_value(names.bossbar, max(0, _int(value)))]
        if kind is Kind.BOSSBAR_VISIBLE:
            return [r.bossbar_visible(names.bossbar, False if removed else bool(value))]
        if kind is Kind.BOSSBAR_PLAYERS:
            if removed or not value:
                return [r.bossbar_players(names.bossbar, None)]
            return [r.bossbar_players(names.bossbar, r.team_members(names.team))]
        if kind is Kind.SEAT_TEXT:
            entity = r.tagged(names.seat_text(int(sub)), kind="text_display", single=True)
            return [r.set_display_text(entity, _EMPTY if removed else _text(value))]
        entity = r.tagged(names.centre, kind="text_display", single=True)
        return [r.set_display_text(entity, _EMPTY if removed else _text(value))]


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _text(value: object) -> Text:
    if not isinstance(value, Text):
        raise TypeError(f"expected Text, got {value!r}")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError(f"expected int, got {value!r}")
    return value
