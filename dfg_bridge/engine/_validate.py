"""The edge: turn public actions into trusted moves, or explain with an :class:`EngineError` (internal).

Functions of a :class:`~dfg_bridge.engine._state.State` (the design is in that module's docstring),
and the way back: :func:`action_of` and the lazy :class:`LegalActions` (``Round.legal_actions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._movegen import bribe_targets
from dfg_bridge.engine._moves import field_ref, play_key
from dfg_bridge.engine._state import EXCHANGE, OVER, S3_SINGLE, State
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import CARDS, Card, Rank, cards_of_mask, mask_of
from dfg_bridge.engine.errors import EngineError, ErrorCode
from dfg_bridge.engine.melds import apply_pins, meld_of_move, move_of_meld

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

# how far a refused play got: the reported error is the one of the candidate that got furthest
_STAGE = {
    ErrorCode.INVALID_MELD: 0,
    ErrorCode.WRONG_SIZE: 1,
    ErrorCode.WRONG_KIND: 2,
    ErrorCode.LOCKED: 3,
    ErrorCode.NUMBER_LOCKED: 4,
    ErrorCode.TOO_WEAK: 5,
}


def check_turn(state: State, seat: int) -> None:
    """Raise unless ``seat`` may take a play-phase action now."""
    if state.ph == OVER:
        raise EngineError(ErrorCode.ROUND_OVER, "the round is over")
    if not 0 <= seat < state.n or not state.present >> seat & 1:
        raise EngineError(ErrorCode.NOT_PLAYING, f"seat {seat} is not in this round")
    if state.ph == EXCHANGE:
        raise EngineError(ErrorCode.WRONG_PHASE, "the exchange is not over")
    if seat != state.cur:
        if state.cfg.pass_lock and state.passm >> seat & 1 and state.active >> seat & 1:
            raise EngineError(ErrorCode.PASS_LOCKED, "you passed; wait until the field clears")
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")


def check_play_move(state: State, m: mv.Move, pinned: bool) -> tuple[ErrorCode | None, mv.Move]:
    """Is play ``m`` legal for the seat to act? Returns (error or None, move with final readings)."""
    cfg = state.cfg
    kind = m[0]
    if kind == mv.K_STAIRS and (
        not cfg.stairs or m[3] < cfg.min_stairs or (not cfg.beyond and (m[4] < 0 or m[5] > 12))
    ):
        return ErrorCode.INVALID_MELD, m
    if kind == mv.K_GROUP and m[3] > cfg.max_group:
        return ErrorCode.INVALID_MELD, m
    f = state.fmove
    if f is None:
        if cfg.double_joker_group and kind == mv.K_STAIRS and m[2] == 2 and m[3] == 3:
            return ErrorCode.INVALID_MELD, m
        return None, m
    if f[0] == mv.K_SINGLE and f[4] == mv.JOKER_RANK:
        if cfg.spade3 and m == S3_SINGLE:
            return None, m
        if m[3] != 1:
            return ErrorCode.WRONG_SIZE, m
        return ErrorCode.TOO_WEAK, m
    if m[3] != f[3]:
        return ErrorCode.WRONG_SIZE, m
    if kind != f[0]:
        return ErrorCode.WRONG_KIND, m
    if kind == mv.K_SINGLE and m[4] == mv.JOKER_RANK:
        return None, m
    lock = state.lockm
    if lock and m[6] != lock:
        real = (m[1] >> (4 * m[4])) & 15 if kind == mv.K_GROUP else -1
        if kind == mv.K_GROUP and m[2] and not pinned and not real & ~lock:
            m = (kind, m[1], m[2], m[3], m[4], m[5], lock)
        else:
            return ErrorCode.LOCKED, m
    inv = state.rev != state.eb
    fref = field_ref(f, inv, state.cfg.stairs_above)
    k = play_key(m, inv)
    if state.nlock:
        if k != fref + 1:
            return ErrorCode.NUMBER_LOCKED, m
    elif k <= fref:
        return ErrorCode.TOO_WEAK, m
    if not lock and kind == mv.K_GROUP and m[2] and not pinned:
        real = (m[1] >> (4 * m[4])) & 15
        fs = f[6]
        if not real & ~fs and fs.bit_count() >= m[3]:
            m = (kind, m[1], m[2], m[3], m[4], m[5], fs)
    return None, m


def resolve_play(state: State, seat: int, cards: Sequence[Card], pins: Sequence[Card | None]) -> mv.Move:
    """The strongest legal reading of these cards for ``seat`` (the player to act)."""
    check_turn(state, seat)
    if state.pending:
        raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
    # which joker the player names does not matter: use the jokers actually held
    hand = state.hands[seat]
    real = [c for c in cards if not c.is_joker]
    n_jokers = len(cards) - len(real)
    mask = mask_of(real)
    if mask & ~hand or n_jokers > (hand >> mv.JOKER_SHIFT).bit_count() or len(set(real)) != len(real):
        raise EngineError(ErrorCode.NOT_IN_HAND, "those cards are not in your hand")
    held_jokers = mv.bits(hand & mv.JOKER_BITS)[:n_jokers]
    pinned: dict[int, Card] = {}
    j = 0
    for c, p in zip(cards, pins, strict=True):
        if c.is_joker:
            if p is not None:
                pinned[held_jokers[j]] = p
            j += 1
    for idx in held_jokers:
        mask |= 1 << idx
    cfg = state.cfg
    cands = apply_pins(mv.candidates(mask, cfg.max_group, cfg.stairs, cfg.min_stairs, cfg.beyond), pinned)
    if not cands:
        raise EngineError(ErrorCode.INVALID_MELD, "those cards are not a single, group or stairs")
    best: mv.Move | None = None
    best_key = -(1 << 30)
    worst_err = ErrorCode.INVALID_MELD
    inv = state.rev != state.eb
    for cand in cands:
        err, m = check_play_move(state, cand, bool(pinned))
        if err is None:
            strength = play_key(m, inv) * 4 - m[0]
            if strength > best_key:
                best, best_key = m, strength
        elif _STAGE[err] > _STAGE[worst_err]:
            worst_err = err
    if best is None:
        raise EngineError(worst_err, _MESSAGES[worst_err])
    return best


_MESSAGES = {
    ErrorCode.INVALID_MELD: "those cards are not a meld here",
    ErrorCode.WRONG_KIND: "the field holds another kind of meld",
    ErrorCode.WRONG_SIZE: "the field holds another number of cards",
    ErrorCode.LOCKED: "the field is suit-locked (縛り)",
    ErrorCode.NUMBER_LOCKED: "the field is number-locked (数しば): play the next rank",
    ErrorCode.TOO_WEAK: "that does not beat the field",
}


def move_of_action(state: State, action: Action) -> mv.Move:
    """Validate ``action`` against the state; return the trusted move or raise :class:`EngineError`."""
    seat = action.seat
    if isinstance(action, Play):
        check_turn(state, seat)
        if state.pending:
            raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
        m = move_of_meld(action.meld)
        if m is None:
            raise EngineError(ErrorCode.INVALID_MELD, "not a valid meld")
        if m[1] & ~state.hands[seat]:
            # the other joker would do as well
            alt = _swap_joker(m, state.hands[seat])
            if alt is None:
                raise EngineError(ErrorCode.NOT_IN_HAND, "those cards are not in your hand")
            m = alt
        err, m2 = check_play_move(state, m, True)
        if err is not None:
            raise EngineError(err, _MESSAGES[err])
        return m2
    if isinstance(action, Pass):
        check_turn(state, seat)
        if state.pending:
            raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
        if state.fmove is None and not state.cfg.leader_pass:
            raise EngineError(ErrorCode.LEADER_CANNOT_PASS, "the leader may not pass")
        return mv.PASS
    if isinstance(action, Give) and state.ph == EXCHANGE:
        return _exchange_give(state, seat, action.cards)
    if isinstance(action, Bribe):
        return _bribe(state, action)
    if isinstance(action, (Give, Discard, Bomb, Recruit)):
        check_turn(state, seat)
        want = {Give: mv.K_GIVE, Discard: mv.K_DISCARD, Bomb: mv.K_BOMB, Recruit: mv.K_RECRUIT}[type(action)]
        if not state.pending or state.pending[0][0] != want:
            raise EngineError(ErrorCode.WRONG_PHASE, f"no {type(action).__name__.lower()} is expected now")
        code, count, named = state.pending[0]
        if isinstance(action, Bomb):
            if action.rank is None and not action.joker:
                return (mv.K_BOMB, -1)
            r = mv.JOKER_RANK if action.joker else int(action.rank or 3) - 3
            if named >> r & 1:
                raise EngineError(ErrorCode.BAD_TARGET, "that rank was already named")
            return (mv.K_BOMB, r)
        if isinstance(action, Recruit):
            if action.card is None:
                return (mv.K_RECRUIT, -1)
            if not state.hands[seat] >> action.card.index & 1:
                raise EngineError(ErrorCode.NOT_IN_HAND, "that card is not in your hand")
            return (mv.K_RECRUIT, action.card.index)
        mask = _hand_mask(state, seat, action.cards)
        if mask.bit_count() > count:
            raise EngineError(ErrorCode.WRONG_COUNT, f"at most {count} card(s)")
        return (code, mask)
    raise EngineError(ErrorCode.WRONG_PHASE, f"unexpected action {action!r}")


def _swap_joker(m: mv.Move, hand: int) -> mv.Move | None:
    want_j = m[1] & mv.JOKER_BITS
    if (m[1] & ~want_j) & ~hand:
        return None
    held = hand & mv.JOKER_BITS
    if want_j.bit_count() > held.bit_count():
        return None
    new_j = mv.joker_bits_used(held >> mv.JOKER_SHIFT, want_j.bit_count())
    return (m[0], (m[1] & ~mv.JOKER_BITS) | new_j, *m[2:])


def _hand_mask(state: State, seat: int, cards: Sequence[Card]) -> int:
    mask = mask_of(list(cards))
    if mask.bit_count() != len(cards):
        raise EngineError(ErrorCode.WRONG_COUNT, "a card appears twice")
    if mask & ~state.hands[seat]:
        alt = _swap_joker((0, mask), state.hands[seat])
        if alt is None:
            raise EngineError(ErrorCode.NOT_IN_HAND, "those cards are not in your hand")
        mask = alt[1]
    return mask


def _exchange_give(state: State, seat: int, cards: Sequence[Card]) -> mv.Move:
    entry = next((e for e in state.ex_pending if e[0] == seat), None)
    if entry is None:
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "you have nothing to give")
    mask = _hand_mask(state, seat, cards)
    if mask.bit_count() != entry[2]:
        raise EngineError(ErrorCode.WRONG_COUNT, f"give exactly {entry[2]} card(s)")
    return (mv.K_EXGIVE, mask, seat)


def _bribe(state: State, action: Bribe) -> mv.Move:
    seat = action.seat
    if state.ph == OVER:
        raise EngineError(ErrorCode.ROUND_OVER, "the round is over")
    if state.ph != EXCHANGE or not state.bribe_order:
        raise EngineError(ErrorCode.WRONG_PHASE, "no bribery now")
    if state.bribe_order[0] != seat:
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "another seat decides on bribery now")
    if not action.cards:
        return (mv.K_BRIBE, 0, -1)
    mask = _hand_mask(state, seat, action.cards)
    k = mask.bit_count()
    if not 1 <= k <= 2:
        raise EngineError(ErrorCode.WRONG_COUNT, "bribe with 1 or 2 cards")
    if state.wallets[seat] < k:
        raise EngineError(ErrorCode.NO_FUNDS, "not enough 100億 cards")
    target = action.target
    if target is None or target not in bribe_targets(state, seat):
        raise EngineError(ErrorCode.BAD_TARGET, "you may only bribe a lower rank")
    return (mv.K_BRIBE, mask, target)


def trusted_move(state: State, action: Action) -> mv.Move:
    """``action`` as a trusted move (``Round.push``): a play is only converted, anything else validated."""
    if isinstance(action, Play):
        m = move_of_meld(action.meld)
        if m is None:
            raise EngineError(ErrorCode.INVALID_MELD, "not a valid meld")
        return m
    return move_of_action(state, action)


def action_of(seat: int, m: mv.Move) -> Action:
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


class LegalActions:
    """A lazy view of the legal actions of one seat: supports ``in``, iteration, ``len`` and truth."""

    __slots__ = ("_moves", "_seat", "_state")

    def __init__(self, state: State, seat: int, moves: list[mv.Move]) -> None:
        self._state = state
        self._seat = seat
        self._moves = moves

    @property
    def moves(self) -> list[mv.Move]:
        """The compact moves (for ``Round.push_move``)."""
        return self._moves

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, (Play, Pass, Give, Discard, Bomb, Bribe, Recruit)):
            return False
        if action.seat != self._seat:
            return False
        try:
            move_of_action(self._state, action)
        except EngineError:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        for m in self._moves:
            yield action_of(self._seat, m)

    def __len__(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def count(self) -> int:
        """Number of legal actions."""
        return len(self._moves)
