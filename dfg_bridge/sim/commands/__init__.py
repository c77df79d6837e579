"""The simulated server's command executor (コマンド実行部)."""

from dfg_bridge.sim.commands.core import CommandRecord, Executor
from dfg_bridge.sim.commands.source import Source, SourceKind

__all__ = ["CommandRecord", "Executor", "Source", "SourceKind"]
