"""Decisions after a play, the exchange and bribery, and dropouts (internal).

:class:`Core` is the complete fast state machine; :class:`~dfg_bridge.engine.round.Round` adds the
validated public API on top.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._flow import Flow
from dfg_bridge.engine._state import (
    ALL_JOKER_PAIR,
    EXCHANGE,
    OVER,
    PLAY,
    S3_BIT,
    S3_SINGLE,
)
from dfg_bridge.engine.cards import CARDS, Rank, cards_of_mask
from dfg_bridge.engine.events import (
    Bombed,
    Bribed,
    Discarded,
    Gave,
    Passed,
    PhaseChanged,
    Recruited,
)
from dfg_bridge.engine.rules import LeaderRule, Rules

D3_BIT = 1 << 2  # ♦3
TRANSFER = 10
"""History record of cards moving between hands: ``(TRANSFER, mask, giver, receiver[, hidden])``;
``hidden`` (1) means the receiver is not told which cards they are (``exchange_hidden``)."""

__all__ = [
    "ALL_JOKER_PAIR",
    "D3_BIT",
    "EXCHANGE",
    "OVER",
    "PLAY",
    "S3_BIT",
    "S3_SINGLE",
    "TRANSFER",
    "Core",
    "default_dealer",
    "strongest_cards",
]


def uses_dealer(rules: Rules) -> bool:
    """Whether these rules have a dealer (003: the dealer deals and leads)."""
    return rules.dealer_deals or LeaderRule.DEALER in (rules.first_leader, rules.later_leader)


def default_dealer(rules: Rules, prev_ranking: Sequence[int]) -> int | None:
    """The dealer when none is given: the previous round's 大貧民 (003 「2回目以降は、大貧民が配る」).

    ``prev_ranking`` lists last round's seats still playing, 1st first; None when the rules use no
    dealer or there was no previous round.
    """
    if prev_ranking and uses_dealer(rules):
        return prev_ranking[-1]
    return None


def strongest_cards(hand: int, k: int, spades_first: bool) -> int:
    """The ``k`` strongest cards of ``hand`` (jokers first); ties within a rank go ♣, ♦, ♥, ♠ first,
    or ♠, ♥, ♦, ♣ with ``spades_first`` (UECda)."""
    out = 0
    for _ in range(min(k, hand.bit_count())):
        top = 1 << (hand.bit_length() - 1)
        if spades_first and top < 1 << mv.JOKER_SHIFT:
            base = 4 * ((top.bit_length() - 1) >> 2)
            same = (hand >> base) & 15
            top = (same & -same) << base
        out |= top
        hand &= ~top
    return out


class Core(Flow):
    """The round's complete fast state machine on compact moves."""

    __slots__ = ()

    def _do(self, m: mv.Move) -> None:
        """Apply a trusted move for the seat to act (or, in the exchange, the seat in ``m``)."""
        self.step += 1
        kind = m[0]
        if kind == mv.K_PASS:
            seat = self.cur
            self.passm |= 1 << seat
            self.history.append((seat, m))
            if self.ev is not None:
                self.ev.append(Passed(seat))
            self._advance(seat)
        elif kind <= mv.K_STAIRS:
            self._play(self.cur, m)
        else:
            self._decide(self.cur, m)

    def _decide(self, seat: int, m: mv.Move) -> None:
        code = m[0]
        ev = self.ev
        if code in (mv.K_EXGIVE, mv.K_BRIBE):
            self._exchange_move(m)
            return
        self.history.append((seat, m))
        head = self.pending[0]
        if code == mv.K_RECRUIT:
            self.pending = self.pending[1:]
            idx = m[1]
            risen = self.risen
            self.risen = -1
            if idx >= 0:
                self.hands[seat] = (self.hands[seat] & ~(1 << idx)) | (1 << risen)
                self.discard = (self.discard & ~(1 << risen)) | (1 << idx)
                self.seen |= 1 << idx
            if ev is not None:
                ev.append(Recruited(seat, CARDS[idx] if idx >= 0 else None))
            return
        emptied = []
        if code == mv.K_GIVE:
            self.pending = self.pending[1:]
            mask = m[1]
            if mask:
                target = self._next_active(seat)
                self.hands[seat] &= ~mask
                self.hands[target] |= mask
                self.history.append((seat, (TRANSFER, mask, seat, target)))
                if ev is not None:
                    ev.append(Gave(seat, target, cards_of_mask(mask), "seven_pass"))
        elif code == mv.K_DISCARD:
            self.pending = self.pending[1:]
            mask = m[1]
            if mask:
                self.hands[seat] &= ~mask
                self.discard |= mask
                self.seen |= mask
                if ev is not None:
                    ev.append(Discarded(seat, cards_of_mask(mask), "ten_discard"))
        else:  # K_BOMB
            r = m[1]
            if r < 0:
                self.pending = self.pending[1:]
            else:
                left = head[1] - 1
                rest = self.pending[1:]
                self.pending = (((mv.K_BOMB, left, head[2] | 1 << r), *rest)) if left else rest
                bits = mv.JOKER_BITS if r == mv.JOKER_RANK else 15 << (4 * r)
                if ev is not None:
                    ev.append(Bombed(seat, "JK" if r == mv.JOKER_RANK else Rank(r + 3).label))
                s = seat
                for _ in range(self.n):
                    if self.active >> s & 1:
                        lost = self.hands[s] & bits
                        if lost:
                            self.hands[s] &= ~lost
                            self.discard |= lost
                            self.seen |= lost
                            if ev is not None:
                                ev.append(Discarded(s, cards_of_mask(lost), "bomb"))
                    s = (s + self.dirn) % self.n
        s = seat
        for _ in range(self.n):
            if self.active >> s & 1 and not self.hands[s]:
                emptied.append(s)
            s = (s + self.dirn) % self.n
        for s in emptied:
            # a finish can make another emptied seat fall first (都落ち): finish each seat once
            if self.ph != OVER and self.active >> s & 1:
                self._finish(s, "out")
        if self.ph == OVER:
            return
        if not self.active >> seat & 1:
            self.pending = ()
        if self.pending:
            return
        self._after_play(seat)

    def _exchange_move(self, m: mv.Move) -> None:
        ev = self.ev
        if m[0] == mv.K_EXGIVE:
            seat, mask = m[2], m[1]
            entry = next(e for e in self.ex_pending if e[0] == seat)
            self.ex_pending = tuple(e for e in self.ex_pending if e is not entry)
            self.hands[seat] &= ~mask
            self.hands[entry[1]] |= mask
            self.history.append((seat, (TRANSFER, mask, seat, entry[1])))
            if ev is not None:
                ev.append(Gave(seat, entry[1], cards_of_mask(mask), "exchange"))
        else:
            seat = self.bribe_order[0]
            self.bribe_order = self.bribe_order[1:]
            mask, target = m[1], m[2]
            k = mask.bit_count()
            if k:
                self._bribe(seat, mask, target, k)
            elif ev is not None:
                ev.append(Bribed(seat, None, 0))
            self.cur = self.bribe_order[0] if self.bribe_order else -1
        if not self.ex_pending and not self.bribe_order:
            self._start_play()

    def _bribe(self, seat: int, mask: int, target: int, k: int) -> None:
        ev = self.ev
        w = list(self.wallets)
        w[seat] -= k
        w[target] += k
        self.wallets = tuple(w)
        strong = strongest_cards(self.hands[target], k, self.cfg.spades_first)
        self.hands[target] &= ~strong
        self.hands[seat] &= ~mask
        held = list(self.held)
        held[seat] |= strong
        held[target] |= mask
        self.held = tuple(held)
        self.history.append((target, (TRANSFER, strong, target, seat)))
        self.history.append((seat, (TRANSFER, mask, seat, target)))
        if ev is not None:
            ev.append(Bribed(seat, target, k))
            ev.append(Gave(target, seat, cards_of_mask(strong), "bribe"))
            ev.append(Gave(seat, target, cards_of_mask(mask), "bribe"))

    def _start_play(self) -> None:
        for s, extra in enumerate(self.held):
            self.hands[s] |= extra
        self.held = (0,) * self.n
        self.ph = PLAY
        if self.ev is not None:
            self.ev.append(PhaseChanged("play"))
        leader = self.start_leader
        if not self.active >> leader & 1:
            leader = self._next_active(leader)
        self._set_turn(leader)

    def _setup(
        self,
        leader: int | None,
        dealer: int | None,
        prev_ranking: Sequence[int] | None,
        slime: int,
        wallets: Sequence[int] | None,
    ) -> None:
        rules = self.cfg.rules
        for s in range(self.n):
            if not self.hands[s]:  # dealt nothing: sits this round out
                self.present &= ~(1 << s)
                self.active &= ~(1 << s)
        if not self.present:
            raise ValueError("nobody holds a card")
        self.slime = slime
        prev = tuple(s for s in (prev_ranking or ()) if self.present >> s & 1)
        if dealer is None:
            dealer = default_dealer(rules, prev)
        self.dealer = -1 if dealer is None else dealer
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
        hidden = self.cfg.rules.exchange_hidden
        for high, low, k in pairs:
            strong = strongest_cards(self.hands[low], k, self.cfg.spades_first)
            self.hands[low] &= ~strong
            self.hands[high] |= strong
            self.history.append((low, (TRANSFER, strong, low, high, int(hidden))))
            self.setup_events.append(Gave(low, high, cards_of_mask(strong), "exchange_auto", hidden))
            pending.append((high, low, k))
        self.ex_pending = tuple(pending)

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
        # a decision owed after the seat's own play (7渡し/10捨て/Qボンバー), not a turn's なかまカード
        deciding = bool(self.pending) and self.pending[0][0] != mv.K_RECRUIT
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
            if self.fmove is not None and self.fby == seat and deciding:
                self._after_play(seat)
            else:
                # also an empty field some leaders passed on, and an owner asked again (uecda)
                self._advance(seat)
