"""Which of the engine's hot modules run compiled (ネイティブ): mypyc builds them at install time.

The playouts of the ``strong`` CPU spend nearly all their time in these modules: the round's state and
moves, the policies of the playouts and the dealer. ``pip install`` compiles them with mypyc (a part of
mypy; ``setup.py`` reads :data:`HOT_MODULES` from this file) into C extensions that play the same moves
about three times faster, so ``strong`` deals and plays out about three times as many deals within its
budget. Without a C compiler, or with ``DFG_BRIDGE_PURE=1`` set at install time, they stay Python
source and everything works the same, only slower. This module imports nothing, so that ``setup.py``
can read it before the package's dependencies are installed.
"""

from __future__ import annotations

import importlib

HOT_MODULES = (
    "dfg_bridge.engine._moves",
    "dfg_bridge.engine.moves",
    "dfg_bridge.engine._state",
    "dfg_bridge.engine._movegen",
    "dfg_bridge.engine._flow",
    "dfg_bridge.engine._core",
    "dfg_bridge.engine.round",
    "dfg_bridge.engine.cpu.hand",
    "dfg_bridge.engine.cpu.splits",
    "dfg_bridge.engine.cpu.shape",
    "dfg_bridge.engine.cpu.careful",
    "dfg_bridge.engine.cpu.eager",
    "dfg_bridge.engine.cpu.policy",
    "dfg_bridge.engine.cpu.playout",
    "dfg_bridge.engine.cpu.dealer",
)
"""The modules compiled at install time (by name; ``setup.py`` turns them into paths)."""


def compiled() -> tuple[str, ...]:
    """The hot modules that run compiled (empty: pure Python)."""
    return tuple(
        name for name in HOT_MODULES if not str(importlib.import_module(name).__file__).endswith(".py")
    )


def build() -> str:
    """``compiled``, ``pure`` or ``partly compiled (k of n)``: how this install runs the hot modules.

    >>> build() in ("compiled", "pure") or build().startswith("partly")
    True
    """
    k = len(compiled())
    if k == len(HOT_MODULES):
        return "compiled"
    return "pure" if k == 0 else f"partly compiled ({k} of {len(HOT_MODULES)})"
