"""A secret string (秘密の文字列) that no ``repr``, ``str`` or log line shows."""

from __future__ import annotations


class Secret:
    """A string that never shows itself in ``repr``/``str``: the RCON password, a database password.

    Config files, the environment and the RCON client all hold it as this one type, so it cannot leak
    into a log or a traceback; an empty one shows as empty (a missing password is easy to see).

    >>> s = Secret("hunter2")
    >>> s, str(s), s.reveal()
    (Secret('***'), '***', 'hunter2')
    """

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The secret itself; call it only where it is sent."""
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('***')" if self._value else "Secret('')"

    def __str__(self) -> str:
        return "***" if self._value else ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


__all__ = ["Secret"]
