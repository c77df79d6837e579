"""Typed errors of the stats storage (成績データベースのエラー)."""

from __future__ import annotations


class StatsDbError(Exception):
    """The stats database cannot be used; ``code``: ``unreachable``, ``no_driver``, ``too_new``."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code
