"""Up/down state of the RCON link (接続状態) and the listener type for transitions."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dfg_bridge.rcon.errors import RconError

__all__ = ["LinkListener", "LinkState"]


class LinkState(enum.Enum):
    """Whether the RCON client is logged in."""

    UP = "up"
    """Connected and authenticated; commands go out."""
    DOWN = "down"
    """Not connected; commands fail fast with ``disconnected`` until a reconnect succeeds."""


LinkListener = Callable[[LinkState, "RconError | None"], None]
"""Called with the new state and, for DOWN, the error that caused it (None for a deliberate close)."""
