"""Round state fields, copy and undo, and small shared helpers (internal).

The fast state machine is split by meaning along one class chain:
:class:`State` (fields, undo) → :class:`~dfg_bridge.engine._movegen.MoveGen` (legal moves) →
:class:`~dfg_bridge.engine._flow.Flow` (plays, tricks, finishing) → :class:`~dfg_bridge.engine._core.Core`
(decisions, exchange, bribery, dropout) → :class:`~dfg_bridge.engine.round.Round` (the public face).
"""

from __future__ import annotations

from typing import Any

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import Config
from dfg_bridge.engine.events import Event

EXCHANGE = 0
PLAY = 1
OVER = 2

R_FIVE, R_SEVEN, R_EIGHT, R_NINE, R_TEN, R_JACK, R_QUEEN = 2, 4, 5, 6, 7, 8, 9
S3_BIT = 1  # ♠3 has index 0
S3_SINGLE: mv.Move = (mv.K_SINGLE, S3_BIT, 0, 1, 0, 0, 1)
ALL_JOKER_PAIR: mv.Move = (mv.K_GROUP, mv.JOKER_BITS, 2, 2, -1, -1, 0)

_SNAP_FIELDS = (
    "active",
    "cur",
    "ph",
    "fmove",
    "fby",
    "trick",
    "discard",
    "lockm",
    "nlock",
    "rev",
    "eb",
    "dirn",
    "passm",
    "top",
    "bottom",
    "how",
    "pending",
    "slime",
    "nak_miss",
    "risen",
    "step",
    "ex_pending",
    "bribe_order",
    "wallets",
    "held",
    "seen",
)


def mix(x: int) -> int:
    """splitmix64 finaliser: a stateless, seedable hash for なかまカード draws."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


class State:
    """Mutable round state on ints and tuples (the fields, copy and undo). Seats are 0..n-1."""

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

    def _init_core(self, cfg: Config, hands: list[int], present: int, seed: int) -> None:
        self.cfg = cfg
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

    def _copy_core(self, other: State) -> None:
        for name in _SNAP_FIELDS:
            setattr(self, name, getattr(other, name))
        for name in ("cfg", "n", "present", "seed", "prev_daifugo", "prev_ranking", "dealer", "start_leader"):
            setattr(self, name, getattr(other, name))
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

    def _inv(self) -> bool:
        return self.rev != self.eb

    def _field_ref(self, f: mv.Move, inv: bool) -> int:
        """The strength a play must exceed (or, under 数しば, follow by one)."""
        if f[0] == mv.K_STAIRS:
            if self.cfg.stairs_above:
                return 12 - f[4] if inv else f[5]
            return 12 - f[5] if inv else f[4]
        r = f[4]
        if r == mv.JOKER_RANK:
            return 100
        return 12 - r if inv else r

    @staticmethod
    def _key(m: mv.Move, inv: bool) -> int:
        if m[0] == mv.K_STAIRS:
            return 12 - m[5] if inv else m[4]
        r = m[4]
        if r == mv.JOKER_RANK:
            return 100
        return 12 - r if inv else r

    def _next_active(self, seat: int) -> int:
        act = self.active
        if not act:
            return -1
        n = self.n
        d = self.dirn
        s = seat
        for _ in range(n):
            s = (s + d) % n
            if act >> s & 1:
                return s
        return -1

    def ranking_tuple(self) -> tuple[int, ...]:
        """Seats by place so far: finishers from the top, then the bottom places."""
        return self.top + tuple(reversed(self.bottom))

    def _count(self, m: mv.Move, r: int) -> int:
        return mv.count_rank(m, r, self.cfg.joker_triggers)
