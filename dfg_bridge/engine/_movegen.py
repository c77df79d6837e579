"""Legal-move generation on compact moves (internal): the hot path of playouts."""

from __future__ import annotations

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._state import ALL_JOKER_PAIR, PLAY, S3_BIT, S3_SINGLE, State


class MoveGen(State):
    """Generates the legal compact moves of the seat to act."""

    __slots__ = ()

    def _melds(self, seat: int) -> tuple[int, list[mv.Move], dict[int, list[mv.Move]]]:
        """All melds of ``seat``'s hand (lead view), bucketed by ``kind << 4 | size``; cached per hand."""
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
                        got = cache[key] = mv.stairs(s, ranks, jb, ms, cfg.beyond)
                    out.extend(got)
        buckets: dict[int, list[mv.Move]] = {}
        for m in out:
            k = m[0] << 4 | m[3]
            b = buckets.get(k)
            if b is None:
                buckets[k] = [m]
            else:
                b.append(m)
        c = (h, out, buckets)
        self.cache[seat] = c
        return c

    def _lead_moves(self, seat: int) -> list[mv.Move]:
        out = self._melds(seat)[1]
        cfg = self.cfg
        res: list[mv.Move] = []
        strongest = 0 if self.rev != self.eb else 12
        for m in out:
            if m[4] < 0 and m[0] == mv.K_GROUP:  # JK JK pair: the strongest rank
                res.append((mv.K_GROUP, m[1], 2, 2, strongest, strongest, 3))
            elif cfg.double_joker_group and m[0] == mv.K_STAIRS and m[2] == 2 and m[3] == 3:
                continue
            else:
                res.append(m)
        return res

    def _follow_moves(self, seat: int) -> list[mv.Move]:
        f = self.fmove
        assert f is not None
        h = self.hands[seat]
        fk = f[0]
        if fk == mv.K_SINGLE and f[4] == mv.JOKER_RANK:
            if self.cfg.spade3 and h & S3_BIT:
                return [S3_SINGLE]
            return []
        bucket = self._melds(seat)[2].get(fk << 4 | f[3])
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
            if r < 0 and kind == mv.K_GROUP:  # JK JK pair: pick the strongest legal rank
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
            if self.cfg.leader_pass:
                out = self._lead_moves(seat)
                out.append(mv.PASS)
                return out
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
