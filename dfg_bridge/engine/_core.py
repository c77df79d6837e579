"""The round's fast state machine on compact moves (internal; :class:`Round` is the public face).

Everything here trusts its caller: validation lives in :mod:`dfg_bridge.engine.round`.
Events are built only when ``self.ev`` is a list (the public ``apply``); playouts skip them.
"""

from __future__ import annotations

from typing import Any

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._config import (
    FOUL_EIGHT,
    FOUL_JACK,
    FOUL_JOKER,
    FOUL_SPADE3,
    FOUL_STRONGEST,
    Config,
)
from dfg_bridge.engine.cards import CARDS, Rank, Suit, cards_of_mask
from dfg_bridge.engine.events import (
    Bombed,
    Bribed,
    Cleared,
    ClearReason,
    Discarded,
    ElevenBackChanged,
    Event,
    Finished,
    Gave,
    Locked,
    MiyakoOchi,
    NumberLocked,
    Passed,
    PhaseChanged,
    Played,
    Recruited,
    Reversed,
    RevolutionChanged,
    Risen,
    RoundOver,
    Skipped,
    SlimeChanged,
)
from dfg_bridge.engine.melds import meld_of_move

EXCHANGE = 0
PLAY = 1
OVER = 2

R_FIVE, R_SEVEN, R_EIGHT, R_NINE, R_TEN, R_JACK, R_QUEEN = 2, 4, 5, 6, 7, 8, 9
S3_BIT = 1  # ♠3 has index 0
S3_SINGLE: mv.Move = (mv.K_SINGLE, S3_BIT, 0, 1, 0, 0, 1)
ALL_JOKER_PAIR: mv.Move = (mv.K_GROUP, mv.JOKER_BITS, 2, 2, -1, -1, 0)

_SNAP_FIELDS = (
    "active",
    "cur",
    "ph",
    "fmove",
    "fby",
    "trick",
    "discard",
    "lockm",
    "nlock",
    "rev",
    "eb",
    "dirn",
    "passm",
    "top",
    "bottom",
    "how",
    "pending",
    "slime",
    "nak_miss",
    "risen",
    "step",
    "ex_pending",
    "bribe_order",
    "wallets",
    "held",
    "seen",
)


def _mix(x: int) -> int:
    """splitmix64 finaliser: a stateless, seedable hash for なかまカード draws."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


class Core:
    """Mutable round state on ints and tuples. Seats are 0..n-1."""

    __slots__ = (
        "active",
        "bottom",
        "bribe_order",
        "cache",
        "cfg",
        "cur",
        "dealer",
        "dirn",
        "discard",
        "eb",
        "ev",
        "ex_pending",
        "fby",
        "fmove",
        "hands",
        "held",
        "history",
        "how",
        "lockm",
        "n",
        "nak_miss",
        "nlock",
        "passm",
        "pending",
        "ph",
        "present",
        "prev_daifugo",
        "prev_ranking",
        "rev",
        "risen",
        "seed",
        "seen",
        "setup_events",
        "slime",
        "stack",
        "start_leader",
        "step",
        "top",
        "trick",
        "wallets",
    )

    def _init_core(self, cfg: Config, hands: list[int], present: int, seed: int) -> None:
        self.cfg = cfg
        self.n = len(hands)
        self.hands = hands
        self.present = present
        self.active = present
        self.cur = -1
        self.ph = PLAY
        self.fmove: mv.Move | None = None
        self.fby = -1
        self.trick = 0
        self.discard = 0
        self.lockm = 0
        self.nlock = False
        self.rev = False
        self.eb = False
        self.dirn = 1
        self.passm = 0
        self.top: tuple[int, ...] = ()
        self.bottom: tuple[int, ...] = ()
        self.how: tuple[tuple[int, str], ...] = ()
        self.pending: tuple[tuple[int, int, int], ...] = ()
        self.slime = 0
        self.nak_miss = 0
        self.risen = -1
        self.step = 0
        self.seed = seed
        self.ex_pending: tuple[tuple[int, int, int], ...] = ()
        self.bribe_order: tuple[int, ...] = ()
        self.wallets: tuple[int, ...] = (0,) * self.n
        self.held: tuple[int, ...] = (0,) * self.n
        self.seen = 0
        self.history: list[tuple[int, mv.Move]] = []
        self.stack: list[tuple[Any, ...]] = []
        self.ev: list[Event] | None = None
        self.cache: list[tuple[int, list[mv.Move], dict[tuple[int, int], list[mv.Move]]] | None] = [
            None
        ] * self.n
        self.prev_daifugo = -1
        self.prev_ranking: tuple[int, ...] = ()
        self.dealer = -1
        self.start_leader = -1
        self.setup_events: list[Event] = []

    # ------------------------------------------------------------------ copy / undo
    def _copy_core(self, other: Core) -> None:
        for name in _SNAP_FIELDS:
            setattr(self, name, getattr(other, name))
        for name in ("cfg", "n", "present", "seed", "prev_daifugo", "prev_ranking", "dealer", "start_leader"):
            setattr(self, name, getattr(other, name))
        self.hands = list(other.hands)
        self.history = list(other.history)
        self.cache = list(other.cache)
        self.stack = []
        self.ev = None
        self.setup_events = list(other.setup_events)

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(self.hands),
            len(self.history),
            self.active,
            self.cur,
            self.ph,
            self.fmove,
            self.fby,
            self.trick,
            self.discard,
            self.lockm,
            self.nlock,
            self.rev,
            self.eb,
            self.dirn,
            self.passm,
            self.top,
            self.bottom,
            self.how,
            self.pending,
            self.slime,
            self.nak_miss,
            self.risen,
            self.step,
            self.ex_pending,
            self.bribe_order,
            self.wallets,
            self.held,
            self.seen,
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            hands,
            hist_len,
            self.active,
            self.cur,
            self.ph,
            self.fmove,
            self.fby,
            self.trick,
            self.discard,
            self.lockm,
            self.nlock,
            self.rev,
            self.eb,
            self.dirn,
            self.passm,
            self.top,
            self.bottom,
            self.how,
            self.pending,
            self.slime,
            self.nak_miss,
            self.risen,
            self.step,
            self.ex_pending,
            self.bribe_order,
            self.wallets,
            self.held,
            self.seen,
        ) = snap
        self.hands = list(hands)
        del self.history[hist_len:]

    # ------------------------------------------------------------------ move generation
    def _melds(self, seat: int) -> tuple[int, list[mv.Move], dict[tuple[int, int], list[mv.Move]]]:
        """All melds of ``seat``'s hand (lead view), bucketed by (kind, size); cached per hand."""
        h = self.hands[seat]
        c = self.cache[seat]
        if c is not None and c[0] == h:
            return c
        cfg = self.cfg
        jb = h >> mv.JOKER_SHIFT
        st = cfg.single_table
        gt = cfg.group_table
        out: list[mv.Move] = []
        s0 = s1 = s2 = s3 = 0
        x = h
        for r in range(13):
            t = x & 15
            x >>= 4
            if t:
                out.extend(st[r << 4 | t])
                out.extend(gt[r << 6 | t << 2 | jb])
                if t & 1:
                    s0 |= 1 << r
                if t & 2:
                    s1 |= 1 << r
                if t & 4:
                    s2 |= 1 << r
                if t & 8:
                    s3 |= 1 << r
        if jb:
            out.append(mv.joker_single(jb))
            if jb == 3:
                out.append(ALL_JOKER_PAIR)
        if cfg.stairs:
            cache = cfg.stairs_cache
            ms = cfg.min_stairs
            for s, ranks in ((0, s0), (1, s1), (2, s2), (3, s3)):
                if ranks:
                    key = (ranks << 6) | (s << 2) | jb
                    got = cache.get(key)
                    if got is None:
                        got = cache[key] = mv.stairs(s, ranks, jb, ms)
                    out.extend(got)
        buckets: dict[tuple[int, int], list[mv.Move]] = {}
        for m in out:
            k = (m[0], m[3])
            b = buckets.get(k)
            if b is None:
                buckets[k] = [m]
            else:
                b.append(m)
        c = (h, out, buckets)
        self.cache[seat] = c
        return c

    def _inv(self) -> bool:
        return self.rev != self.eb

    def _lead_moves(self, seat: int) -> list[mv.Move]:
        out = self._melds(seat)[1]
        cfg = self.cfg
        res: list[mv.Move] = []
        strongest = 0 if self.rev != self.eb else 12
        for m in out:
            if m[4] < 0:  # JK JK pair: the strongest rank
                res.append((mv.K_GROUP, m[1], 2, 2, strongest, strongest, 3))
            elif cfg.double_joker_group and m[0] == mv.K_STAIRS and m[2] == 2 and m[3] == 3:
                continue
            else:
                res.append(m)
        return res

    def _field_ref(self, f: mv.Move, inv: bool) -> int:
        """The strength a play must exceed (or, under 数しば, follow by one)."""
        if f[0] == mv.K_STAIRS:
            if self.cfg.stairs_above:
                return 12 - f[4] if inv else f[5]
            return 12 - f[5] if inv else f[4]
        r = f[4]
        if r == mv.JOKER_RANK:
            return 100
        return 12 - r if inv else r

    @staticmethod
    def _key(m: mv.Move, inv: bool) -> int:
        if m[0] == mv.K_STAIRS:
            return 12 - m[5] if inv else m[4]
        r = m[4]
        if r == mv.JOKER_RANK:
            return 100
        return 12 - r if inv else r

    def _follow_moves(self, seat: int) -> list[mv.Move]:
        f = self.fmove
        assert f is not None
        h = self.hands[seat]
        fk = f[0]
        if fk == mv.K_SINGLE and f[4] == mv.JOKER_RANK:
            if self.cfg.spade3 and h & S3_BIT:
                return [S3_SINGLE]
            return []
        bucket = self._melds(seat)[2].get((fk, f[3]))
        if not bucket:
            return []
        inv = self.rev != self.eb
        fref = self._field_ref(f, inv)
        lock = self.lockm
        nl = self.nlock
        fsuits = f[6]
        out = []
        for cand in bucket:
            m = cand
            kind = m[0]
            r = m[4]
            if r == mv.JOKER_RANK:
                out.append(m)  # a lone joker beats any ordinary single, locks or not
                continue
            if r < 0:  # JK JK pair: pick the strongest legal rank
                want = fref + 1 if nl else 12
                if want > 12 or want <= fref:
                    continue
                rr = 12 - want if inv else want
                suits = lock or (fsuits if fsuits.bit_count() == 2 else 3)
                out.append((mv.K_GROUP, m[1], 2, 2, rr, rr, suits))
                continue
            if kind == mv.K_STAIRS:  # noqa: SIM108 - hot loop, keep it flat
                k = 12 - m[5] if inv else r
            else:
                k = 12 - r if inv else r
            if nl:
                if k != fref + 1:
                    continue
            elif k <= fref:
                continue
            if kind == mv.K_GROUP and m[2]:
                real = (m[1] >> (4 * r)) & 15
                if lock:
                    if real & ~lock:
                        continue
                    if m[6] != lock:
                        m = (kind, m[1], m[2], m[3], r, r, lock)
                elif not real & ~fsuits and m[6] != fsuits and fsuits.bit_count() >= m[3]:
                    m = (kind, m[1], m[2], m[3], r, r, fsuits)
            elif lock and m[6] != lock:
                continue
            out.append(m)
        return out

    def _moves(self) -> list[mv.Move]:
        """Legal moves of the seat to act (PLAY phase), pass included when allowed."""
        seat = self.cur
        if self.ph != PLAY or seat < 0:
            return []
        if self.pending:
            return self._decision_moves(seat)
        if self.fmove is None:
            return self._lead_moves(seat)
        out = self._follow_moves(seat)
        out.append(mv.PASS)
        return out

    def _decision_moves(self, seat: int) -> list[mv.Move]:
        code, count, named = self.pending[0]
        h = self.hands[seat]
        out: list[mv.Move]
        if code == mv.K_RECRUIT:
            out = [(mv.K_RECRUIT, -1)]
            out += [(mv.K_RECRUIT, i) for i in mv.bits(h)]
            return out
        if code == mv.K_BOMB:
            out = [(mv.K_BOMB, -1)]
            out += [(mv.K_BOMB, r) for r in range(14) if not named >> r & 1]
            return out
        return [(code, m) for m in _subsets(h, count)]

    # ------------------------------------------------------------------ turn helpers
    def _next_active(self, seat: int) -> int:
        act = self.active
        if not act:
            return -1
        n = self.n
        d = self.dirn
        s = seat
        for _ in range(n):
            s = (s + d) % n
            if act >> s & 1:
                return s
        return -1

    def _set_turn(self, seat: int) -> None:
        self.cur = seat
        if self.cfg.nakama and self.discard and seat >= 0 and self.ph == PLAY:
            self._nakama_roll(seat)

    def _nakama_roll(self, seat: int) -> None:
        cfg = self.cfg
        x = _mix(self.seed * 1_000_003 + self.step * 7919 + seat)
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
        passed = self.passm
        fb = self.fby
        need = act & ~passed & ~(1 << fb)
        if need == 0:
            leader = fb if act >> fb & 1 else self._next_active(fb)
            self._clear(ClearReason.ALL_PASSED, leader)
            return
        n = self.n
        d = self.dirn
        pl = self.cfg.pass_lock
        s = cur
        for _ in range(n):
            s = (s + d) % n
            if act >> s & 1 and not (pl and passed >> s & 1):
                break
        if s == fb:
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

    # ------------------------------------------------------------------ finishing
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

    def ranking_tuple(self) -> tuple[int, ...]:
        """Seats by place so far: finishers from the top, then the bottom places."""
        return self.top + tuple(reversed(self.bottom))

    def _count(self, m: mv.Move, r: int) -> int:
        return mv.count_rank(m, r, self.cfg.joker_triggers)

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

    # ------------------------------------------------------------------ applying moves
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
            and (cfg.lock_by_joker or not (m[2] or prev[2]))
        ):
            if cfg.lock and not self.lockm and m[6] == prev[6]:
                self.lockm = m[6]
                if ev is not None:
                    ev.append(Locked(tuple(Suit(s).letter for s in range(4) if m[6] >> s & 1)))
            if (
                cfg.number_lock
                and not self.nlock
                and self._key(m, inv) == self._field_ref(prev, inv) + 1
            ):
                self.nlock = True
                if ev is not None:
                    ev.append(NumberLocked(bool(self.lockm)))
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
            self._slime(m, finishing or foul)
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
            if self.ph != OVER:
                self._finish(s, "out")
        if self.ph == OVER:
            return
        if not self.active >> seat & 1:
            self.pending = ()
        if self.pending:
            return
        self._after_play(seat)

    # ------------------------------------------------------------------ exchange and bribery
    def _exchange_move(self, m: mv.Move) -> None:
        ev = self.ev
        if m[0] == mv.K_EXGIVE:
            seat, mask = m[2], m[1]
            entry = next(e for e in self.ex_pending if e[0] == seat)
            self.ex_pending = tuple(e for e in self.ex_pending if e is not entry)
            self.hands[seat] &= ~mask
            self.hands[entry[1]] |= mask
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
        strong = 0
        th = self.hands[target]
        for _ in range(min(k, th.bit_count())):
            top = 1 << (th.bit_length() - 1)
            strong |= top
            th &= ~top
        self.hands[target] = th
        self.hands[seat] &= ~mask
        held = list(self.held)
        held[seat] |= strong
        held[target] |= mask
        self.held = tuple(held)
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


def _subsets(h: int, k: int) -> list[int]:
    """All sub-masks of ``h`` with at most ``k`` bits (including the empty one)."""
    from itertools import combinations

    cards = mv.bits(h)
    out = [0]
    for size in range(1, min(k, len(cards)) + 1):
        for combo in combinations(cards, size):
            m = 0
            for c in combo:
                m |= 1 << c
            out.append(m)
    return out
