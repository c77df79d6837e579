"""Typed errors of the game host (ホストのエラー).

Every error a player can cause carries a machine ``code`` that is also the suffix of its message key
(``error.<code>`` in the message catalogue) and the placeholders for that message. The host turns
them into a localized chat line; a player never sees a traceback.
"""

from __future__ import annotations

MESSAGE_OF: dict[str, str] = {
    "usage": "command.usage",
    "unknown_subcommand": "command.unknown",
    "bad_args": "command.bad_args",
    "not_admin": "command.not_admin",
    "bad_mode": "start.bad_mode",
    "match_running": "start.already_running",
    "need_players": "start.need_players",
    "need_human": "start.need_human",
    "not_joined": "lobby.not_joined",
    "already_joined": "lobby.already_joined",
    "other_table": "lobby.in_other_table",
    "no_such_table": "lobby.no_such_table",
    "not_playing": "turn.not_in_match",
    "not_your_turn": "turn.not_your_turn",
    "no_match": "status.no_match",
    "wrong_count": "exchange.wrong_count",
    "reload_failed": "admin.reload_failed",
    "no_lockers": "lobby.no_lockers",
    "custody_failed": "lobby.custody_failed",
    "custody_pending": "lobby.custody_failed",
    "player_offline": "lobby.custody_failed",
    "verify_failed": "lobby.custody_failed",
    "hands_busy": "lobby.custody_hands_busy",
    "stats_off": "stats.off",
    "bracket": "stats.bracket",
    "bracket_loading": "stats.bracket_loading",
}
"""Message key of each error code; codes not listed use ``error.<code>``."""


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
        return MESSAGE_OF.get(self.code, f"error.{self.code}")


class CommandError(HostError):
    """A player's command cannot be done now (bad arguments, wrong turn, not joined …)."""

    code = "bad_command"


class CustodyError(HostError):
    """Custody (預かり) could not take or give back a player's items; nothing was lost."""

    code = "custody_failed"


class CommandFailed(HostError):
    """The server rejected a command the host relies on (``reply`` holds its text)."""

    code = "command_failed"
