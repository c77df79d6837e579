"""Typed errors raised while rendering a command (コマンド生成エラー)."""

from __future__ import annotations


class RenderError(ValueError):
    """A value cannot be written as a command.

    ``code`` is stable and machine-readable (``bad_name``, ``bad_slot``, ``unsupported_version``, …);
    the message says what was wrong in words.

    >>> RenderError("bad_name", "player name 'a b' has a space").code
    'bad_name'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
