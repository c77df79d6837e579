"""The round's state: one slotted data holder, its copy and undo, and small shared helpers (internal).

The engine is one data holder and modules of functions over it, not a chain of classes:

* :class:`State` (here): every field of a round on ints and tuples, its copy, snapshot and restore,
  and the read-only fast accessors of that representation (``turn``, ``hand_mask()`` …);
* :mod:`~dfg_bridge.engine._movegen`: legal compact moves of a state;
* :mod:`~dfg_bridge.engine._flow`: what a play does (locks, 革命, clears, places);
* :mod:`~dfg_bridge.engine._core`: applying any move (``do``), decisions, exchange, bribery, setup, dropout;
* :mod:`~dfg_bridge.engine._views`: public values (observations, timeouts, places) built from a state;
* :mod:`~dfg_bridge.engine._validate`: public actions checked and turned into trusted moves, and back;
* :class:`~dfg_bridge.engine.round.Round` (the public face) is a :class:`State` one level down that
  calls those functions. No other class derives from :class:`State`
  (``tests/test_layering.py::test_the_engine_round_holds_no_class_chain``).

Why functions over one slotted class and not parts held by ``Round``: the playouts of the CPU players
read and write these fields millions of times. A slot read on ``self`` and a call of a module-level
function cost what the inherited methods cost before, while a held part would add an attribute hop to
every read. The functions take the state as their first argument ``s``.
"""

from __future__ import annotations

from typing import Any

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import config_of
from dfg_bridge.engine._moves import play_key
from dfg_bridge.engine.events import Event
from dfg_bridge.engine.rules import Rules

EXCHANGE = 0
PLAY = 1
OVER = 2

R_FIVE, R_SEVEN, R_EIGHT, R_NINE, R_TEN, R_JACK, R_QUEEN = 2, 4, 5, 6, 7, 8, 9
S3_BIT = 1  # ♠3 has index 0
S3_SINGLE: mv.Move = (mv.K_SINGLE, S3_BIT, 0, 1, 0, 0, 1)
ALL_JOKER_PAIR: mv.Move = (mv.K_GROUP, mv.JOKER_BITS, 2, 2, -1, -1, 0)


def mix(x: int) -> int:
    """splitmix64 finaliser: a stateless, seedable hash for なかまカード draws."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


class State:
    """Mutable round state on ints and tuples (the fields, copy and undo). Seats are 0..n-1.

    Nothing here decides a rule: the modules named in this module's docstring do, on a state.
    """

    rules: Rules
    """The rule options this round plays by (public)."""

    __slots__ = (
        "active",
        "bottom",
        "bribe_order",
        "cache",
        "cfg",
        "cur",
        "dealer",
        "dirn",
        "discard",
        "eb",
        "ev",
        "ex_pending",
        "fby",
        "fmove",
        "hands",
        "held",
        "history",
        "how",
        "lockm",
        "n",
        "nak_miss",
        "nlock",
        "passm",
        "pending",
        "ph",
        "present",
        "prev_daifugo",
        "prev_ranking",
        "rev",
        "risen",
        "rules",
        "seed",
        "seen",
        "setup_events",
        "slime",
        "stack",
        "start_leader",
        "step",
        "top",
        "trick",
        "wallets",
    )

    def __init__(self, rules: Rules, hands: list[int], present: int, seed: int) -> None:
        self.rules = rules
        self.cfg = config_of(rules)
        self.n = len(hands)
        self.hands = hands
        self.present = present
        self.active = present
        self.cur = -1
        self.ph = PLAY
        self.fmove: mv.Move | None = None
        self.fby = -1
        self.trick = 0
        self.discard = 0
        self.lockm = 0
        self.nlock = False
        self.rev = False
        self.eb = False
        self.dirn = 1
        self.passm = 0
        self.top: tuple[int, ...] = ()
        self.bottom: tuple[int, ...] = ()
        self.how: tuple[tuple[int, str], ...] = ()
        self.pending: tuple[tuple[int, int, int], ...] = ()
        self.slime = 0
        self.nak_miss = 0
        self.risen = -1
        self.step = 0
        self.seed = seed
        self.ex_pending: tuple[tuple[int, int, int], ...] = ()
        self.bribe_order: tuple[int, ...] = ()
        self.wallets: tuple[int, ...] = (0,) * self.n
        self.held: tuple[int, ...] = (0,) * self.n
        self.seen = 0
        self.history: list[tuple[int, mv.Move]] = []
        self.stack: list[tuple[Any, ...]] = []
        self.ev: list[Event] | None = None
        self.cache: list[tuple[int, list[mv.Move], dict[int, list[mv.Move]]] | None] = [None] * self.n
        self.prev_daifugo = -1
        self.prev_ranking: tuple[int, ...] = ()
        self.dealer = -1
        self.start_leader = -1
        self.setup_events: list[Event] = []

    def _copy_state(self, other: State) -> None:
        """Fill this (blank) state with a copy of ``other``, without its undo stack."""
        # field by field: compiled (mypyc) these are native reads and writes
        self.active = other.active
        self.cur = other.cur
        self.ph = other.ph
        self.fmove = other.fmove
        self.fby = other.fby
        self.trick = other.trick
        self.discard = other.discard
        self.lockm = other.lockm
        self.nlock = other.nlock
        self.rev = other.rev
        self.eb = other.eb
        self.dirn = other.dirn
        self.passm = other.passm
        self.top = other.top
        self.bottom = other.bottom
        self.how = other.how
        self.pending = other.pending
        self.slime = other.slime
        self.nak_miss = other.nak_miss
        self.risen = other.risen
        self.step = other.step
        self.ex_pending = other.ex_pending
        self.bribe_order = other.bribe_order
        self.wallets = other.wallets
        self.held = other.held
        self.seen = other.seen
        self.rules = other.rules
        self.cfg = other.cfg
        self.n = other.n
        self.present = other.present
        self.seed = other.seed
        self.prev_daifugo = other.prev_daifugo
        self.prev_ranking = other.prev_ranking
        self.dealer = other.dealer
        self.start_leader = other.start_leader
        self.hands = list(other.hands)
        self.history = list(other.history)
        self.cache = list(other.cache)
        self.stack = []
        self.ev = None
        self.setup_events = list(other.setup_events)

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(self.hands),
            len(self.history),
            self.active,
            self.cur,
            self.ph,
            self.fmove,
            self.fby,
            self.trick,
            self.discard,
            self.lockm,
            self.nlock,
            self.rev,
            self.eb,
            self.dirn,
            self.passm,
            self.top,
            self.bottom,
            self.how,
            self.pending,
            self.slime,
            self.nak_miss,
            self.risen,
            self.step,
            self.ex_pending,
            self.bribe_order,
            self.wallets,
            self.held,
            self.seen,
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            hands,
            hist_len,
            self.active,
            self.cur,
            self.ph,
            self.fmove,
            self.fby,
            self.trick,
            self.discard,
            self.lockm,
            self.nlock,
            self.rev,
            self.eb,
            self.dirn,
            self.passm,
            self.top,
            self.bottom,
            self.how,
            self.pending,
            self.slime,
            self.nak_miss,
            self.risen,
            self.step,
            self.ex_pending,
            self.bribe_order,
            self.wallets,
            self.held,
            self.seen,
        ) = snap
        self.hands = list(hands)
        del self.history[hist_len:]

    # ------------------------------------------------------------------ fast read-only accessors
    # The public face of the fast representation (docs/ENGINE_API.md): ints, masks and compact moves
    # for search code. In pure Python the plain ones are, at run time, the field's own slot under a
    # public name (see _ALIASES below): treat them as read-only.
    @property
    def turn(self) -> int:
        """The seat to act, or -1 (like ``Round.to_act``, without the ``None``)."""
        return self.cur

    @property
    def field_move(self) -> mv.Move | None:
        """The compact play to beat, or None on an empty field."""
        return self.fmove

    @property
    def field_seat(self) -> int:
        """Who played the field, or -1."""
        return self.fby

    @property
    def lock_mask(self) -> int:
        """縛り suits as a 4-bit set (0: no lock)."""
        return self.lockm

    @property
    def number_lock(self) -> bool:
        """数しば is in force."""
        return self.nlock

    @property
    def active_mask(self) -> int:
        """Seats still holding cards in play, as bits."""
        return self.active

    @property
    def present_mask(self) -> int:
        """Seats taking part in this round, as bits."""
        return self.present

    @property
    def passed_mask(self) -> int:
        """Seats that passed (see ``Round.passed``), as bits."""
        return self.passm

    @property
    def trick_mask(self) -> int:
        """Every card played in this trick, as bits."""
        return self.trick

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats placed from the top so far (went out, best first); fouls and dropouts are not here."""
        return self.top

    @property
    def inverted(self) -> bool:
        """Strength order is reversed now (革命 XOR 11バック)."""
        return self.rev != self.eb

    @property
    def over(self) -> bool:
        """True once every place is decided."""
        return self.ph == OVER

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

    def pending_count(self) -> int:
        """How many cards (or ranks) the pending decision allows."""
        return self.pending[0][1] if self.pending else 0

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
        return play_key(m, self.rev != self.eb)

    def state_key(self) -> tuple[Any, ...]:
        """A hashable key of everything that decides the rest of the round (for transposition tables).

        Two rounds with equal keys (and equal rules) play on identically; the history is left out.
        """
        snap = self._snapshot()
        return snap[:1] + snap[2:]  # every field the undo snapshot holds but the history's length


_ALIASES = {
    "turn": "cur",
    "field_move": "fmove",
    "field_seat": "fby",
    "lock_mask": "lockm",
    "number_lock": "nlock",
    "active_mask": "active",
    "present_mask": "present",
    "passed_mask": "passm",
    "trick_mask": "trick",
    "winners": "top",
}
"""The plain fast accessors. In pure Python each becomes its field's slot descriptor under a public
name, so reading one costs exactly a field read (a property would add a Python call to every read in
a playout); compiled (mypyc, :mod:`dfg_bridge.engine.native`) the properties are native reads already."""
if __file__.endswith(".py"):
    for _name, _field in _ALIASES.items():
        setattr(State, _name, getattr(State, _field))


def next_active(s: State, seat: int) -> int:
    """The next seat after ``seat`` in turn order that still holds cards in play, or -1."""
    act = s.active
    if not act:
        return -1
    n = s.n
    d = s.dirn
    t = seat
    for _ in range(n):
        t = (t + d) % n
        if act >> t & 1:
            return t
    return -1


def ranking(s: State) -> tuple[int, ...]:
    """Seats by place so far: finishers from the top, then the bottom places."""
    return s.top + tuple(reversed(s.bottom))
