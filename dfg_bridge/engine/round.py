"""One round (ラウンド / ゲーム): deal, exchange, tricks, until every place is decided.

The public face of the fast core: validation at the edge (:meth:`Round.apply`, :meth:`Round.check`),
a trusted path with undo (:meth:`Round.push` / :meth:`Round.pop`, :meth:`Round.push_move`), views,
and :meth:`Round.observation` for CPU players.

:class:`Round` is the engine's one data holder, :class:`~dfg_bridge.engine._state.State`, one level
down, and every rule lives in modules of functions over that state (``_movegen``, ``_flow``,
``_core``, ``_views``, ``_validate``; the why is in ``_state``'s docstring). Each method here checks
or converts at the edge and calls one of them; the fast accessors read a field directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine import _views as views
from dfg_bridge.engine._core import EXCHANGE, OVER, default_dealer, do, drop, setup
from dfg_bridge.engine._movegen import exchange_moves, legal_moves
from dfg_bridge.engine._state import State, ranking
from dfg_bridge.engine._validate import LegalActions, action_of, move_of_action, resolve_play, trusted_move
from dfg_bridge.engine._views import PENDING_NAMES, PHASES, Phase
from dfg_bridge.engine.actions import Action, Play
from dfg_bridge.engine.cards import CARDS, Card, Suit, cards_of_mask, deck, mask_of, parse_play
from dfg_bridge.engine.errors import EngineError
from dfg_bridge.engine.events import DroppedOut, Event
from dfg_bridge.engine.melds import Meld, meld_of_move
from dfg_bridge.engine.observation import Finish, Observation
from dfg_bridge.engine.rules import Rules

_PURE = __file__.endswith(".py")
"""This module runs as Python source, not compiled by mypyc (:mod:`dfg_bridge.engine.native`)."""


class Round(State):
    """The state of one round. Build it with :meth:`deal` or :meth:`from_hands`.

    >>> from dfg_bridge.engine import Meld, Pass, Play, Rules
    >>> r = Round.from_hands(Rules(), [list(Meld.cards_of("D3 S5")), list(Meld.cards_of("S4 S6")),
    ...                                 list(Meld.cards_of("H4 H7"))])
    >>> r.to_act, [str(a.meld) for a in r.legal_actions() if isinstance(a, Play)]
    (0, ['♦3', '♠5'])
    >>> [e.type for e in r.apply(Play(0, Meld.parse("D3")))]
    ['played']
    >>> r.to_act, Pass(1) in r.legal_actions(), r.passed
    (1, True, frozenset())
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        *,
        present: Sequence[bool] | None = None,
        seed: int = 0,
    ) -> None:
        masks = [mask_of(list(h)) for h in hands]
        pres = 0
        for i in range(len(hands)):
            if present is None or present[i]:
                pres |= 1 << i
            else:
                masks[i] = 0
        super().__init__(rules, masks, pres, seed)

    # ------------------------------------------------------------------ construction
    @classmethod
    def deal(
        cls,
        rules: Rules,
        n_seats: int,
        rng_seed: int,
        *,
        first_leader: int | None = None,
        dealer: int | None = None,
        present: Sequence[bool] | None = None,
        prev_ranking: Sequence[int] | None = None,
        slime: int = 0,
        wallets: Sequence[int] | None = None,
    ) -> Round:
        """Shuffle with ``rng_seed`` and deal round-robin as evenly as possible.

        Dealing starts at the dealer when :attr:`Rules.dealer_deals` (003: the dealer gets the extra
        card), otherwise at seat 0 (or the dealer's left if a dealer is given). Without a ``dealer``,
        rules that use one take the previous 大貧民 (003 「2回目以降は、大貧民が配る」).
        """
        if not 2 <= n_seats <= 8:
            raise ValueError("2 to 8 seats")
        seats = [s for s in range(n_seats) if present is None or present[s]]
        cards = list(deck(rules.jokers))
        rng = random.Random(rng_seed)
        rng.shuffle(cards)
        if dealer is None and prev_ranking:
            dealer = default_dealer(rules, [s for s in prev_ranking if s in seats])
        start = 0
        if dealer is not None:
            start = dealer if rules.dealer_deals else (dealer + 1) % n_seats
        order = sorted(seats, key=lambda s: (s - start) % n_seats)
        hands: list[list[Card]] = [[] for _ in range(n_seats)]
        for i, card in enumerate(cards):
            hands[order[i % len(order)]].append(card)
        rnd = cls(rules, hands, present=present, seed=rng_seed)
        setup(
            rnd, leader=first_leader, dealer=dealer, prev_ranking=prev_ranking, slime=slime, wallets=wallets
        )
        return rnd

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        leader: int | None = None,
        *,
        dealer: int | None = None,
        present: Sequence[bool] | None = None,
        prev_ranking: Sequence[int] | None = None,
        slime: int = 0,
        wallets: Sequence[int] | None = None,
        seed: int = 0,
    ) -> Round:
        """A round with exactly these hands (cards not listed are out of play)."""
        seen: set[Card] = set()
        for h in hands:
            for c in h:
                if c in seen:
                    raise ValueError(f"{c.ascii()} is dealt twice")
                seen.add(c)
        rnd = cls(rules, hands, present=present, seed=seed)
        setup(rnd, leader=leader, dealer=dealer, prev_ranking=prev_ranking, slime=slime, wallets=wallets)
        return rnd

    @classmethod
    def from_observation(
        cls,
        obs: Observation,
        rules: Rules,
        hands: Sequence[Sequence[Card]] | None = None,
        *,
        seed: int = 0,
    ) -> Round:
        """A playable round in the observed state, with the hidden hands filled in by the caller.

        ``hands[obs.seat]`` should be the observer's hand and every other hand should have the observed
        count (a CPU's sampled deal). Cards neither in a hand nor on the table lie in the discard pile.
        Undo history is empty; なかまカード draws use ``seed``. The pending decision is restored for the
        observer only (others' decisions are not visible).

        Without ``hands`` only the observer's hand is filled in: a template for :meth:`with_hands`,
        which deals sampled hidden hands into a cheap copy.
        """
        if hands is None:
            hands = [obs.hand if s == obs.seat else () for s in range(len(obs.hand_counts))]
        rnd = cls(rules, [[] for _ in hands], seed=seed)
        views.load_observation(rnd, obs, hands)
        return rnd

    # ------------------------------------------------------------------ copy and undo
    def copy(self) -> Round:
        """An independent copy (cheap: ints and tuples), without the undo stack."""
        # a blank instance without __init__'s work; a compiled (mypyc) class cannot skip __init__
        new = Round.__new__(Round) if _PURE else Round(self.rules, [[] for _ in range(self.n)])
        new._copy_state(self)
        return new

    def with_hands(self, hands: Sequence[int], seed: int | None = None) -> Round:
        """A copy holding these hands (card bits per seat); cards in no hand and not on the table lie
        face down in the discard pile. ``seed`` replaces the なかまカード seed. Cheap: for sampled deals.
        """
        new = self.copy()
        new.hands = list(hands)
        held = self.trick
        for h in hands:
            held |= h
        for h in self.held:
            held |= h
        new.discard = mv.REAL_BITS | ((1 << self.rules.jokers) - 1) << mv.JOKER_SHIFT
        new.discard &= ~held
        if seed is not None:
            new.seed = seed
        return new

    def push(self, action: Action) -> None:
        """Apply a trusted action with undo (no validation beyond the conversion)."""
        m = trusted_move(self, action)
        self.stack.append(self._snapshot())
        do(self, m)

    def push_move(self, move: mv.Move) -> None:
        """Apply a compact move from :meth:`moves` with undo (the fastest path)."""
        self.stack.append(self._snapshot())
        do(self, move)

    def make_move(self, move: mv.Move) -> None:
        """Apply a compact move without undo (for playouts on a copy)."""
        do(self, move)

    def pop(self) -> None:
        """Undo the last :meth:`push` / :meth:`push_move`."""
        self._restore(self.stack.pop())

    # ------------------------------------------------------------------ legal actions
    def moves(self, seat: int | None = None) -> list[mv.Move]:
        """Compact legal moves of ``seat`` (default: the seat to act); see :meth:`action_of`."""
        if self.ph == EXCHANGE:
            return exchange_moves(self, seat)
        if seat is not None and seat != self.cur:
            return []
        return legal_moves(self)

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """Every legal action of ``seat`` (default: the seat to act), each play with its joker readings."""
        if seat is None:
            seat = self.cur
            if self.ph == EXCHANGE and seat < 0 and self.ex_pending:
                seat = self.ex_pending[0][0]
        return LegalActions(self, seat, self.moves(seat) if seat >= 0 else [])

    def action_of(self, seat: int, m: mv.Move) -> Action:
        """The public action of a compact move."""
        return action_of(seat, m)

    def check(self, action: Action) -> None:
        """Raise :class:`EngineError` if ``action`` is illegal now."""
        move_of_action(self, action)

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is legal now."""
        try:
            move_of_action(self, action)
        except EngineError:
            return False
        return True

    def why_illegal(self, action: Action) -> EngineError | None:
        """The error ``action`` would raise, or None (for the hand screen's button colour)."""
        try:
            move_of_action(self, action)
        except EngineError as exc:
            return exc
        return None

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply ``action``; return the events. Raises :class:`EngineError`."""
        m = move_of_action(self, action)
        events: list[Event] = []
        self.ev = events
        try:
            do(self, m)
        finally:
            self.ev = None
        return events

    def play_text(self, seat: int, text: str | Sequence[str]) -> Play:
        """The strongest legal :class:`Play` of cards written like ``"S5 JK=S6 S7"``; raises EngineError."""
        parsed = parse_play(text if isinstance(text, str) else list(text))
        return self.play_cards(seat, parsed.cards, parsed.pins)

    def play_cards(self, seat: int, cards: Sequence[Card], pins: Sequence[Card | None] | None = None) -> Play:
        """The strongest legal :class:`Play` of ``cards`` (jokers optionally pinned); raises EngineError."""
        m = resolve_play(self, seat, cards, pins if pins is not None else [None] * len(cards))
        return Play(seat, meld_of_move(m))

    # ------------------------------------------------------------------ views (public values)
    @property
    def n_seats(self) -> int:
        """Number of seats (including seats sitting this round out)."""
        return self.n

    @property
    def phase(self) -> Phase:
        """The :class:`Phase`."""
        return PHASES[self.ph]

    @property
    def to_act(self) -> int | None:
        """The seat to act (PLAY and sequential decisions), else None."""
        return self.cur if self.cur >= 0 else None

    def awaiting(self) -> frozenset[int]:
        """Seats whose decision is needed now (several during the exchange)."""
        return views.awaiting(self)

    @property
    def pending_decision(self) -> str | None:
        """The decision the seat to act owes: seven_pass, ten_discard, queen_bomber, nakama; or None."""
        return PENDING_NAMES[self.pending[0][0]] if self.pending else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The seat's hand, weakest first."""
        return cards_of_mask(self.hands[seat])

    def hand_counts(self) -> tuple[int, ...]:
        """Cards left per seat."""
        return tuple(h.bit_count() for h in self.hands)

    @property
    def field(self) -> Meld | None:
        """The meld to beat, or None on an empty field."""
        return None if self.fmove is None else meld_of_move(self.fmove)

    @property
    def field_by(self) -> int | None:
        """Who played the field."""
        return self.fby if self.fby >= 0 else None

    @property
    def field_cards(self) -> tuple[Card, ...]:
        """Every card played in this trick (still on the table)."""
        return cards_of_mask(self.trick)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile (捨て札)."""
        return cards_of_mask(self.discard)

    @property
    def revolution(self) -> bool:
        """革命 is in force."""
        return self.rev

    @property
    def eleven_back(self) -> bool:
        """11バック is in force."""
        return self.eb

    @property
    def lock(self) -> frozenset[Suit] | None:
        """縛り suits, or None."""
        return views.lock_suits(self)

    @property
    def extreme_lock(self) -> bool:
        """激しば: both 縛り and 数しば are in force."""
        return self.nlock and bool(self.lockm)

    @property
    def direction(self) -> int:
        """1 clockwise, -1 after 9リバース."""
        return self.dirn

    @property
    def passed(self) -> frozenset[int]:
        """Seats that passed (this trick with pass lock; since the last play without)."""
        return views.seats_of(self.passm, self.n)

    @property
    def slime_count(self) -> int:
        """スライム革命 counter."""
        return self.slime

    @property
    def risen_card(self) -> Card | None:
        """なかまカード: the card that rose for the seat to act."""
        return CARDS[self.risen] if self.risen >= 0 else None

    @property
    def wallet(self) -> tuple[int, ...]:
        """Net 100億 cards per seat (negative: −100億 cards)."""
        return self.wallets

    @property
    def finished(self) -> list[Finish]:
        """Seats that have a place, in the order they got it."""
        return views.finished(self)

    def ranking(self) -> list[int]:
        """Seats from 1st to last (complete once the round is over)."""
        return list(ranking(self))

    def ranking_tuple(self) -> tuple[int, ...]:
        """Seats by place so far: finishers from the top, then the bottom places."""
        return ranking(self)

    def seats_in_play(self) -> frozenset[int]:
        """Seats still holding cards in play."""
        return views.seats_of(self.active, self.n)

    def unseen_mask(self, seat: int) -> int:
        """The cards ``seat`` cannot locate, as bits: :attr:`Observation.unseen` without the snapshot
        (a fast accessor for search code, like :meth:`hand_mask`)."""
        return views.unseen_mask(self, seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (own hand, counts, field, public history)."""
        return views.observe(self, seat)

    def would_foul(self, meld: Meld) -> bool:
        """True if playing ``meld`` as the last cards now would be 反則上がり."""
        return views.would_foul(self, meld)

    def timeout_action(self, seat: int) -> Action:
        """What a timer does: pass on a field; else the weakest single; in decisions, decline/weakest."""
        return views.timeout_action(self, seat)

    # ------------------------------------------------------------------ dropout
    def drop_out(self, seat: int) -> list[Event]:
        """脱落: ``seat`` takes the lowest open place, its hand is discarded; play goes on."""
        if self.ph == OVER or not self.present >> seat & 1:
            return []
        events: list[Event] = [DroppedOut(seat)]
        if not self.active >> seat & 1:
            return events
        self.ev = events
        try:
            drop(self, seat)
        finally:
            self.ev = None
        return events


__all__ = ["Finish", "LegalActions", "Phase", "Round"]
