"""Typed errors of the game host (ホストのエラー).

Every error a player can cause carries a machine ``code`` that is also the suffix of its message key
(``error.<code>`` in the message catalogue) and the placeholders for that message. The host turns
them into a localized chat line; a player never sees a traceback.
"""

from __future__ import annotations


class HostError(Exception):
    """Base of the host's errors: ``code`` is stable, ``params`` fill the message's placeholders."""

    code = "host_error"

    def __init__(self, code: str | None = None, **params: object) -> None:
        if code is not None:
            self.code = code
        self.params: dict[str, object] = params
        super().__init__(f"{self.code} {params}" if params else self.code)

    @property
    def message_key(self) -> str:
        """The message catalogue key for this error."""
        return f"error.{self.code}"


class CommandError(HostError):
    """A player's command cannot be done now (bad arguments, wrong turn, not joined …)."""

    code = "bad_command"


class CustodyError(HostError):
    """Custody (預かり) could not take or give back a player's items; nothing was lost."""

    code = "custody_failed"


class CommandFailed(HostError):
    """The server rejected a command the host relies on (``reply`` holds its text)."""

    code = "command_failed"
