"""One round (ラウンド / ゲーム): deal, exchange, tricks, until every place is decided.

The public face of the fast core: validation at the edge (:meth:`Round.apply`, :meth:`Round.check`),
a trusted path with undo (:meth:`Round.push` / :meth:`Round.pop`, :meth:`Round.push_move`), views,
and :meth:`Round.observation` for CPU players.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._access import FastViews
from dfg_bridge.engine._config import config_of
from dfg_bridge.engine._core import EXCHANGE, OVER, PLAY, default_dealer
from dfg_bridge.engine._validate import bribe_targets, move_of_action, resolve_play
from dfg_bridge.engine._views import _PENDING_CODES, Phase
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import CARDS, Card, Rank, cards_of_mask, deck, mask_of, parse_play
from dfg_bridge.engine.errors import EngineError, ErrorCode
from dfg_bridge.engine.events import DroppedOut, Event
from dfg_bridge.engine.melds import meld_of_move, move_of_meld
from dfg_bridge.engine.observation import Finish, Observation
from dfg_bridge.engine.rules import Rules


class LegalActions:
    """A lazy view of the legal actions of one seat: supports ``in``, iteration, ``len`` and truth."""

    __slots__ = ("_moves", "_round", "_seat")

    def __init__(self, rnd: Round, seat: int, moves: list[mv.Move]) -> None:
        self._round = rnd
        self._seat = seat
        self._moves = moves

    @property
    def moves(self) -> list[mv.Move]:
        """The compact moves (for :meth:`Round.push_move`)."""
        return self._moves

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, (Play, Pass, Give, Discard, Bomb, Bribe, Recruit)):
            return False
        if action.seat != self._seat:
            return False
        return self._round.is_legal(action)

    def __iter__(self) -> Iterator[Action]:
        for m in self._moves:
            yield self._round.action_of(self._seat, m)

    def __len__(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def count(self) -> int:
        """Number of legal actions."""
        return len(self._moves)


class Round(FastViews):
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
        self.rules = rules
        masks = [mask_of(list(h)) for h in hands]
        pres = 0
        for i in range(len(hands)):
            if present is None or present[i]:
                pres |= 1 << i
            else:
                masks[i] = 0
        self._init_core(config_of(rules), masks, pres, seed)

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
        rnd._setup(first_leader, dealer, prev_ranking, slime, wallets)
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
        rnd._setup(leader, dealer, prev_ranking, slime, wallets)
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
        n = len(obs.hand_counts)
        if hands is None:
            hands = [obs.hand if s == obs.seat else () for s in range(n)]
        rnd = cls(rules, [[] for _ in hands], seed=seed)
        n = len(hands)
        masks = [mask_of(list(h)) for h in hands]
        rnd.hands = masks
        present = 0
        for s in obs.present or range(n):
            present |= 1 << s
        rnd.present = present
        finished = {f.seat for f in obs.finished}
        rnd.active = sum(1 << s for s in range(n) if present >> s & 1 and s not in finished)
        rnd.cur = -1 if obs.to_act is None else obs.to_act
        rnd.ph = {"exchange": EXCHANGE, "play": PLAY, "over": OVER}[obs.phase]
        rnd.fmove = None if obs.field is None else move_of_meld(obs.field)
        rnd.fby = -1 if obs.field_by is None else obs.field_by
        rnd.trick = mask_of(list(obs.field_cards))
        held = 0
        for m in masks:
            held |= m
        every = mask_of(list(deck(rules.jokers)))
        rnd.discard = every & ~held & ~rnd.trick
        rnd.seen = mask_of(list(obs.seen))
        rnd.lockm = 0 if obs.lock is None else sum(1 << int(s) for s in obs.lock)
        rnd.nlock = obs.number_lock
        rnd.rev = obs.revolution
        rnd.eb = obs.eleven_back
        rnd.dirn = obs.direction
        rnd.passm = sum(1 << s for s in obs.passed)
        by_place = sorted(obs.finished, key=lambda f: f.place)
        rnd.top = tuple(f.seat for f in by_place if f.reason in ("out", "last"))
        rnd.bottom = tuple(f.seat for f in reversed(by_place) if f.reason not in ("out", "last"))
        rnd.how = tuple((f.seat, f.reason) for f in obs.finished)
        if obs.pending is not None and obs.to_act == obs.seat:
            code = _PENDING_CODES[obs.pending]
            rnd.pending = ((code, obs.pending_count or 1, 0),)
            if obs.risen is not None:
                rnd.risen = obs.risen.index
        rnd.slime = obs.slime
        rnd.step = obs.step
        rnd.wallets = tuple(obs.wallets)
        rnd.prev_daifugo = -1 if obs.prev_daifugo is None else obs.prev_daifugo
        return rnd

    # ------------------------------------------------------------------ copy and undo
    def copy(self) -> Round:
        """An independent copy (cheap: ints and tuples), without the undo stack."""
        new = Round.__new__(Round)
        new.rules = self.rules
        new._copy_core(self)
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
        m = self._trusted_move(action)
        self.stack.append(self._snapshot())
        self._do(m)

    def push_move(self, move: mv.Move) -> None:
        """Apply a compact move from :meth:`moves` with undo (the fastest path)."""
        self.stack.append(self._snapshot())
        self._do(move)

    def make_move(self, move: mv.Move) -> None:
        """Apply a compact move without undo (for playouts on a copy)."""
        self._do(move)

    def pop(self) -> None:
        """Undo the last :meth:`push` / :meth:`push_move`."""
        self._restore(self.stack.pop())

    def _trusted_move(self, action: Action) -> mv.Move:
        if isinstance(action, Play):
            m = move_of_meld(action.meld)
            if m is None:
                raise EngineError(ErrorCode.INVALID_MELD, "not a valid meld")
            return m
        return move_of_action(self, action)

    # ------------------------------------------------------------------ legal actions
    def moves(self, seat: int | None = None) -> list[mv.Move]:
        """Compact legal moves of ``seat`` (default: the seat to act); see :meth:`action_of`."""
        if self.ph == EXCHANGE:
            return self._exchange_moves(seat)
        if seat is not None and seat != self.cur:
            return []
        return self._moves()

    def _exchange_moves(self, seat: int | None) -> list[mv.Move]:
        from itertools import combinations

        if self.bribe_order:
            s = self.bribe_order[0]
            if seat is not None and seat != s:
                return []
            out: list[mv.Move] = [(mv.K_BRIBE, 0, -1)]
            cards = mv.bits(self.hands[s])
            for target in bribe_targets(self, s):
                for k in range(1, min(2, self.wallets[s]) + 1):
                    for combo in combinations(cards, k):
                        out.append((mv.K_BRIBE, sum(1 << c for c in combo), target))
            return out
        out = []
        for giver, _low, k in self.ex_pending:
            if seat is not None and seat != giver:
                continue
            for combo in combinations(mv.bits(self.hands[giver]), k):
                out.append((mv.K_EXGIVE, sum(1 << c for c in combo), giver))
        return out

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """Every legal action of ``seat`` (default: the seat to act), each play with its joker readings."""
        if seat is None:
            seat = self.cur
            if self.ph == EXCHANGE and seat < 0 and self.ex_pending:
                seat = self.ex_pending[0][0]
        return LegalActions(self, seat, self.moves(seat) if seat >= 0 else [])

    def action_of(self, seat: int, m: mv.Move) -> Action:
        """The public action of a compact move."""
        kind = m[0]
        if kind == mv.K_PASS:
            return Pass(seat)
        if kind <= mv.K_STAIRS:
            return Play(seat, meld_of_move(m))
        if kind in (mv.K_GIVE, mv.K_EXGIVE):
            return Give(seat, cards_of_mask(m[1]))
        if kind == mv.K_DISCARD:
            return Discard(seat, cards_of_mask(m[1]))
        if kind == mv.K_BOMB:
            r = m[1]
            if r < 0:
                return Bomb(seat)
            if r == mv.JOKER_RANK:
                return Bomb(seat, None, True)
            return Bomb(seat, Rank(r + 3))
        if kind == mv.K_RECRUIT:
            return Recruit(seat, CARDS[m[1]] if m[1] >= 0 else None)
        return Bribe(seat, cards_of_mask(m[1]), m[2] if m[2] >= 0 else None)

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
        return self._run(m)

    def _run(self, m: mv.Move) -> list[Event]:
        events: list[Event] = []
        self.ev = events
        try:
            self._do(m)
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
            self._drop(seat)
        finally:
            self.ev = None
        return events


__all__ = ["Finish", "LegalActions", "Phase", "Round"]
