"""How the host asks a CPU player for a move (CPU).

One small interface, :class:`CpuPolicy`: ``decide(observation, legal) -> Action``. :func:`cpu_for`
builds the engine's CPU of the configured level (``easy``, ``normal``, ``strong`` or the ``greedy``
baseline); :class:`WeakestPlay` is a dependency-free fallback that never stalls a round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from dfg_bridge.engine import Action, Pass, Play, Round, Rules


class CpuPolicy(Protocol):
    """Chooses one of ``legal`` for the seat that ``observation`` describes."""

    def decide(self, observation: Any, legal: Iterable[Action]) -> Action:
        """Return one element of ``legal``."""
        ...


class WeakestPlay:
    """Plays the weakest legal play (largest melds first), else passes; a safe fallback CPU."""

    level = "weakest"

    def decide(self, observation: Any, legal: Iterable[Action]) -> Action:
        """Pick an action."""
        actions: Sequence[Action] = list(legal)
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return min(plays, key=_weight)
        passes: list[Action] = [a for a in actions if isinstance(a, Pass)]
        return (passes or list(actions))[0]


def _weight(play: Play) -> tuple[int, int]:
    rank = play.meld.rank
    return (-play.meld.size, int(rank) if rank is not None else 99)


def cpu_for(level: str, seed: int, rules: Rules) -> CpuPolicy:
    """The engine's CPU of ``level`` for a table with ``rules`` (the fallback if there is none)."""
    try:
        from dfg_bridge.engine.cpu import make_cpu
    except ImportError:  # the CPU package is optional for the host
        return WeakestPlay()
    player: CpuPolicy = make_cpu(level, seed, rules=rules)
    return player


def cpu_action(policy: CpuPolicy, rnd: Round, seat: int) -> Action:
    """What ``policy`` plays for ``seat``: a legal action, the timeout action if it fails or cheats.

    A broken policy must not stall the table, so any exception or illegal answer falls back.
    """
    legal = list(rnd.legal_actions(seat))
    if not legal:
        return rnd.timeout_action(seat)
    try:
        choice = policy.decide(rnd.observation(seat), legal)
    except Exception:
        return rnd.timeout_action(seat)
    return choice if choice in legal else rnd.timeout_action(seat)
