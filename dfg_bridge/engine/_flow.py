"""Plays, tricks, effects and finishing (internal): what happens after a move.

Functions of a :class:`~dfg_bridge.engine._state.State` ``s`` that change it in place (the design is
in that module's docstring). Everything here trusts its caller: validation lives in
:mod:`dfg_bridge.engine._validate`. Events are built only when ``s.ev`` is a list (the public
``apply``); playouts skip them.
"""

from __future__ import annotations

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import FOUL_EIGHT, FOUL_JACK, FOUL_JOKER, FOUL_SPADE3, FOUL_STRONGEST
from dfg_bridge.engine._moves import field_ref, play_key
from dfg_bridge.engine._state import (
    OVER,
    PLAY,
    R_EIGHT,
    R_FIVE,
    R_JACK,
    R_NINE,
    R_QUEEN,
    R_SEVEN,
    R_TEN,
    S3_BIT,
    State,
    mix,
    next_active,
    ranking,
)
from dfg_bridge.engine.cards import CARDS, Suit, cards_of_mask
from dfg_bridge.engine.events import (
    Cleared,
    ClearReason,
    Discarded,
    ElevenBackChanged,
    Finished,
    Locked,
    MiyakoOchi,
    NumberLocked,
    Played,
    Reversed,
    RevolutionChanged,
    Risen,
    RoundOver,
    Skipped,
    SlimeChanged,
)
from dfg_bridge.engine.melds import meld_of_move


def set_turn(s: State, seat: int) -> None:
    """Give the turn to ``seat`` (-1: nobody); a なかまカード may rise for it."""
    s.cur = seat
    if s.cfg.nakama and s.discard and seat >= 0 and s.ph == PLAY:
        _nakama_roll(s, seat)


def _nakama_roll(s: State, seat: int) -> None:
    cfg = s.cfg
    x = mix(s.seed * 1_000_003 + s.step * 7919 + seat)
    chance = min(cfg.nakama_max, cfg.nakama_rate * (1 + s.nak_miss))
    if (x & 0xFFFFFFFF) / 4294967296.0 >= chance:
        s.nak_miss += 1
        return
    s.nak_miss = 0
    pile = mv.bits(s.discard)
    s.risen = pile[(x >> 32) % len(pile)]
    s.pending = ((mv.K_RECRUIT, 1, 0),)
    if s.ev is not None:
        s.ev.append(Risen(seat, CARDS[s.risen]))


def advance(s: State, cur: int) -> None:
    """Give the turn to the next seat, or clear the field if everyone else passed."""
    act = s.active
    fb = s.fby
    cfg = s.cfg
    unpassed = act & ~s.passm
    if fb < 0:
        # an empty field that a leader passed on (leader_may_pass): once everyone has passed, the
        # trick's leader, next after the last passer, leads again (UECda: the last to put cards)
        if not unpassed:
            clear(s, ClearReason.ALL_PASSED, next_active(s, cur))
            return
    elif not (unpassed if cfg.owner_again else unpassed & ~(1 << fb)):
        # UECda asks the owner again, so the field clears when the owner passes too
        leader = fb if act >> fb & 1 else next_active(s, fb)
        clear(s, ClearReason.ALL_PASSED, leader)
        return
    # the next candidate seat in turn order, by bit scan (never empty here)
    cand = unpassed if cfg.pass_lock else act
    if s.dirn > 0:
        later = cand >> (cur + 1)
        t = cur + (later & -later).bit_length() if later else (cand & -cand).bit_length() - 1
    else:
        earlier = cand & ((1 << cur) - 1)
        t = (earlier or cand).bit_length() - 1
    if t == fb and not cfg.owner_again:
        # back to whoever played last (5飛び skipped the others): 000 「最後にカードを出した
        # プレイヤーの順番まで回ってきた場合は…場が流れる」
        clear(s, ClearReason.ALL_PASSED, fb)
        return
    set_turn(s, t)


def clear(s: State, reason: ClearReason, leader: int) -> None:
    """場が流れる: the trick goes to the discard pile, locks end, ``leader`` leads the next trick."""
    s.discard |= s.trick
    s.trick = 0
    s.fmove = None
    s.fby = -1
    s.lockm = 0
    s.nlock = False
    s.passm = 0
    ev = s.ev
    if s.eb:
        s.eb = False
        if ev is not None:
            ev.append(ElevenBackChanged(False))
    if ev is not None:
        ev.append(Cleared(reason, leader if leader >= 0 else None))
    set_turn(s, leader)


def finish(s: State, seat: int, reason: str) -> None:
    """``seat`` takes its place (``reason``: out, foul, miyako_ochi, dropout); the round may end."""
    s.active &= ~(1 << seat)
    n_present = s.present.bit_count()
    if reason == "out":
        s.top += (seat,)
        place = len(s.top)
    elif reason == "foul" and s.cfg.foul_later_lower:
        s.bottom = (seat, *s.bottom)
        place = n_present
    else:
        s.bottom += (seat,)
        place = n_present - len(s.bottom) + 1
    s.how += ((seat, reason),)
    ev = s.ev
    if ev is not None:
        ev.append(Finished(seat, place, reason == "foul", reason))
    if (
        reason == "out"
        and len(s.top) == 1
        and s.cfg.miyako
        and n_present >= s.cfg.miyako_min
        and s.prev_daifugo >= 0
        and s.prev_daifugo != seat
        and s.active >> s.prev_daifugo & 1
    ):
        fallen = s.prev_daifugo
        lost = s.hands[fallen]
        s.hands[fallen] = 0
        s.discard |= lost
        if ev is not None:
            ev.append(MiyakoOchi(fallen, n_present - len(s.bottom)))
            if lost:
                ev.append(Discarded(fallen, cards_of_mask(lost), "miyako_ochi"))
        finish(s, fallen, "miyako_ochi")
    if s.ph != OVER and s.active.bit_count() <= 1:
        if s.active:
            last = s.active.bit_length() - 1
            s.active = 0
            s.top += (last,)
            s.how += ((last, "last"),)
            if ev is not None:
                ev.append(Finished(last, len(s.top), False, "last"))
        s.ph = OVER
        s.cur = -1
        s.pending = ()
        if ev is not None:
            ev.append(RoundOver(ranking(s)))


def is_foul(s: State, m: mv.Move, inv: bool, spade3: bool) -> bool:
    """Would finishing with play ``m`` be 反則上がり (``spade3``: it is a スペ3返し)?"""
    cfg = s.cfg
    f = cfg.foul
    if not f:
        return False
    if f & FOUL_JOKER and m[2]:
        return True
    if f & FOUL_STRONGEST and mv.count_rank(m, 0 if inv else 12, True):
        return True
    if f & FOUL_EIGHT and cfg.eight_cut and mv.count_rank(m, R_EIGHT, cfg.joker_triggers):
        return True
    if f & FOUL_JACK and cfg.eleven_back and mv.count_rank(m, R_JACK, cfg.joker_triggers):
        return True
    return bool(f & FOUL_SPADE3 and spade3)


def play(s: State, seat: int, m: mv.Move) -> None:
    """``seat`` plays ``m``: hand, field, locks, 革命, 11バック, スライム, 9リバース, decisions owed, turn."""
    cfg = s.cfg
    mask = m[1]
    h = s.hands[seat] & ~mask
    s.hands[seat] = h
    prev = s.fmove
    s.trick |= mask
    s.seen |= mask
    s.history.append((seat, m))
    ev = s.ev
    if ev is not None:
        ev.append(Played(seat, meld_of_move(m)))
    inv = s.rev != s.eb
    kind = m[0]
    lone_joker = kind == mv.K_SINGLE and m[4] == mv.JOKER_RANK
    spade3 = (
        prev is not None
        and prev[0] == mv.K_SINGLE
        and prev[4] == mv.JOKER_RANK
        and mask == S3_BIT
        and cfg.spade3
    )
    if (
        prev is not None
        and not spade3
        and not lone_joker
        and m[6]
        and prev[6]
        # 001 「直前の手がジョーカー入りのときは始まりません」: only the previous play's joker
        # matters; the new play's joker counts as the suit it stands for
        and (cfg.lock_by_joker or not prev[2])
    ):
        if cfg.lock and not s.lockm and m[6] == prev[6]:
            s.lockm = m[6]
            if ev is not None:
                ev.append(Locked(tuple(Suit(t).letter for t in range(4) if m[6] >> t & 1)))
        if cfg.number_lock and not s.nlock and play_key(m, inv) == field_ref(prev, inv, cfg.stairs_above) + 1:
            s.nlock = True
            if ev is not None:
                ev.append(NumberLocked(bool(s.lockm)))
    if lone_joker and cfg.joker_unlocks:
        s.lockm = 0  # UECda: a lone joker ends any lock
        s.nlock = False
    finishing = h == 0
    foul = finishing and is_foul(s, m, inv, spade3)
    if cfg.revolution and not lone_joker:
        size = m[3]
        if (kind == mv.K_GROUP and size >= cfg.rev_group) or (kind == mv.K_STAIRS and size >= cfg.rev_stairs):
            s.rev = not s.rev
            if ev is not None:
                ev.append(RevolutionChanged(s.rev))
    if cfg.eleven_back and not s.eb and mv.count_rank(m, R_JACK, cfg.joker_triggers):
        s.eb = True
        if ev is not None:
            ev.append(ElevenBackChanged(True))
    if cfg.slime:
        # 000 exempts a foul finish and the last finish of the game (各ゲームの最後に♠であがった時)
        _slime(s, m, foul or (finishing and _last_finish(s, seat)))
    if cfg.nine_reverse and mv.count_rank(m, R_NINE, cfg.joker_triggers):
        s.dirn = -s.dirn
        if ev is not None:
            ev.append(Reversed(s.dirn))
    s.fmove = m
    s.fby = seat
    if not cfg.pass_lock:
        s.passm = 0
    if finishing:
        finish(s, seat, "foul" if foul else "out")
        if s.ph == OVER:
            return
        if foul and cfg.foul_clears:
            clear(s, ClearReason.FOUL, next_active(s, seat))
            return
        if spade3:
            clear(s, ClearReason.SPADE3, next_active(s, seat))
            return
    elif spade3:
        clear(s, ClearReason.SPADE3, seat)
        return
    else:
        pend: list[tuple[int, int, int]] = []
        if cfg.seven_pass:
            c = mv.count_rank(m, R_SEVEN, cfg.joker_triggers)
            if c:
                pend.append((mv.K_GIVE, c, 0))
        if cfg.ten_discard:
            c = mv.count_rank(m, R_TEN, cfg.joker_triggers)
            if c:
                pend.append((mv.K_DISCARD, c, 0))
        if cfg.bomb:
            c = mv.count_rank(m, R_QUEEN, cfg.joker_triggers)
            if c:
                pend.append((mv.K_BOMB, c, 0))
        if pend:
            s.pending = tuple(pend)
            return
    after_play(s, seat)


def _last_finish(s: State, seat: int) -> bool:
    """Would ``seat`` finishing normally now end the round (都落ち included)?"""
    rest = s.active & ~(1 << seat)
    fallen = s.prev_daifugo
    if (
        not s.top
        and s.cfg.miyako
        and s.present.bit_count() >= s.cfg.miyako_min
        and fallen >= 0
        and fallen != seat
    ):
        rest &= ~(1 << fallen)
    return rest.bit_count() <= 1


def _slime(s: State, m: mv.Move, no_spawn: bool) -> None:
    ev = s.ev
    if m[2]:
        if s.slime:
            s.slime = 0
            if ev is not None:
                ev.append(SlimeChanged(0))
        return
    if no_spawn:
        return
    spades = (m[1] & mv.SPADE_BITS).bit_count()
    if not spades:
        return
    s.slime += spades
    if ev is not None:
        ev.append(SlimeChanged(s.slime))
    if s.slime >= s.cfg.slime_needed:
        s.slime = 0
        s.rev = not s.rev
        if ev is not None:
            ev.append(RevolutionChanged(s.rev, "slime"))
            ev.append(SlimeChanged(0))


def after_play(s: State, seat: int) -> None:
    """Effects that end a play: 8切り, 5飛び, or the next turn."""
    m = s.fmove
    assert m is not None
    cfg = s.cfg
    here = bool(s.active >> seat & 1)
    if cfg.eight_cut and mv.count_rank(m, R_EIGHT, cfg.joker_triggers):
        clear(s, ClearReason.EIGHT_CUT, seat if here else next_active(s, seat))
        return
    if cfg.five_skip:
        c = mv.count_rank(m, R_FIVE, cfg.joker_triggers)
        if c:
            eligible = []
            act = s.active & ~(1 << seat)
            if cfg.pass_lock:
                act &= ~s.passm
            t = seat
            for _ in range(s.n - 1):
                t = (t + s.dirn) % s.n
                if act >> t & 1:
                    eligible.append(t)
            if eligible:
                if c >= len(eligible):
                    if s.ev is not None:
                        s.ev.append(Skipped(tuple(eligible)))
                    clear(s, ClearReason.SKIP, seat if here else next_active(s, seat))
                    return
                if s.ev is not None:
                    s.ev.append(Skipped(tuple(eligible[:c])))
                set_turn(s, eligible[c])
                return
    advance(s, seat)
