"""How often the watch looks at the hand screens (監視の間隔): its paces and back-off (issue 19).

:mod:`.watch` plans each look from these; they are apart so that the pacing reads in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

HOT_AFTER_OPENING = 1.0
"""Seconds the watch looks quicker after the acting player opened a chest (clicks are coming)."""
AFTER_OPENING = 0.1
"""Seconds between looks in that time: a person's first click comes some tenths of a second after the
chest opens, so the 50 ms of a click's :attr:`WatchTimes.hot` time would be looks that find nothing
(about one look in seven of a turn; issue 19)."""
KEY_RETRY = 2.0
"""Seconds between tries to give a key to a player whose inventory was full."""
QUIET_AFTER = 3.0
"""Seconds without a turn's start, an opening or a click after which a thinking player's screen is
looked at every :data:`SLOW_IDLE` seconds instead of every :attr:`WatchTimes.idle` (back-off)."""
SLOW_IDLE = 0.5
"""Seconds between looks at a screen that has been quiet for :data:`QUIET_AFTER` seconds, or whose
player has neither opened a chest nor clicked since their turn started: a long think, or a first click
in a chest left open, is seen at most half a second later (0.25 s on average; 0.15 s at the idle pace).
A player who opens their chest is looked at every :data:`AFTER_OPENING` seconds from that look on."""
RIDE_AFTER = 0.3
"""Seconds after the table question's last answer from which it rides on the table's display writes
(:mod:`~dfg_bridge.host.riding`): the CPUs' turns change the displays about every second, so the
question is asked about once a turn at no command of its own, and never twice within this time."""
TABLE_ON_TURN = 1.0
"""Seconds between table questions while a seated player may act (their own chest is watched)."""


@dataclass(frozen=True, slots=True)
class WatchTimes:
    """Seconds between looks."""

    fast: float = 0.05
    """Right after a click or an opening (the config's ``hand.poll_interval``)."""
    hot: float = 0.2
    """How long "right after" lasts."""
    idle: float = 0.3
    """While a seated player may act."""
    off_turn: float = 1.2
    """While no seated player may act: how soon a card taken out off turn comes back."""


__all__ = [
    "AFTER_OPENING",
    "HOT_AFTER_OPENING",
    "KEY_RETRY",
    "QUIET_AFTER",
    "RIDE_AFTER",
    "SLOW_IDLE",
    "TABLE_ON_TURN",
    "WatchTimes",
]
