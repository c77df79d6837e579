"""The CPU levels by name and :func:`make_cpu`, the one entry point the host uses."""

from __future__ import annotations

from dfg_bridge.engine.cpu.base import CpuError, CpuPlayer
from dfg_bridge.engine.cpu.greedy import GreedyPlayer
from dfg_bridge.engine.cpu.heuristic import EasyPlayer, NormalPlayer
from dfg_bridge.engine.rules import Rules

LEVELS = ("easy", "normal", "strong", "greedy")
"""Known level names, weakest-to-strongest for the first three; ``greedy`` is the baseline."""


def make_cpu(
    level: str, seed: int, budget_ms: int = 200, *, rules: Rules | None = None, clock: str = "wall"
) -> CpuPlayer:
    """A CPU player of ``level`` (``easy``, ``normal``, ``strong`` or ``greedy``).

    ``seed`` makes its choices reproducible; ``budget_ms`` bounds the time of one decision (only
    ``strong`` searches; with ``clock="cpu"`` the budget is CPU time rather than real time, for measuring
    on a busy machine). ``rules`` are the table's rules when the observation does not carry them.

    >>> cpu = make_cpu("normal", seed=1)
    >>> cpu.level
    'normal'
    >>> make_cpu("expert", 1)
    Traceback (most recent call last):
    ...
    dfg_bridge.engine.cpu.base.CpuError: unknown CPU level 'expert'; known: easy, normal, strong, greedy
    """
    name = level.strip().lower()
    if name == "greedy":
        return GreedyPlayer(rules)
    if name == "easy":
        return EasyPlayer(seed, rules)
    if name == "normal":
        return NormalPlayer(rules)
    if name == "strong":
        from dfg_bridge.engine.cpu.strong import StrongPlayer

        return StrongPlayer(seed, budget_ms, rules, clock=clock)
    raise CpuError("unknown_level", f"unknown CPU level {level!r}; known: {', '.join(LEVELS)}")
