"""Events (出来事) the engine reports after each action, for displays and the replay CLI.

Seats are ints; :meth:`Event.to_json` maps them through ``names`` when given.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from dfg_bridge.engine.cards import Card
from dfg_bridge.engine.melds import Meld


class ClearReason(enum.StrEnum):
    """Why the field cleared (場が流れる)."""

    ALL_PASSED = "all_passed"
    """Everyone else passed."""
    EIGHT_CUT = "eight_cut"
    """8切り."""
    SPADE3 = "spade3"
    """スペ3返し beat a lone joker."""
    FOUL = "foul"
    """A foul finish (反則上がり) clears the field."""
    SKIP = "skip"
    """5飛び skipped every other player."""

    def __str__(self) -> str:
        return self.value


def _seat(s: int, names: Sequence[str] | None) -> Any:
    return names[s] if names is not None and 0 <= s < len(names) else s


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. ``type`` is the replay event type."""

    type: ClassVar[str] = "event"
    _seats: ClassVar[tuple[str, ...]] = ("seat",)

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """A JSON-ready dict: ``{"type": …, field: value, …}`` (cards in ASCII, seats via ``names``)."""
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = _jsonable(f.name, value, names, self._seats)
        return out


def _jsonable(name: str, value: Any, names: Sequence[str] | None, seat_fields: tuple[str, ...]) -> Any:
    if name in seat_fields:
        if isinstance(value, tuple):
            return [_seat(v, names) for v in value]
        return None if value is None else _seat(value, names)
    if isinstance(value, Card):
        return value.ascii()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_jsonable(name, v, names, seat_fields) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A seat played a meld."""

    type: ClassVar[str] = "played"
    seat: int
    meld: Meld

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": _seat(self.seat, names),
            "cards": [c.ascii() for c in self.meld.cards],
            "readings": [c.ascii() for c in self.meld.readings],
            "kind": self.meld.kind.value,
        }


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat passed."""

    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class Cleared(Event):
    """The field cleared; ``leader`` leads next (None if the round is over)."""

    type: ClassVar[str] = "cleared"
    _seats: ClassVar[tuple[str, ...]] = ("leader",)
    reason: ClearReason
    leader: int | None


@dataclass(frozen=True, slots=True)
class RevolutionChanged(Event):
    """革命 toggled; ``cause`` is ``play`` or ``slime``."""

    type: ClassVar[str] = "revolution"
    _seats: ClassVar[tuple[str, ...]] = ()
    active: bool
    cause: str = "play"


@dataclass(frozen=True, slots=True)
class ElevenBackChanged(Event):
    """11バック started (``active``) or ended with the field."""

    type: ClassVar[str] = "eleven_back"
    _seats: ClassVar[tuple[str, ...]] = ()
    active: bool


@dataclass(frozen=True, slots=True)
class Locked(Event):
    """縛り started on these suits (letters)."""

    type: ClassVar[str] = "locked"
    _seats: ClassVar[tuple[str, ...]] = ()
    suits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NumberLocked(Event):
    """数しば started (``extreme`` when 縛り holds too: 激しば)."""

    type: ClassVar[str] = "number_locked"
    _seats: ClassVar[tuple[str, ...]] = ()
    extreme: bool


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """5飛び skipped these seats."""

    type: ClassVar[str] = "skipped"
    _seats: ClassVar[tuple[str, ...]] = ("seats",)
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """9リバース: the turn direction is now ``direction`` (1 clockwise, -1 counter-clockwise)."""

    type: ClassVar[str] = "reversed"
    _seats: ClassVar[tuple[str, ...]] = ()
    direction: int


@dataclass(frozen=True, slots=True)
class Finished(Event):
    """A seat left play with a place; ``reason`` out, foul, miyako_ochi, dropout or last."""

    type: ClassVar[str] = "finished"
    seat: int
    place: int
    foul: bool
    reason: str = "out"


@dataclass(frozen=True, slots=True)
class MiyakoOchi(Event):
    """都落ち: the previous 大富豪 fell to the lowest open place."""

    type: ClassVar[str] = "miyako_ochi"
    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    """The round ended; ``ranking`` lists seats from 1st to last."""

    type: ClassVar[str] = "round_over"
    _seats: ClassVar[tuple[str, ...]] = ("ranking",)
    ranking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Gave(Event):
    """Cards moved from ``seat`` to ``to``: ``why`` exchange, exchange_auto, seven_pass or bribe."""

    type: ClassVar[str] = "gave"
    _seats: ClassVar[tuple[str, ...]] = ("seat", "to")
    seat: int
    to: int
    cards: tuple[Card, ...]
    why: str
    hidden: bool = False
    """The receiver is not told which cards these are (``exchange_hidden``: UECda's 大富豪 and 富豪)."""

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        out = Event.to_json(self, names)
        if not self.hidden:
            del out["hidden"]  # the key appears only when set (older replays stay byte-identical)
        return out


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards left ``seat``'s hand for the discard pile: ``why`` ten_discard, bomb, dropout, miyako_ochi."""

    type: ClassVar[str] = "discarded"
    seat: int
    cards: tuple[Card, ...]
    why: str


@dataclass(frozen=True, slots=True)
class Bombed(Event):
    """Qボンバー named a rank label (or ``JK``)."""

    type: ClassVar[str] = "bombed"
    seat: int
    rank: str


@dataclass(frozen=True, slots=True)
class SlimeChanged(Event):
    """スライム革命: the slime count is now ``count``."""

    type: ClassVar[str] = "slime"
    _seats: ClassVar[tuple[str, ...]] = ()
    count: int


@dataclass(frozen=True, slots=True)
class Risen(Event):
    """なかまカード: ``card`` rose from the discard pile for ``seat``."""

    type: ClassVar[str] = "risen"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Recruited(Event):
    """なかまカード: ``seat`` took the risen card, discarding ``card`` (None: declined)."""

    type: ClassVar[str] = "recruited"
    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class Bribed(Event):
    """買収: ``seat`` paid ``count`` 100億 cards to ``target``."""

    type: ClassVar[str] = "bribed"
    _seats: ClassVar[tuple[str, ...]] = ("seat", "target")
    seat: int
    target: int | None
    count: int


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """The round moved to ``phase`` (``play`` after the exchange)."""

    type: ClassVar[str] = "phase"
    _seats: ClassVar[tuple[str, ...]] = ()
    phase: str


@dataclass(frozen=True, slots=True)
class DroppedOut(Event):
    """脱落: ``seat`` left the match."""

    type: ClassVar[str] = "dropout"
    seat: int
