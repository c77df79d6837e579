"""Config problems, each reported as ``file:line: path: message`` (設定エラー)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class ConfigIssue:
    """One problem (or warning) at a place in a config file.

    >>> str(ConfigIssue("dfg.yml", 12, "rcon.port", "must be an integer (got 'x')"))
    "dfg.yml:12: rcon.port: must be an integer (got 'x')"
    """

    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.path}: {self.message}"


class ConfigError(Exception):
    """The config cannot be used; ``issues`` lists every problem found, in file order.

    ``code`` is ``bad_config`` (or ``no_config`` when the file cannot be read).
    """

    def __init__(self, issues: Iterable[ConfigIssue], code: str = "bad_config") -> None:
        self.issues = tuple(sorted(issues))
        self.code = code
        super().__init__("\n".join(str(issue) for issue in self.issues))
