"""Typed errors of the simulated server, each with a machine-readable ``code``."""

from __future__ import annotations

__all__ = ["CommandFailure", "SimError"]


class SimError(Exception):
    """Base of the sim's own errors (not Minecraft command failures)."""

    code = "sim_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class CommandFailure(Exception):
    """A command failed the way vanilla reports it: ``message`` is the exact feedback text.

    Raised inside command handlers (Brigadier's ``CommandSyntaxException`` thrown at run time, e.g.
    ``No player was found``); the executor turns it into failure feedback and a result of 0.
    """

    code = "command_failed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
