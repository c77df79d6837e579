"""Range values (範囲) used by selectors and item predicates; import them from ``values``."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FloatRange", "IntRange"]


@dataclass(frozen=True, slots=True)
class IntRange:
    """An ``int_range`` (``1..5``, ``3``, ``..2``); a missing bound is ``None``.

    >>> IntRange(1, None).contains(7)
    True
    """

    min: int | None
    max: int | None

    def contains(self, value: int) -> bool:
        """Whether ``value`` lies within both bounds (inclusive)."""
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)


@dataclass(frozen=True, slots=True)
class FloatRange:
    """A ``float_range`` (``..5.5``, ``1.2``); a missing bound is ``None``."""

    min: float | None
    max: float | None

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies within both bounds (inclusive)."""
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)
