"""A question riding on a display write (相乗り): one command instead of two (issue 19).

``execute <checks> run <write>`` runs the write only when every check holds. A display write whose
feedback is never empty (a bossbar rename, an entity's data merge: their success and their "nothing
changed" alike) then replies with that feedback, and with nothing when a check failed (a failed
``execute`` condition stops the chain without a word). So the hand-screen watch's periodic table
question, due while no seated player may act (the CPUs' turns, when the displays change at every
turn), is asked by the table's next display write instead of a command of its own. When it fails, the
write is sent again alone, and the watch looks at once, as its own failed question would have made it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rider:
    """A question that may ride on the next display write."""

    question: str
    """An ``execute <check> …`` chain without ``run`` (a question of the watch's own)."""
    answer: Callable[[bool], None]
    """Told whether every check held, once the write carrying the question came back."""


RiderSource = Callable[[], "Rider | None"]
"""Asked just before a write that can carry a question: the question due now, or ``None``."""


__all__ = ["Rider", "RiderSource"]
