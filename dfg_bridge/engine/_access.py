"""Fast read-only accessors of a round's state (the public face of the compact representation).

Search code reads the state through these (documented in ``docs/ENGINE_API.md``) instead of the raw
fields, which stay private to the engine core. They return the ints and tuples of
:mod:`dfg_bridge.engine.moves`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._state import State
from dfg_bridge.engine._views import RoundViews


def _slot(name: str) -> Any:
    """The slot descriptor of a state field: reading it through another name costs nothing extra."""
    return State.__dict__[name]


class FastViews(RoundViews):
    """Accessors on ints and compact moves, cheap enough for playouts.

    The plain ones read a state field directly (no Python call): treat them as read-only.
    """

    __slots__ = ()

    if TYPE_CHECKING:

        @property
        def turn(self) -> int:
            """The seat to act, or -1 (like :attr:`to_act`, without the ``None``)."""

        @property
        def field_move(self) -> mv.Move | None:
            """The compact play to beat, or None on an empty field."""

        @property
        def field_seat(self) -> int:
            """Who played the field, or -1."""

        @property
        def lock_mask(self) -> int:
            """縛り suits as a 4-bit set (0: no lock)."""

        @property
        def active_mask(self) -> int:
            """Seats still holding cards in play, as bits."""

        @property
        def present_mask(self) -> int:
            """Seats taking part in this round, as bits."""

        @property
        def passed_mask(self) -> int:
            """Seats that passed (see :attr:`passed`), as bits."""

        @property
        def trick_mask(self) -> int:
            """Every card played in this trick, as bits."""

        @property
        def winners(self) -> tuple[int, ...]:
            """Seats placed from the top so far (went out, best first); fouls and dropouts are not here."""

    else:
        turn = _slot("cur")
        field_move = _slot("fmove")
        field_seat = _slot("fby")
        lock_mask = _slot("lockm")
        active_mask = _slot("active")
        present_mask = _slot("present")
        passed_mask = _slot("passm")
        trick_mask = _slot("trick")
        winners = _slot("top")
        number_lock = _slot("nlock")

    def hand_mask(self, seat: int) -> int:
        """The card bits of ``seat``'s hand (see :mod:`~dfg_bridge.engine.moves`)."""
        return self.hands[seat]

    def hand_masks(self) -> tuple[int, ...]:
        """Every seat's hand as card bits."""
        return tuple(self.hands)

    @property
    def pending_kind(self) -> int:
        """The move kind of the pending decision (``K_GIVE`` …), or ``K_PASS`` (0) if none."""
        return self.pending[0][0] if self.pending else mv.K_PASS

    def in_play(self, seat: int) -> bool:
        """True while ``seat`` still holds cards in play (no place yet)."""
        return bool(self.active >> seat & 1)

    def place_of(self, seat: int) -> int | None:
        """``seat``'s 0-based place once it has one, else None."""
        if seat in self.top:
            return self.top.index(seat)
        if seat in self.bottom:
            return self.present.bit_count() - 1 - self.bottom.index(seat)
        return None

    def move_strength(self, m: mv.Move) -> int:
        """The strength key of play ``m`` in the order now (see :func:`moves.move_strength`)."""
        return self._key(m, self.rev != self.eb)

    def state_key(self) -> tuple[Any, ...]:
        """A hashable key of everything that decides the rest of the round (for transposition tables).

        Two rounds with equal keys (and equal rules) play on identically; the history is left out.
        """
        snap = self._snapshot()
        return snap[:1] + snap[2:]  # every field the undo snapshot holds but the history's length
