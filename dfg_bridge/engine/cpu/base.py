"""What every CPU player (CPU) is: ``decide(observation, legal) -> Action``, and the kinds of decision."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Protocol

from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.observation import Observation


class CpuError(ValueError):
    """A CPU could not be built or asked. ``code``: ``unknown_level``, ``no_legal_action``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Decision(enum.Enum):
    """The kind of choice a CPU is asked for."""

    PLAY = "play"
    """出す / パス on the field."""
    EXCHANGE = "exchange"
    """カード交換: the cards a higher rank gives a lower one."""
    BRIBE = "bribe"
    """買収: whether, whom and with which cards to bribe."""
    SEVEN_PASS = "seven_pass"
    """7渡し: cards to give the next player."""
    TEN_DISCARD = "ten_discard"
    """10捨て: cards to discard."""
    QUEEN_BOMBER = "queen_bomber"
    """Qボンバー: a rank every hand discards."""
    NAKAMA = "nakama"
    """なかまカード: swap a card for the risen one."""


def decision_of(legal: list[Action]) -> Decision:
    """The kind of decision ``legal`` offers (all its actions are of one kind)."""
    first = legal[0]
    if isinstance(first, (Play, Pass)):
        return Decision.PLAY
    if isinstance(first, Bribe):
        return Decision.BRIBE
    if isinstance(first, Discard):
        return Decision.TEN_DISCARD
    if isinstance(first, Bomb):
        return Decision.QUEEN_BOMBER
    if isinstance(first, Recruit):
        return Decision.NAKAMA
    assert isinstance(first, Give)
    return Decision.SEVEN_PASS if _is_seven_pass(legal) else Decision.EXCHANGE


def _is_seven_pass(legal: list[Action]) -> bool:
    # 7渡し may give nothing (an empty Give is legal); the exchange always gives an exact count
    return any(isinstance(a, Give) and not a.cards for a in legal)


def as_list(legal: Iterable[Action]) -> list[Action]:
    """The legal actions as a list; :class:`CpuError` ``no_legal_action`` if there are none."""
    out = legal if isinstance(legal, list) else list(legal)
    if not out:
        raise CpuError("no_legal_action", "a CPU was asked to act with no legal action")
    return out


class CpuPlayer(Protocol):
    """A CPU player: sees only an :class:`Observation` (its own seat's view), returns one legal action."""

    level: str
    """The level name (``easy``, ``normal``, ``strong``, ``greedy``)."""

    def decide(self, observation: Observation, legal: Iterable[Action]) -> Action:
        """Return one element of ``legal``."""
        ...
