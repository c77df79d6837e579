"""Public values built from a round's state, and a state rebuilt from an observation (internal).

Functions of a :class:`~dfg_bridge.engine._state.State` (the design is in that module's docstring):
:class:`~dfg_bridge.engine.round.Round`'s views that are more than a field read call these. The
observation ↔ state mapping lives here in both directions (:func:`observe`, :func:`load_observation`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._core import EXCHANGE, OVER, PLAY, TRANSFER, exchange_pairs
from dfg_bridge.engine._flow import is_foul
from dfg_bridge.engine._movegen import lead_moves
from dfg_bridge.engine._moves import play_key
from dfg_bridge.engine._state import State, ranking
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import CARDS, Card, Suit, cards_of_mask, deck, mask_of
from dfg_bridge.engine.melds import Meld, meld_of_move, move_of_meld
from dfg_bridge.engine.moves import lowest_bits
from dfg_bridge.engine.observation import Finish, Observation


class Phase(enum.Enum):
    """Where a round is."""

    EXCHANGE = "exchange"
    """カード交換 or 買収 before the first lead."""
    PLAY = "play"
    """Tricks are being played."""
    OVER = "over"
    """Every place is decided."""


PHASES = {EXCHANGE: Phase.EXCHANGE, PLAY: Phase.PLAY, OVER: Phase.OVER}
"""The public :class:`Phase` of each internal phase code."""
PENDING_NAMES = {
    mv.K_GIVE: "seven_pass",
    mv.K_DISCARD: "ten_discard",
    mv.K_BOMB: "queen_bomber",
    mv.K_RECRUIT: "nakama",
}
"""The public name of each decision kind (``Round.pending_decision``)."""
_PENDING_CODES = {name: code for code, name in PENDING_NAMES.items()}


def awaiting(s: State) -> frozenset[int]:
    """Seats whose decision is needed now (several during the exchange)."""
    if s.ph == EXCHANGE:
        if s.bribe_order:
            return frozenset({s.bribe_order[0]})
        return frozenset(e[0] for e in s.ex_pending)
    if s.ph == PLAY and s.cur >= 0:
        return frozenset({s.cur})
    return frozenset()


def lock_suits(s: State) -> frozenset[Suit] | None:
    """縛り suits, or None."""
    if not s.lockm:
        return None
    return frozenset(Suit(i) for i in range(4) if s.lockm >> i & 1)


def seats_of(mask: int, n: int) -> frozenset[int]:
    """The seats whose bits are set in ``mask``."""
    return frozenset(t for t in range(n) if mask >> t & 1)


def finished(s: State) -> list[Finish]:
    """Seats that have a place, in the order they got it."""
    places = {t: i + 1 for i, t in enumerate(ranking(s))}
    n_present = s.present.bit_count()
    for i, t in enumerate(s.bottom):
        places[t] = n_present - i
    return [Finish(t, places[t], how == "foul", how) for t, how in s.how]


def place_of(s: State, seat: int) -> int | None:
    """``seat``'s 0-based place once it has one, else None."""
    if seat in s.top:
        return s.top.index(seat)
    if seat in s.bottom:
        return s.present.bit_count() - 1 - s.bottom.index(seat)
    return None


def would_foul(s: State, meld: Meld) -> bool:
    """True if playing ``meld`` as the last cards now would be 反則上がり."""
    m = move_of_meld(meld)
    if m is None:
        return False
    f = s.fmove
    spade3 = f is not None and f[0] == mv.K_SINGLE and f[4] == mv.JOKER_RANK and m[1] == 1 and s.cfg.spade3
    return is_foul(s, m, s.rev != s.eb, spade3)


def timeout_action(s: State, seat: int) -> Action:
    """What a timer does: pass on a field; else the weakest single; in decisions, decline/weakest."""
    if s.ph == EXCHANGE:
        for giver, _low, k in s.ex_pending:
            if giver == seat:
                return Give(seat, cards_of_mask(lowest_bits(s.hands[seat], k)))
        return Bribe(seat)
    if s.pending:
        code = s.pending[0][0]
        if code == mv.K_GIVE:
            return Give(seat)
        if code == mv.K_DISCARD:
            return Discard(seat)
        if code == mv.K_BOMB:
            return Bomb(seat)
        return Recruit(seat)
    if s.fmove is not None:
        return Pass(seat)
    inv = s.rev != s.eb
    singles = [m for m in lead_moves(s, seat) if m[0] == mv.K_SINGLE]
    weakest = min(singles, key=lambda m: (play_key(m, inv), m[1]))
    return Play(seat, meld_of_move(weakest))


def unseen_mask(s: State, seat: int) -> int:
    """The cards ``seat`` cannot locate, as bits (:attr:`Observation.unseen`)."""
    # in another hand (even a card seen before: なかまカード and 7渡し move cards back into hands),
    # or discarded face down (脱落, 都落ち)
    unseen = s.discard & ~s.seen
    for t, h in enumerate(s.hands):
        if t != seat:
            unseen |= h
    for h in s.held:
        unseen |= h
    return unseen & ~s.hands[seat]


def observe(s: State, seat: int) -> Observation:
    """Build the :class:`Observation` of ``seat``."""
    history: list[Action] = []
    transfers: list[tuple[int, int, tuple[Card, ...]]] = []
    for t, m in s.history:
        if m[0] == TRANSFER:
            # a hidden transfer (exchange_hidden) is known to its giver only
            if seat == m[2] or (seat == m[3] and not (len(m) > 4 and m[4])):
                transfers.append((m[2], m[3], cards_of_mask(m[1])))
        elif m[0] == mv.K_PASS:
            history.append(Pass(t))
        elif m[0] <= mv.K_STAIRS:
            history.append(Play(t, meld_of_move(m)))
    unseen = unseen_mask(s, seat)
    to_act = s.cur if s.cur >= 0 else None
    mine = to_act == seat
    return Observation(
        seat=seat,
        phase=PHASES[s.ph].value,
        hand=cards_of_mask(s.hands[seat]),
        hand_counts=tuple(h.bit_count() for h in s.hands),
        to_act=to_act,
        field=None if s.fmove is None else meld_of_move(s.fmove),
        field_by=s.fby if s.fby >= 0 else None,
        revolution=s.rev,
        eleven_back=s.eb,
        lock=lock_suits(s),
        number_lock=s.nlock,
        direction=s.dirn,
        passed=seats_of(s.passm, s.n),
        finished=tuple(finished(s)),
        history=tuple(history),
        seen=frozenset(cards_of_mask(s.seen)),
        unseen=frozenset(cards_of_mask(unseen)),
        pending=PENDING_NAMES[s.pending[0][0]] if s.pending and mine else None,
        risen=CARDS[s.risen] if s.risen >= 0 and mine else None,
        slime=s.slime,
        wallets=s.wallets,
        jokers=s.rules.jokers,
        field_cards=cards_of_mask(s.trick),
        present=seats_of(s.present, s.n),
        pending_count=s.pending[0][1] if s.pending and mine else 0,
        prev_daifugo=s.prev_daifugo if s.prev_daifugo >= 0 else None,
        step=s.step,
        transfers=tuple(transfers),
        exchange_pairs=tuple(exchange_pairs(s.cfg.rules, s.prev_ranking)),
    )


def load_observation(s: State, obs: Observation, hands: Sequence[Sequence[Card]]) -> None:
    """Put a blank state (no cards dealt) in the observed state, with these hands.

    The body of ``Round.from_observation``: the inverse of :func:`observe`.
    """
    n = len(hands)
    masks = [mask_of(list(h)) for h in hands]
    s.hands = masks
    present = 0
    for t in obs.present or range(n):
        present |= 1 << t
    s.present = present
    done = {f.seat for f in obs.finished}
    s.active = sum(1 << t for t in range(n) if present >> t & 1 and t not in done)
    s.cur = -1 if obs.to_act is None else obs.to_act
    s.ph = {"exchange": EXCHANGE, "play": PLAY, "over": OVER}[obs.phase]
    s.fmove = None if obs.field is None else move_of_meld(obs.field)
    s.fby = -1 if obs.field_by is None else obs.field_by
    s.trick = mask_of(list(obs.field_cards))
    held = 0
    for m in masks:
        held |= m
    every = mask_of(list(deck(s.rules.jokers)))
    s.discard = every & ~held & ~s.trick
    s.seen = mask_of(list(obs.seen))
    s.lockm = 0 if obs.lock is None else sum(1 << int(suit) for suit in obs.lock)
    s.nlock = obs.number_lock
    s.rev = obs.revolution
    s.eb = obs.eleven_back
    s.dirn = obs.direction
    s.passm = sum(1 << t for t in obs.passed)
    by_place = sorted(obs.finished, key=lambda f: f.place)
    s.top = tuple(f.seat for f in by_place if f.reason in ("out", "last"))
    s.bottom = tuple(f.seat for f in reversed(by_place) if f.reason not in ("out", "last"))
    s.how = tuple((f.seat, f.reason) for f in obs.finished)
    if obs.pending is not None and obs.to_act == obs.seat:
        s.pending = ((_PENDING_CODES[obs.pending], obs.pending_count or 1, 0),)
        if obs.risen is not None:
            s.risen = obs.risen.index
    s.slime = obs.slime
    s.step = obs.step
    s.wallets = tuple(obs.wallets)
    s.prev_daifugo = -1 if obs.prev_daifugo is None else obs.prev_daifugo
