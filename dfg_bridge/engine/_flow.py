"""Plays, tricks, effects and finishing (internal): what happens after a move.

Everything here trusts its caller: validation lives in :mod:`dfg_bridge.engine._validate`.
Events are built only when ``self.ev`` is a list (the public ``apply``); playouts skip them.
"""

from __future__ import annotations

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import FOUL_EIGHT, FOUL_JACK, FOUL_JOKER, FOUL_SPADE3, FOUL_STRONGEST
from dfg_bridge.engine._movegen import MoveGen
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
    mix,
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


class Flow(MoveGen):
    """Resolves plays: locks, 革命, 11バック, 8切り, 5飛び, 9リバース, fouls, places, clears."""

    __slots__ = ()

    def _set_turn(self, seat: int) -> None:
        self.cur = seat
        if self.cfg.nakama and self.discard and seat >= 0 and self.ph == PLAY:
            self._nakama_roll(seat)

    def _nakama_roll(self, seat: int) -> None:
        cfg = self.cfg
        x = mix(self.seed * 1_000_003 + self.step * 7919 + seat)
        chance = min(cfg.nakama_max, cfg.nakama_rate * (1 + self.nak_miss))
        if (x & 0xFFFFFFFF) / 4294967296.0 >= chance:
            self.nak_miss += 1
            return
        self.nak_miss = 0
        pile = mv.bits(self.discard)
        self.risen = pile[(x >> 32) % len(pile)]
        self.pending = ((mv.K_RECRUIT, 1, 0),)
        if self.ev is not None:
            self.ev.append(Risen(seat, CARDS[self.risen]))

    def _advance(self, cur: int) -> None:
        """Give the turn to the next seat, or clear the field if everyone else passed."""
        act = self.active
        fb = self.fby
        cfg = self.cfg
        unpassed = act & ~self.passm
        if fb < 0:
            # an empty field that a leader passed on (leader_may_pass): once everyone has passed, the
            # trick's leader, next after the last passer, leads again (UECda: the last to put cards)
            if not unpassed:
                self._clear(ClearReason.ALL_PASSED, self._next_active(cur))
                return
        elif not (unpassed if cfg.owner_again else unpassed & ~(1 << fb)):
            # UECda asks the owner again, so the field clears when the owner passes too
            leader = fb if act >> fb & 1 else self._next_active(fb)
            self._clear(ClearReason.ALL_PASSED, leader)
            return
        # the next candidate seat in turn order, by bit scan (never empty here)
        cand = unpassed if cfg.pass_lock else act
        if self.dirn > 0:
            later = cand >> (cur + 1)
            s = cur + (later & -later).bit_length() if later else (cand & -cand).bit_length() - 1
        else:
            earlier = cand & ((1 << cur) - 1)
            s = (earlier or cand).bit_length() - 1
        if s == fb and not cfg.owner_again:
            # back to whoever played last (5飛び skipped the others): 000 「最後にカードを出した
            # プレイヤーの順番まで回ってきた場合は…場が流れる」
            self._clear(ClearReason.ALL_PASSED, fb)
            return
        self._set_turn(s)

    def _clear(self, reason: ClearReason, leader: int) -> None:
        self.discard |= self.trick
        self.trick = 0
        self.fmove = None
        self.fby = -1
        self.lockm = 0
        self.nlock = False
        self.passm = 0
        ev = self.ev
        if self.eb:
            self.eb = False
            if ev is not None:
                ev.append(ElevenBackChanged(False))
        if ev is not None:
            ev.append(Cleared(reason, leader if leader >= 0 else None))
        self._set_turn(leader)

    def _finish(self, seat: int, reason: str) -> None:
        self.active &= ~(1 << seat)
        n_present = self.present.bit_count()
        if reason == "out":
            self.top += (seat,)
            place = len(self.top)
        elif reason == "foul" and self.cfg.foul_later_lower:
            self.bottom = (seat, *self.bottom)
            place = n_present
        else:
            self.bottom += (seat,)
            place = n_present - len(self.bottom) + 1
        self.how += ((seat, reason),)
        ev = self.ev
        if ev is not None:
            ev.append(Finished(seat, place, reason == "foul", reason))
        if (
            reason == "out"
            and len(self.top) == 1
            and self.cfg.miyako
            and n_present >= self.cfg.miyako_min
            and self.prev_daifugo >= 0
            and self.prev_daifugo != seat
            and self.active >> self.prev_daifugo & 1
        ):
            fallen = self.prev_daifugo
            lost = self.hands[fallen]
            self.hands[fallen] = 0
            self.discard |= lost
            if ev is not None:
                ev.append(MiyakoOchi(fallen, n_present - len(self.bottom)))
                if lost:
                    ev.append(Discarded(fallen, cards_of_mask(lost), "miyako_ochi"))
            self._finish(fallen, "miyako_ochi")
        if self.ph != OVER and self.active.bit_count() <= 1:
            if self.active:
                last = self.active.bit_length() - 1
                self.active = 0
                self.top += (last,)
                self.how += ((last, "last"),)
                if ev is not None:
                    ev.append(Finished(last, len(self.top), False, "last"))
            self.ph = OVER
            self.cur = -1
            self.pending = ()
            if ev is not None:
                ev.append(RoundOver(self.ranking_tuple()))

    def _is_foul(self, m: mv.Move, inv: bool, spade3: bool) -> bool:
        f = self.cfg.foul
        if not f:
            return False
        if f & FOUL_JOKER and m[2]:
            return True
        if f & FOUL_STRONGEST and mv.count_rank(m, 0 if inv else 12, True):
            return True
        if f & FOUL_EIGHT and self.cfg.eight_cut and self._count(m, R_EIGHT):
            return True
        if f & FOUL_JACK and self.cfg.eleven_back and self._count(m, R_JACK):
            return True
        return bool(f & FOUL_SPADE3 and spade3)

    def _play(self, seat: int, m: mv.Move) -> None:
        cfg = self.cfg
        mask = m[1]
        h = self.hands[seat] & ~mask
        self.hands[seat] = h
        prev = self.fmove
        self.trick |= mask
        self.seen |= mask
        self.history.append((seat, m))
        ev = self.ev
        if ev is not None:
            ev.append(Played(seat, meld_of_move(m)))
        inv = self.rev != self.eb
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
            if cfg.lock and not self.lockm and m[6] == prev[6]:
                self.lockm = m[6]
                if ev is not None:
                    ev.append(Locked(tuple(Suit(s).letter for s in range(4) if m[6] >> s & 1)))
            if cfg.number_lock and not self.nlock and self._key(m, inv) == self._field_ref(prev, inv) + 1:
                self.nlock = True
                if ev is not None:
                    ev.append(NumberLocked(bool(self.lockm)))
        if lone_joker and cfg.joker_unlocks:
            self.lockm = 0  # UECda: a lone joker ends any lock
            self.nlock = False
        finishing = h == 0
        foul = finishing and self._is_foul(m, inv, spade3)
        if cfg.revolution and not lone_joker:
            size = m[3]
            if (kind == mv.K_GROUP and size >= cfg.rev_group) or (
                kind == mv.K_STAIRS and size >= cfg.rev_stairs
            ):
                self.rev = not self.rev
                if ev is not None:
                    ev.append(RevolutionChanged(self.rev))
        if cfg.eleven_back and not self.eb and self._count(m, R_JACK):
            self.eb = True
            if ev is not None:
                ev.append(ElevenBackChanged(True))
        if cfg.slime:
            # 000 exempts a foul finish and the last finish of the game (各ゲームの最後に♠であがった時)
            self._slime(m, foul or (finishing and self._last_finish(seat)))
        if cfg.nine_reverse and self._count(m, R_NINE):
            self.dirn = -self.dirn
            if ev is not None:
                ev.append(Reversed(self.dirn))
        self.fmove = m
        self.fby = seat
        if not cfg.pass_lock:
            self.passm = 0
        if finishing:
            self._finish(seat, "foul" if foul else "out")
            if self.ph == OVER:
                return
            if foul and cfg.foul_clears:
                self._clear(ClearReason.FOUL, self._next_active(seat))
                return
            if spade3:
                self._clear(ClearReason.SPADE3, self._next_active(seat))
                return
        elif spade3:
            self._clear(ClearReason.SPADE3, seat)
            return
        else:
            pend: list[tuple[int, int, int]] = []
            if cfg.seven_pass:
                c = self._count(m, R_SEVEN)
                if c:
                    pend.append((mv.K_GIVE, c, 0))
            if cfg.ten_discard:
                c = self._count(m, R_TEN)
                if c:
                    pend.append((mv.K_DISCARD, c, 0))
            if cfg.bomb:
                c = self._count(m, R_QUEEN)
                if c:
                    pend.append((mv.K_BOMB, c, 0))
            if pend:
                self.pending = tuple(pend)
                return
        self._after_play(seat)

    def _last_finish(self, seat: int) -> bool:
        """Would ``seat`` finishing normally now end the round (都落ち included)?"""
        rest = self.active & ~(1 << seat)
        fallen = self.prev_daifugo
        if (
            not self.top
            and self.cfg.miyako
            and self.present.bit_count() >= self.cfg.miyako_min
            and fallen >= 0
            and fallen != seat
        ):
            rest &= ~(1 << fallen)
        return rest.bit_count() <= 1

    def _slime(self, m: mv.Move, no_spawn: bool) -> None:
        ev = self.ev
        if m[2]:
            if self.slime:
                self.slime = 0
                if ev is not None:
                    ev.append(SlimeChanged(0))
            return
        if no_spawn:
            return
        spades = (m[1] & mv.SPADE_BITS).bit_count()
        if not spades:
            return
        self.slime += spades
        if ev is not None:
            ev.append(SlimeChanged(self.slime))
        if self.slime >= self.cfg.slime_needed:
            self.slime = 0
            self.rev = not self.rev
            if ev is not None:
                ev.append(RevolutionChanged(self.rev, "slime"))
                ev.append(SlimeChanged(0))

    def _after_play(self, seat: int) -> None:
        """Effects that end a play: 8切り, 5飛び, or the next turn."""
        m = self.fmove
        assert m is not None
        cfg = self.cfg
        here = bool(self.active >> seat & 1)
        if cfg.eight_cut and self._count(m, R_EIGHT):
            self._clear(ClearReason.EIGHT_CUT, seat if here else self._next_active(seat))
            return
        if cfg.five_skip:
            c = self._count(m, R_FIVE)
            if c:
                eligible = []
                act = self.active & ~(1 << seat)
                if cfg.pass_lock:
                    act &= ~self.passm
                s = seat
                for _ in range(self.n - 1):
                    s = (s + self.dirn) % self.n
                    if act >> s & 1:
                        eligible.append(s)
                if eligible:
                    if c >= len(eligible):
                        if self.ev is not None:
                            self.ev.append(Skipped(tuple(eligible)))
                        self._clear(ClearReason.SKIP, seat if here else self._next_active(seat))
                        return
                    if self.ev is not None:
                        self.ev.append(Skipped(tuple(eligible[:c])))
                    self._set_turn(eligible[c])
                    return
        self._advance(seat)
