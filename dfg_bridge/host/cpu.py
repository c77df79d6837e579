"""How the host asks a CPU player for a move (CPU).

One small interface, :class:`CpuPolicy`: ``decide(observation, legal) -> Action``. The default,
:class:`EngineGreedy`, is the engine's baseline policy; the CPU package can plug in stronger ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from dfg_bridge.engine.actions import Action, Pass, Play


class CpuPolicy(Protocol):
    """Chooses one of ``legal`` for the seat that ``observation`` describes."""

    def decide(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Return one element of ``legal``."""
        ...


class EngineGreedy:
    """The engine's greedy baseline when it has one, else "weakest legal play, pass when behind".

    The fallback plays the weakest play that is not a pass, so a CPU never stalls a round.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._engine: Any = _engine_greedy()

    def decide(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Pick an action."""
        if self._engine is not None:
            return self._engine(observation, legal)  # type: ignore[no-any-return]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return min(plays, key=_weight)
        others = [a for a in legal if not isinstance(a, Pass)]
        passes = [a for a in legal if isinstance(a, Pass)]
        return (passes or others or list(legal))[0]


def _weight(play: Play) -> tuple[int, int]:
    rank = play.meld.rank
    return (-play.meld.size, int(rank) if rank is not None else 99)


def _engine_greedy() -> Any:
    """The engine's greedy policy function, if the engine provides one."""
    try:
        from dfg_bridge.engine import policies  # type: ignore[attr-defined]
    except ImportError:
        return None
    fn = getattr(policies, "greedy", None)
    return fn if callable(fn) else None
