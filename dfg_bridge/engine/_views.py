"""Read-only views of a round, its phases and places (internal base of :class:`Round`)."""

from __future__ import annotations

import enum

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._core import EXCHANGE, OVER, PLAY, TRANSFER, Core
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import CARDS, Card, Suit, cards_of_mask
from dfg_bridge.engine.melds import Meld, meld_of_move, move_of_meld
from dfg_bridge.engine.observation import Finish, Observation
from dfg_bridge.engine.rules import Rules


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


class RoundViews(Core):
    """What a round shows: hands, field, flags, places, observations, timeouts."""

    __slots__ = ("rules",)
    rules: Rules

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
        return {
            mv.K_GIVE: "seven_pass",
            mv.K_DISCARD: "ten_discard",
            mv.K_BOMB: "queen_bomber",
            mv.K_RECRUIT: "nakama",
        }[self.pending[0][0]]

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
        return observe(self, seat)

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


def _lowest_bits(h: int, k: int) -> int:
    out = 0
    for _ in range(min(k, h.bit_count())):
        low = h & -h
        out |= low
        h ^= low
    return out


def observe(rnd: RoundViews, seat: int) -> Observation:
    """Build the :class:`Observation` of ``seat``."""
    history: list[Action] = []
    transfers: list[tuple[int, int, tuple[Card, ...]]] = []
    for s, m in rnd.history:
        if m[0] == TRANSFER:
            # a hidden transfer (exchange_hidden) is known to its giver only
            if seat == m[2] or (seat == m[3] and not (len(m) > 4 and m[4])):
                transfers.append((m[2], m[3], cards_of_mask(m[1])))
        elif m[0] == mv.K_PASS:
            history.append(Pass(s))
        elif m[0] <= mv.K_STAIRS:
            history.append(Play(s, meld_of_move(m)))
    own = rnd.hands[seat]
    # in another hand (even a card seen before: なかまカード and 7渡し move cards back into hands),
    # or discarded face down (脱落, 都落ち)
    unseen = rnd.discard & ~rnd.seen
    for s, h in enumerate(rnd.hands):
        if s != seat:
            unseen |= h
    for h in rnd.held:
        unseen |= h
    unseen &= ~own
    to_act = rnd.to_act
    return Observation(
        seat=seat,
        phase=rnd.phase.value,
        hand=cards_of_mask(own),
        hand_counts=rnd.hand_counts(),
        to_act=to_act,
        field=rnd.field,
        field_by=rnd.field_by,
        revolution=rnd.revolution,
        eleven_back=rnd.eleven_back,
        lock=rnd.lock,
        number_lock=rnd.number_lock,
        direction=rnd.direction,
        passed=rnd.passed,
        finished=tuple(rnd.finished),
        history=tuple(history),
        seen=frozenset(cards_of_mask(rnd.seen)),
        unseen=frozenset(cards_of_mask(unseen)),
        pending=rnd.pending_decision if to_act == seat else None,
        risen=CARDS[rnd.risen] if rnd.risen >= 0 and to_act == seat else None,
        slime=rnd.slime,
        wallets=rnd.wallets,
        jokers=rnd.rules.jokers,
        field_cards=cards_of_mask(rnd.trick),
        present=frozenset(s for s in range(rnd.n) if rnd.present >> s & 1),
        pending_count=rnd.pending[0][1] if rnd.pending and to_act == seat else 0,
        prev_daifugo=rnd.prev_daifugo if rnd.prev_daifugo >= 0 else None,
        step=rnd.step,
        transfers=tuple(transfers),
    )
