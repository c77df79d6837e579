"""Applying a move, decisions after a play, the exchange and bribery, setup and dropouts (internal).

:func:`do` is the complete fast state machine on compact moves: a function of a
:class:`~dfg_bridge.engine._state.State` that changes it in place (the design is in that module's
docstring). :class:`~dfg_bridge.engine.round.Round` adds the validated public API on top.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._flow import advance, after_play, finish, play, set_turn
from dfg_bridge.engine._state import (
    ALL_JOKER_PAIR,
    EXCHANGE,
    OVER,
    PLAY,
    S3_BIT,
    S3_SINGLE,
    State,
    next_active,
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
    "default_dealer",
    "do",
    "drop",
    "exchange_pairs",
    "setup",
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


def do(s: State, m: mv.Move) -> None:
    """Apply a trusted move for the seat to act (or, in the exchange, the seat in ``m``)."""
    s.step += 1
    kind = m[0]
    if kind == mv.K_PASS:
        seat = s.cur
        s.passm |= 1 << seat
        s.history.append((seat, m))
        if s.ev is not None:
            s.ev.append(Passed(seat))
        advance(s, seat)
    elif kind <= mv.K_STAIRS:
        play(s, s.cur, m)
    else:
        _decide(s, s.cur, m)


def _decide(s: State, seat: int, m: mv.Move) -> None:
    code = m[0]
    ev = s.ev
    if code in (mv.K_EXGIVE, mv.K_BRIBE):
        _exchange_move(s, m)
        return
    s.history.append((seat, m))
    head = s.pending[0]
    if code == mv.K_RECRUIT:
        s.pending = s.pending[1:]
        idx = m[1]
        risen = s.risen
        s.risen = -1
        if idx >= 0:
            s.hands[seat] = (s.hands[seat] & ~(1 << idx)) | (1 << risen)
            s.discard = (s.discard & ~(1 << risen)) | (1 << idx)
            s.seen |= 1 << idx
        if ev is not None:
            ev.append(Recruited(seat, CARDS[idx] if idx >= 0 else None))
        return
    emptied = []
    if code == mv.K_GIVE:
        s.pending = s.pending[1:]
        mask = m[1]
        if mask:
            target = next_active(s, seat)
            s.hands[seat] &= ~mask
            s.hands[target] |= mask
            s.history.append((seat, (TRANSFER, mask, seat, target)))
            if ev is not None:
                ev.append(Gave(seat, target, cards_of_mask(mask), "seven_pass"))
    elif code == mv.K_DISCARD:
        s.pending = s.pending[1:]
        mask = m[1]
        if mask:
            s.hands[seat] &= ~mask
            s.discard |= mask
            s.seen |= mask
            if ev is not None:
                ev.append(Discarded(seat, cards_of_mask(mask), "ten_discard"))
    else:  # K_BOMB
        r = m[1]
        if r < 0:
            s.pending = s.pending[1:]
        else:
            left = head[1] - 1
            rest = s.pending[1:]
            s.pending = (((mv.K_BOMB, left, head[2] | 1 << r), *rest)) if left else rest
            bits = mv.JOKER_BITS if r == mv.JOKER_RANK else 15 << (4 * r)
            if ev is not None:
                ev.append(Bombed(seat, "JK" if r == mv.JOKER_RANK else Rank(r + 3).label))
            t = seat
            for _ in range(s.n):
                if s.active >> t & 1:
                    lost = s.hands[t] & bits
                    if lost:
                        s.hands[t] &= ~lost
                        s.discard |= lost
                        s.seen |= lost
                        if ev is not None:
                            ev.append(Discarded(t, cards_of_mask(lost), "bomb"))
                t = (t + s.dirn) % s.n
    t = seat
    for _ in range(s.n):
        if s.active >> t & 1 and not s.hands[t]:
            emptied.append(t)
        t = (t + s.dirn) % s.n
    for t in emptied:
        # a finish can make another emptied seat fall first (都落ち): finish each seat once
        if s.ph != OVER and s.active >> t & 1:
            finish(s, t, "out")
    if s.ph == OVER:
        return
    if not s.active >> seat & 1:
        s.pending = ()
    if s.pending:
        return
    after_play(s, seat)


def _exchange_move(s: State, m: mv.Move) -> None:
    ev = s.ev
    if m[0] == mv.K_EXGIVE:
        seat, mask = m[2], m[1]
        at = next(i for i, e in enumerate(s.ex_pending) if e[0] == seat)
        entry = s.ex_pending[at]
        # by position, not identity: compiled (mypyc), a fixed tuple is unboxed and boxed anew
        s.ex_pending = s.ex_pending[:at] + s.ex_pending[at + 1 :]
        s.hands[seat] &= ~mask
        s.hands[entry[1]] |= mask
        s.history.append((seat, (TRANSFER, mask, seat, entry[1])))
        if ev is not None:
            ev.append(Gave(seat, entry[1], cards_of_mask(mask), "exchange"))
    else:
        seat = s.bribe_order[0]
        s.bribe_order = s.bribe_order[1:]
        mask, target = m[1], m[2]
        k = mask.bit_count()
        if k:
            _bribe(s, seat, mask, target, k)
        elif ev is not None:
            ev.append(Bribed(seat, None, 0))
        s.cur = s.bribe_order[0] if s.bribe_order else -1
    if not s.ex_pending and not s.bribe_order:
        start_play(
            s,
        )


def _bribe(s: State, seat: int, mask: int, target: int, k: int) -> None:
    ev = s.ev
    w = list(s.wallets)
    w[seat] -= k
    w[target] += k
    s.wallets = tuple(w)
    strong = strongest_cards(s.hands[target], k, s.cfg.spades_first)
    s.hands[target] &= ~strong
    s.hands[seat] &= ~mask
    held = list(s.held)
    held[seat] |= strong
    held[target] |= mask
    s.held = tuple(held)
    s.history.append((target, (TRANSFER, strong, target, seat)))
    s.history.append((seat, (TRANSFER, mask, seat, target)))
    if ev is not None:
        ev.append(Bribed(seat, target, k))
        ev.append(Gave(target, seat, cards_of_mask(strong), "bribe"))
        ev.append(Gave(seat, target, cards_of_mask(mask), "bribe"))


def start_play(s: State) -> None:
    """The exchange is over: held cards join their hands and the leader leads."""
    for t, extra in enumerate(s.held):
        s.hands[t] |= extra
    s.held = (0,) * s.n
    s.ph = PLAY
    if s.ev is not None:
        s.ev.append(PhaseChanged("play"))
    leader = s.start_leader
    if not s.active >> leader & 1:
        leader = next_active(s, leader)
    set_turn(s, leader)


def setup(
    s: State,
    *,
    leader: int | None,
    dealer: int | None,
    prev_ranking: Sequence[int] | None,
    slime: int,
    wallets: Sequence[int] | None,
) -> None:
    """Set a dealt round going: who sits out, dealer, 都落ち's 大富豪, the exchange or 買収, the leader."""
    rules = s.cfg.rules
    for t in range(s.n):
        if not s.hands[t]:  # dealt nothing: sits this round out
            s.present &= ~(1 << t)
            s.active &= ~(1 << t)
    if not s.present:
        raise ValueError("nobody holds a card")
    s.slime = slime
    prev = tuple(t for t in (prev_ranking or ()) if s.present >> t & 1)
    if dealer is None:
        dealer = default_dealer(rules, prev)
    s.dealer = -1 if dealer is None else dealer
    s.prev_ranking = prev
    s.prev_daifugo = prev[0] if prev else -1
    if wallets is not None:
        s.wallets = tuple(wallets)
    if leader is None:
        rule = rules.later_leader if prev else rules.first_leader
        if rule is LeaderRule.LOWEST and prev:
            leader = prev[-1]
        elif rule is LeaderRule.DEALER and dealer is not None:
            leader = dealer
        else:
            holder = [t for t in range(s.n) if s.hands[t] & D3_BIT]
            if holder:
                leader = holder[0]
            else:  # ♦3 out of play: the holder of the weakest card
                weakest = [(h & -h).bit_length() if h else 99 for h in s.hands]
                leader = weakest.index(min(weakest))
    if not s.present >> leader & 1:
        leader = next_active(s, leader)
    s.start_leader = leader
    s.ev = s.setup_events
    try:
        if prev and rules.bribery:
            lower_first = [t for t in reversed(prev[:-1]) if s.wallets[t] >= 1]
            if lower_first:
                s.ph = EXCHANGE
                s.bribe_order = tuple(lower_first)
                s.cur = lower_first[0]
                return
        elif prev and rules.exchange and len(prev) >= 3:
            _setup_exchange(s, prev)
            if s.ex_pending:
                s.ph = EXCHANGE
                s.cur = -1
                return
        set_turn(s, leader)
    finally:
        s.ev = None


def exchange_pairs(rules: Rules, prev: Sequence[int]) -> list[tuple[int, int, int]]:
    """The card exchange of a round by last round's ranking of its seats (1st first): (higher, lower,
    cards) per pair; none in a first round, under 買収 or with fewer than three seats. The 大貧民
    gives the 大富豪 two cards, the 貧民 the 富豪 one (from four seats up)."""
    if not prev or rules.bribery or not rules.exchange or len(prev) < 3:
        return []
    pairs = [(prev[0], prev[-1], 2)]
    if len(prev) >= 4:
        pairs.append((prev[1], prev[-2], 1))
    return pairs


def _setup_exchange(s: State, prev: tuple[int, ...]) -> None:
    pairs = exchange_pairs(s.cfg.rules, prev)
    pending = []
    hidden = s.cfg.rules.exchange_hidden
    for high, low, k in pairs:
        strong = strongest_cards(s.hands[low], k, s.cfg.spades_first)
        s.hands[low] &= ~strong
        s.hands[high] |= strong
        s.history.append((low, (TRANSFER, strong, low, high, int(hidden))))
        s.setup_events.append(Gave(low, high, cards_of_mask(strong), "exchange_auto", hidden))
        pending.append((high, low, k))
    s.ex_pending = tuple(pending)


def drop(s: State, seat: int) -> None:
    """脱落 of a seat still in play: its cards go face down to the discard pile; play goes on."""
    lost = s.hands[seat] | s.held[seat]
    s.hands[seat] = 0
    held = list(s.held)
    held[seat] = 0
    s.held = tuple(held)
    s.discard |= lost
    if s.ev is not None and lost:
        s.ev.append(Discarded(seat, cards_of_mask(lost), "dropout"))
    was_turn = s.cur == seat
    # a decision owed after the seat's own play (7渡し/10捨て/Qボンバー), not a turn's なかまカード
    deciding = bool(s.pending) and s.pending[0][0] != mv.K_RECRUIT
    s.ex_pending = tuple(e for e in s.ex_pending if seat not in (e[0], e[1]))
    s.bribe_order = tuple(t for t in s.bribe_order if t != seat)
    finish(s, seat, "dropout")
    if s.ph == OVER:
        return
    if s.ph == EXCHANGE:
        if not s.ex_pending and not s.bribe_order:
            start_play(
                s,
            )
        elif s.bribe_order:
            s.cur = s.bribe_order[0]
        return
    if was_turn:
        s.pending = ()
        s.risen = -1
        if s.fmove is not None and s.fby == seat and deciding:
            after_play(s, seat)
        else:
            # also an empty field some leaders passed on, and an owner asked again (uecda)
            advance(s, seat)
