"""Typed RCON errors (RCONエラー), each with a stable machine-readable ``code``."""

from __future__ import annotations

import enum

__all__ = ["RconError", "RconErrorCode"]


class RconErrorCode(enum.Enum):
    """Why an RCON operation failed; ``.value`` is the stable code string."""

    AUTH_FAILED = "auth_failed"
    """The server rejected the password (login reply id −1)."""
    TOO_LONG = "too_long"
    """The command is over 1446 UTF-8 bytes; it was refused before anything was sent."""
    INVALID_COMMAND = "invalid_command"
    """The command contains a NUL character, which vanilla would silently cut at; refused before sending."""
    DISCONNECTED = "disconnected"
    """No connection: refused, closed by the server, reset, or still waiting for the next reconnect."""
    TIMEOUT = "timeout"
    """No (complete) reply in time; the connection was reset, the command may or may not have run."""
    PROTOCOL = "protocol"
    """The server sent something that is not a valid reply (bad length, wrong id or type)."""
    MIXED_REPLY = "mixed_reply"
    """A read never got a reply that fits it (another RCON client keeps mixing the console output)."""
    NO_PASSWORD = "no_password"
    """No password in the config, ``RCON_PASSWORD`` or ``RCON_PASSWORD_FILE``."""


class RconError(Exception):
    """An RCON failure with a machine code (``err.code``) and a human message.

    >>> err = RconError(RconErrorCode.TOO_LONG, "command is 2000 bytes")
    >>> err.code, str(err)
    ('too_long', 'command is 2000 bytes')
    """

    def __init__(self, kind: RconErrorCode, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        """The failure as an enum member."""

    @property
    def code(self) -> str:
        """The stable machine code, e.g. ``"disconnected"``."""
        return self.kind.value

    @property
    def link_lost(self) -> bool:
        """Whether the link is down (or was reset) because of this error: wait for it, then go on.

        The host recognises such failures by this attribute (it never imports ``rcon``)."""
        return self.kind in (RconErrorCode.DISCONNECTED, RconErrorCode.TIMEOUT)

    def __repr__(self) -> str:
        return f"RconError({self.code}, {str(self)!r})"
