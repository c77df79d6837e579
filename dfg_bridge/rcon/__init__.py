"""Our RCON client (RCONクライアント) and its helpers; see :mod:`dfg_bridge.rcon.client` for the rules.

>>> from dfg_bridge.rcon import RconClient, resolve_password
"""

from dfg_bridge.rcon.backoff import Backoff
from dfg_bridge.rcon.client import MAX_COMMAND_BYTES, RconClient, encode_command
from dfg_bridge.rcon.errors import RconError, RconErrorCode
from dfg_bridge.rcon.guard import ReplyGuard, ReplyStats, ReplyStatsSnapshot
from dfg_bridge.rcon.linkstate import LinkListener, LinkState
from dfg_bridge.rcon.password import Secret, resolve_password
from dfg_bridge.rcon.stats import LATENCY_BOUNDS, RconStats, RconStatsSnapshot

__all__ = [
    "LATENCY_BOUNDS",
    "MAX_COMMAND_BYTES",
    "Backoff",
    "LinkListener",
    "LinkState",
    "RconClient",
    "RconError",
    "RconErrorCode",
    "RconStats",
    "RconStatsSnapshot",
    "ReplyGuard",
    "ReplyStats",
    "ReplyStatsSnapshot",
    "Secret",
    "encode_command",
    "resolve_password",
]
