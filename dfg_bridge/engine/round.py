"""One round (ラウンド / ゲーム): deal, exchange, tricks, until every place is decided.

The public face of the fast core: validation at the edge (:meth:`Round.apply`, :meth:`Round.check`),
a trusted path with undo (:meth:`Round.push` / :meth:`Round.pop`, :meth:`Round.push_move`), views,
and :meth:`Round.observation` for CPU players.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import config_of
from dfg_bridge.engine._core import EXCHANGE, OVER, PLAY, Core
from dfg_bridge.engine._validate import bribe_targets, move_of_action, resolve_play
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import CARDS, Card, Rank, Suit, cards_of_mask, deck, mask_of, parse_play
from dfg_bridge.engine.errors import EngineError, ErrorCode
from dfg_bridge.engine.events import DroppedOut, Event, Gave
from dfg_bridge.engine.melds import Meld, meld_of_move, move_of_meld
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.rules import LeaderRule, Rules


class Phase(enum.Enum):
    """Where a round is."""

    EXCHANGE = "exchange"
    """カード交換 or 買収 before the first lead."""
    PLAY = "play"
    """Tricks are being played."""
    OVER = "over"
    """Every place is decided."""


_PHASES = {EXCHANGE: Phase.EXCHANGE, PLAY: Phase.PLAY, OVER: Phase.OVER}
_PENDING_CODES = {
    "seven_pass": mv.K_GIVE,
    "ten_discard": mv.K_DISCARD,
    "queen_bomber": mv.K_BOMB,
    "nakama": mv.K_RECRUIT,
}
D3_BIT = 1 << 2  # ♦3


@dataclass(frozen=True, slots=True)
class Finish:
    """A seat's place (順位) in the round; ``reason``: out, foul, miyako_ochi, dropout or last."""

    seat: int
    place: int
    foul: bool
    reason: str = "out"


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


class Round(Core):
    """The state of one round. Build it with :meth:`deal` or :meth:`from_hands`.

    >>> r = Round.from_hands(Rules(), [list(Meld.cards_of("D3 S5")), list(Meld.cards_of("S4 S6")),
    ...                                 list(Meld.cards_of("H4 H7"))])
    >>> r.to_act, [str(a.meld) for a in r.legal_actions() if isinstance(a, Play)]
    (0, ['♦3', '♠5'])
    >>> [e.type for e in r.apply(Play(0, Meld.parse("D3")))]
    ['played']
    >>> r.to_act, Pass(1) in r.legal_actions(), r.passed
    (1, True, frozenset())
    """

    __slots__ = ("rules",)

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
        card), otherwise at seat 0 (or the dealer's left if a dealer is given).
        """
        if not 2 <= n_seats <= 8:
            raise ValueError("2 to 8 seats")
        seats = [s for s in range(n_seats) if present is None or present[s]]
        cards = list(deck(rules.jokers))
        rng = random.Random(rng_seed)
        rng.shuffle(cards)
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
        hands: Sequence[Sequence[Card]],
        *,
        seed: int = 0,
    ) -> Round:
        """A playable round in the observed state, with the hidden hands filled in by the caller.

        ``hands[obs.seat]`` should be the observer's hand and every other hand should have the observed
        count (a CPU's sampled deal). Cards neither in a hand nor on the table lie in the discard pile.
        Undo history is empty; なかまカード draws use ``seed``. The pending decision is restored for the
        observer only (others' decisions are not visible).
        """
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

    def _setup(
        self,
        leader: int | None,
        dealer: int | None,
        prev_ranking: Sequence[int] | None,
        slime: int,
        wallets: Sequence[int] | None,
    ) -> None:
        rules = self.rules
        for s in range(self.n):
            if not self.hands[s]:  # dealt nothing: sits this round out
                self.present &= ~(1 << s)
                self.active &= ~(1 << s)
        if not self.present:
            raise ValueError("nobody holds a card")
        self.slime = slime
        self.dealer = -1 if dealer is None else dealer
        prev = tuple(s for s in (prev_ranking or ()) if self.present >> s & 1)
        self.prev_ranking = prev
        self.prev_daifugo = prev[0] if prev else -1
        if wallets is not None:
            self.wallets = tuple(wallets)
        if leader is None:
            rule = rules.later_leader if prev else rules.first_leader
            if rule is LeaderRule.LOWEST and prev:
                leader = prev[-1]
            elif rule is LeaderRule.DEALER and dealer is not None:
                leader = dealer
            else:
                holder = [s for s in range(self.n) if self.hands[s] & D3_BIT]
                if holder:
                    leader = holder[0]
                else:  # ♦3 out of play: the holder of the weakest card
                    weakest = [(h & -h).bit_length() if h else 99 for h in self.hands]
                    leader = weakest.index(min(weakest))
        if not self.present >> leader & 1:
            leader = self._next_active(leader)
        self.start_leader = leader
        self.ev = self.setup_events
        try:
            if prev and rules.bribery:
                lower_first = [s for s in reversed(prev[:-1]) if self.wallets[s] >= 1]
                if lower_first:
                    self.ph = EXCHANGE
                    self.bribe_order = tuple(lower_first)
                    self.cur = lower_first[0]
                    return
            elif prev and rules.exchange and len(prev) >= 3:
                self._setup_exchange(prev)
                if self.ex_pending:
                    self.ph = EXCHANGE
                    self.cur = -1
                    return
            self._set_turn(leader)
        finally:
            self.ev = None

    def _setup_exchange(self, prev: tuple[int, ...]) -> None:
        pairs = [(prev[0], prev[-1], 2)]
        if len(prev) >= 4:
            pairs.append((prev[1], prev[-2], 1))
        pending = []
        for high, low, k in pairs:
            h = self.hands[low]
            strong = 0
            for _ in range(min(k, h.bit_count())):
                top = 1 << (h.bit_length() - 1)
                strong |= top
                h &= ~top
            self.hands[low] = h
            self.hands[high] |= strong
            self.setup_events.append(Gave(low, high, cards_of_mask(strong), "exchange_auto"))
            pending.append((high, low, k))
        self.ex_pending = tuple(pending)

    # ------------------------------------------------------------------ copy and undo
    def copy(self) -> Round:
        """An independent copy (cheap: ints and tuples), without the undo stack."""
        new = Round.__new__(Round)
        new.rules = self.rules
        new._copy_core(self)
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

    def would_foul(self, meld: Meld) -> bool:
        """True if playing ``meld`` as the last cards now would be 反則上がり."""
        m = move_of_meld(meld)
        if m is None:
            return False
        f = self.fmove
        spade3 = (
            f is not None and f[0] == mv.K_SINGLE and f[4] == mv.JOKER_RANK and m[1] == 1 and self.cfg.spade3
        )
        return self._is_foul(m, self.rev != self.eb, spade3)

    def timeout_action(self, seat: int) -> Action:
        """What a timer does: pass on a field; else the weakest single; in decisions, decline/weakest."""
        if self.ph == EXCHANGE:
            for giver, _low, k in self.ex_pending:
                if giver == seat:
                    return Give(seat, cards_of_mask(_lowest_bits(self.hands[seat], k)))
            return Bribe(seat)
        if self.pending:
            code = self.pending[0][0]
            if code == mv.K_GIVE:
                return Give(seat)
            if code == mv.K_DISCARD:
                return Discard(seat)
            if code == mv.K_BOMB:
                return Bomb(seat)
            return Recruit(seat)
        if self.fmove is not None:
            return Pass(seat)
        inv = self.rev != self.eb
        singles = [m for m in self._lead_moves(seat) if m[0] == mv.K_SINGLE]
        weakest = min(singles, key=lambda m: (self._key(m, inv), m[1]))
        return Play(seat, meld_of_move(weakest))

    # ------------------------------------------------------------------ views
    @property
    def n_seats(self) -> int:
        """Number of seats (including seats sitting this round out)."""
        return self.n

    @property
    def phase(self) -> Phase:
        """The :class:`Phase`."""
        return _PHASES[self.ph]

    @property
    def to_act(self) -> int | None:
        """The seat to act (PLAY and sequential decisions), else None."""
        return self.cur if self.cur >= 0 else None

    def awaiting(self) -> frozenset[int]:
        """Seats whose decision is needed now (several during the exchange)."""
        if self.ph == EXCHANGE:
            if self.bribe_order:
                return frozenset({self.bribe_order[0]})
            return frozenset(e[0] for e in self.ex_pending)
        if self.ph == PLAY and self.cur >= 0:
            return frozenset({self.cur})
        return frozenset()

    @property
    def pending_decision(self) -> str | None:
        """The decision the seat to act owes: seven_pass, ten_discard, queen_bomber, nakama; or None."""
        if not self.pending:
            return None
        return {mv.K_GIVE: "seven_pass", mv.K_DISCARD: "ten_discard", mv.K_BOMB: "queen_bomber",
                mv.K_RECRUIT: "nakama"}[self.pending[0][0]]

    def pending_count(self) -> int:
        """How many cards (or ranks) the pending decision allows."""
        return self.pending[0][1] if self.pending else 0

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
    def inverted(self) -> bool:
        """Strength order is reversed now (革命 XOR 11バック)."""
        return self.rev != self.eb

    @property
    def lock(self) -> frozenset[Suit] | None:
        """縛り suits, or None."""
        if not self.lockm:
            return None
        return frozenset(Suit(s) for s in range(4) if self.lockm >> s & 1)

    @property
    def number_lock(self) -> bool:
        """数しば is in force."""
        return self.nlock

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
        return frozenset(s for s in range(self.n) if self.passm >> s & 1)

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
        places = {s: i + 1 for i, s in enumerate(self.ranking_tuple())}
        n_present = self.present.bit_count()
        for i, s in enumerate(self.bottom):
            places[s] = n_present - i
        return [Finish(s, places[s], how == "foul", how) for s, how in self.how]

    def ranking(self) -> list[int]:
        """Seats from 1st to last (complete once the round is over)."""
        return list(self.ranking_tuple())

    @property
    def over(self) -> bool:
        """True once every place is decided."""
        return self.ph == OVER

    def seats_in_play(self) -> frozenset[int]:
        """Seats still holding cards in play."""
        return frozenset(s for s in range(self.n) if self.active >> s & 1)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (own hand, counts, field, public history)."""
        from dfg_bridge.engine.observation import observe

        return observe(self, seat)

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

    def _drop(self, seat: int) -> None:
        from dfg_bridge.engine.events import Discarded

        lost = self.hands[seat] | self.held[seat]
        self.hands[seat] = 0
        held = list(self.held)
        held[seat] = 0
        self.held = tuple(held)
        self.discard |= lost
        if self.ev is not None and lost:
            self.ev.append(Discarded(seat, cards_of_mask(lost), "dropout"))
        was_turn = self.cur == seat
        self.ex_pending = tuple(e for e in self.ex_pending if seat not in (e[0], e[1]))
        self.bribe_order = tuple(s for s in self.bribe_order if s != seat)
        self._finish(seat, "dropout")
        if self.ph == OVER:
            return
        if self.ph == EXCHANGE:
            if not self.ex_pending and not self.bribe_order:
                self._start_play()
            elif self.bribe_order:
                self.cur = self.bribe_order[0]
            return
        if was_turn:
            self.pending = ()
            self.risen = -1
            if self.fmove is None:
                self._set_turn(self._next_active(seat))
            elif self.fby == seat:
                self._after_play(seat)
            else:
                self._advance(seat)


def _lowest_bits(h: int, k: int) -> int:
    out = 0
    for _ in range(min(k, h.bit_count())):
        low = h & -h
        out |= low
        h ^= low
    return out
