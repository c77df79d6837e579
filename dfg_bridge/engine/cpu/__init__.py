"""CPU players (CPU): ``easy``, ``normal``, ``strong`` and the ``greedy`` baseline.

Fair by construction: a CPU is handed an :class:`~dfg_bridge.engine.Observation` (what its seat
may see) and the legal actions, never the round itself. The host builds one with :func:`make_cpu`
and calls ``cpu.decide(observation, legal) -> Action``. ``python -m dfg_bridge.engine.cpu
tournament …`` measures the levels against each other.
"""

from dfg_bridge.engine.cpu.base import CpuError, CpuPlayer, Decision
from dfg_bridge.engine.cpu.levels import LEVELS, make_cpu

__all__ = ["LEVELS", "CpuError", "CpuPlayer", "Decision", "make_cpu"]
