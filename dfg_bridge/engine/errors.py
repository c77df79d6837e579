"""Typed engine errors with stable machine codes (the replay contract's ``error`` field)."""

from __future__ import annotations

import enum


class ErrorCode(enum.StrEnum):
    """Why an action was refused. The value is the stable code printed by the replay CLI."""

    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act (or this seat has finished)."""
    NOT_IN_HAND = "not_in_hand"
    """A card of the action is not in the seat's hand."""
    INVALID_MELD = "invalid_meld"
    """The cards form no single, group or stairs (出し方) under these rules."""
    WRONG_KIND = "wrong_kind"
    """The field holds another kind of meld."""
    WRONG_SIZE = "wrong_size"
    """The field holds another number of cards."""
    TOO_WEAK = "too_weak"
    """The play does not beat the field."""
    LOCKED = "locked"
    """縛り: the play does not follow the locked suits."""
    NUMBER_LOCKED = "number_locked"
    """数しば: the play is not the next rank."""
    LEADER_CANNOT_PASS = "leader_cannot_pass"
    """The leader (親) may not pass on an empty field."""
    PASS_LOCKED = "pass_locked"
    """This seat passed and may not act until the field clears."""
    ROUND_OVER = "round_over"
    """The round has ended."""
    WRONG_PHASE = "wrong_phase"
    """This kind of action is not expected now (e.g. a play during the exchange)."""
    WRONG_COUNT = "wrong_count"
    """A give, discard, bomb or bribe with the wrong number of cards."""
    BAD_TARGET = "bad_target"
    """A bribe aimed at a seat that may not be bribed."""
    NO_FUNDS = "no_funds"
    """A bribe without enough 100億 cards."""
    NOT_PLAYING = "not_playing"
    """The seat is not in this round (脱落, or out of range)."""

    def __str__(self) -> str:
        return self.value


class EngineError(ValueError):
    """An action the rules refuse. ``code`` is an :class:`ErrorCode` value (a ``str``)."""

    def __init__(self, code: ErrorCode, message: str = "") -> None:
        super().__init__(message or code.value)
        self.code: str = code.value
        self.error_code = code
