"""The edge: turn public actions into trusted moves, or explain with an :class:`EngineError`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._core import EXCHANGE, OVER, S3_SINGLE, Core
from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import Card, mask_of
from dfg_bridge.engine.errors import EngineError, ErrorCode
from dfg_bridge.engine.melds import apply_pins, move_of_meld

if TYPE_CHECKING:
    from collections.abc import Sequence

# how far a refused play got: the reported error is the one of the candidate that got furthest
_STAGE = {
    ErrorCode.INVALID_MELD: 0,
    ErrorCode.WRONG_SIZE: 1,
    ErrorCode.WRONG_KIND: 2,
    ErrorCode.LOCKED: 3,
    ErrorCode.NUMBER_LOCKED: 4,
    ErrorCode.TOO_WEAK: 5,
}


def check_turn(core: Core, seat: int) -> None:
    """Raise unless ``seat`` may take a play-phase action now."""
    if core.ph == OVER:
        raise EngineError(ErrorCode.ROUND_OVER, "the round is over")
    if not 0 <= seat < core.n or not core.present >> seat & 1:
        raise EngineError(ErrorCode.NOT_PLAYING, f"seat {seat} is not in this round")
    if core.ph == EXCHANGE:
        raise EngineError(ErrorCode.WRONG_PHASE, "the exchange is not over")
    if seat != core.cur:
        if core.cfg.pass_lock and core.passm >> seat & 1 and core.active >> seat & 1:
            raise EngineError(ErrorCode.PASS_LOCKED, "you passed; wait until the field clears")
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")


def check_play_move(core: Core, m: mv.Move, pinned: bool) -> tuple[ErrorCode | None, mv.Move]:
    """Is play ``m`` legal for the seat to act? Returns (error or None, move with final readings)."""
    cfg = core.cfg
    kind = m[0]
    if kind == mv.K_STAIRS and (
        not cfg.stairs or m[3] < cfg.min_stairs or (not cfg.beyond and (m[4] < 0 or m[5] > 12))
    ):
        return ErrorCode.INVALID_MELD, m
    if kind == mv.K_GROUP and m[3] > cfg.max_group:
        return ErrorCode.INVALID_MELD, m
    f = core.fmove
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
    lock = core.lockm
    if lock and m[6] != lock:
        real = (m[1] >> (4 * m[4])) & 15 if kind == mv.K_GROUP else -1
        if kind == mv.K_GROUP and m[2] and not pinned and not real & ~lock:
            m = (kind, m[1], m[2], m[3], m[4], m[5], lock)
        else:
            return ErrorCode.LOCKED, m
    inv = core.rev != core.eb
    fref = core._field_ref(f, inv)
    k = core._key(m, inv)
    if core.nlock:
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


def resolve_play(core: Core, seat: int, cards: Sequence[Card], pins: Sequence[Card | None]) -> mv.Move:
    """The strongest legal reading of these cards for ``seat`` (the player to act)."""
    check_turn(core, seat)
    if core.pending:
        raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
    # which joker the player names does not matter: use the jokers actually held
    hand = core.hands[seat]
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
    cfg = core.cfg
    cands = apply_pins(mv.candidates(mask, cfg.max_group, cfg.stairs, cfg.min_stairs, cfg.beyond), pinned)
    if not cands:
        raise EngineError(ErrorCode.INVALID_MELD, "those cards are not a single, group or stairs")
    best: mv.Move | None = None
    best_key = -(1 << 30)
    worst_err = ErrorCode.INVALID_MELD
    inv = core.rev != core.eb
    for cand in cands:
        err, m = check_play_move(core, cand, bool(pinned))
        if err is None:
            key = core._key(m, inv) * 4 - m[0]
            if key > best_key:
                best, best_key = m, key
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


def move_of_action(core: Core, action: Action) -> mv.Move:
    """Validate ``action`` against the state; return the trusted move or raise :class:`EngineError`."""
    seat = action.seat
    if isinstance(action, Play):
        check_turn(core, seat)
        if core.pending:
            raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
        m = move_of_meld(action.meld)
        if m is None:
            raise EngineError(ErrorCode.INVALID_MELD, "not a valid meld")
        if m[1] & ~core.hands[seat]:
            # the other joker would do as well
            alt = _swap_joker(m, core.hands[seat])
            if alt is None:
                raise EngineError(ErrorCode.NOT_IN_HAND, "those cards are not in your hand")
            m = alt
        err, m2 = check_play_move(core, m, True)
        if err is not None:
            raise EngineError(err, _MESSAGES[err])
        return m2
    if isinstance(action, Pass):
        check_turn(core, seat)
        if core.pending:
            raise EngineError(ErrorCode.WRONG_PHASE, "finish your 7/10/Q/なかま decision first")
        if core.fmove is None and not core.cfg.leader_pass:
            raise EngineError(ErrorCode.LEADER_CANNOT_PASS, "the leader may not pass")
        return mv.PASS
    if isinstance(action, Give) and core.ph == EXCHANGE:
        return _exchange_give(core, seat, action.cards)
    if isinstance(action, Bribe):
        return _bribe(core, action)
    if isinstance(action, (Give, Discard, Bomb, Recruit)):
        check_turn(core, seat)
        want = {Give: mv.K_GIVE, Discard: mv.K_DISCARD, Bomb: mv.K_BOMB, Recruit: mv.K_RECRUIT}[type(action)]
        if not core.pending or core.pending[0][0] != want:
            raise EngineError(ErrorCode.WRONG_PHASE, f"no {type(action).__name__.lower()} is expected now")
        code, count, named = core.pending[0]
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
            if not core.hands[seat] >> action.card.index & 1:
                raise EngineError(ErrorCode.NOT_IN_HAND, "that card is not in your hand")
            return (mv.K_RECRUIT, action.card.index)
        mask = _hand_mask(core, seat, action.cards)
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


def _hand_mask(core: Core, seat: int, cards: Sequence[Card]) -> int:
    mask = mask_of(list(cards))
    if mask.bit_count() != len(cards):
        raise EngineError(ErrorCode.WRONG_COUNT, "a card appears twice")
    if mask & ~core.hands[seat]:
        alt = _swap_joker((0, mask), core.hands[seat])
        if alt is None:
            raise EngineError(ErrorCode.NOT_IN_HAND, "those cards are not in your hand")
        mask = alt[1]
    return mask


def _exchange_give(core: Core, seat: int, cards: Sequence[Card]) -> mv.Move:
    entry = next((e for e in core.ex_pending if e[0] == seat), None)
    if entry is None:
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "you have nothing to give")
    mask = _hand_mask(core, seat, cards)
    if mask.bit_count() != entry[2]:
        raise EngineError(ErrorCode.WRONG_COUNT, f"give exactly {entry[2]} card(s)")
    return (mv.K_EXGIVE, mask, seat)


def _bribe(core: Core, action: Bribe) -> mv.Move:
    seat = action.seat
    if core.ph == OVER:
        raise EngineError(ErrorCode.ROUND_OVER, "the round is over")
    if core.ph != EXCHANGE or not core.bribe_order:
        raise EngineError(ErrorCode.WRONG_PHASE, "no bribery now")
    if core.bribe_order[0] != seat:
        raise EngineError(ErrorCode.NOT_YOUR_TURN, "another seat decides on bribery now")
    if not action.cards:
        return (mv.K_BRIBE, 0, -1)
    mask = _hand_mask(core, seat, action.cards)
    k = mask.bit_count()
    if not 1 <= k <= 2:
        raise EngineError(ErrorCode.WRONG_COUNT, "bribe with 1 or 2 cards")
    if core.wallets[seat] < k:
        raise EngineError(ErrorCode.NO_FUNDS, "not enough 100億 cards")
    target = action.target
    if target is None or target not in bribe_targets(core, seat):
        raise EngineError(ErrorCode.BAD_TARGET, "you may only bribe a lower rank")
    return (mv.K_BRIBE, mask, target)


def bribe_targets(core: Core, seat: int) -> list[int]:
    """Seats ``seat`` may bribe: lower ranks of the previous round still in this round."""
    order = [s for s in core.prev_ranking if core.present >> s & 1]
    if seat not in order:
        return []
    return order[order.index(seat) + 1 :]
