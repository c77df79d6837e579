"""Limits of the server every part must respect (上限).

>>> MAX_COMMAND_BYTES
1446
"""

MAX_COMMAND_BYTES = 1446
"""Vanilla RCON takes at most this many UTF-8 bytes per command (ARCHITECTURE §6.1): the server does one
``read(1460)`` per request and closes the connection on a longer one."""

__all__ = ["MAX_COMMAND_BYTES"]
