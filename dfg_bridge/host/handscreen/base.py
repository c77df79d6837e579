"""Shared pieces of the hand screen (共通部品): the poll event and the render builders used.

Kept apart from :mod:`~dfg_bridge.host.handscreen.manager` so the host loop can import the event
without the whole manager.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from dfg_bridge.host.handscreen.screen import SlotWriter
from dfg_bridge.host.ports import CommandRenderer


@dataclass(frozen=True, slots=True)
class HandPoll:
    """Time for the next look at table ``table``'s screens (a stale ``token`` is ignored)."""

    table: str
    token: int


class ScreenRenderer(SlotWriter, CommandRenderer, Protocol):
    """The render builders the hand screen uses: the host's :class:`CommandRenderer` (which has the
    watch's tests, keys and reclaiming) and the slot writers of :class:`SlotWriter`."""
