"""Legal-move generation on compact moves (internal): the hot path of playouts.

Functions of a :class:`~dfg_bridge.engine._state.State` (see its module for the design): they read
the state and write nothing but the per-hand meld cache ``s.cache``.
"""

from __future__ import annotations

from itertools import combinations

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._moves import field_ref
from dfg_bridge.engine._state import ALL_JOKER_PAIR, PLAY, S3_BIT, S3_SINGLE, State


def melds(s: State, seat: int) -> tuple[int, list[mv.Move], dict[int, list[mv.Move]]]:
    """All melds of ``seat``'s hand (lead view), bucketed by ``kind << 4 | size``; cached per hand."""
    h = s.hands[seat]
    c = s.cache[seat]
    if c is not None and c[0] == h:
        return c
    cfg = s.cfg
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
        for suit, ranks in ((0, s0), (1, s1), (2, s2), (3, s3)):
            if ranks:
                key = (ranks << 6) | (suit << 2) | jb
                got = cache.get(key)
                if got is None:
                    got = cache[key] = mv.stairs(suit, ranks, jb, ms, cfg.beyond)
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
    s.cache[seat] = c
    return c


def lead_moves(s: State, seat: int) -> list[mv.Move]:
    """Every play ``seat`` may lead on an empty field (the JK JK pair at the strongest rank)."""
    out = melds(s, seat)[1]
    cfg = s.cfg
    res: list[mv.Move] = []
    strongest = 0 if s.rev != s.eb else 12
    for m in out:
        if m[4] < 0 and m[0] == mv.K_GROUP:  # JK JK pair: the strongest rank
            res.append((mv.K_GROUP, m[1], 2, 2, strongest, strongest, 3))
        elif cfg.double_joker_group and m[0] == mv.K_STAIRS and m[2] == 2 and m[3] == 3:
            continue
        else:
            res.append(m)
    return res


def follow_moves(s: State, seat: int) -> list[mv.Move]:
    """Every play of ``seat`` that beats the field (locks and 数しば applied), pass not included."""
    f = s.fmove
    assert f is not None
    h = s.hands[seat]
    fk = f[0]
    if fk == mv.K_SINGLE and f[4] == mv.JOKER_RANK:
        if s.cfg.spade3 and h & S3_BIT:
            return [S3_SINGLE]
        return []
    bucket = melds(s, seat)[2].get(fk << 4 | f[3])
    if not bucket:
        return []
    inv = s.rev != s.eb
    fref = field_ref(f, inv, s.cfg.stairs_above)
    lock = s.lockm
    nl = s.nlock
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


def legal_moves(s: State) -> list[mv.Move]:
    """Legal moves of the seat to act (PLAY phase), pass included when allowed."""
    seat = s.cur
    if s.ph != PLAY or seat < 0:
        return []
    if s.pending:
        return decision_moves(s, seat)
    if s.fmove is None:
        if s.cfg.leader_pass:
            out = lead_moves(s, seat)
            out.append(mv.PASS)
            return out
        return lead_moves(s, seat)
    out = follow_moves(s, seat)
    out.append(mv.PASS)
    return out


def decision_moves(s: State, seat: int) -> list[mv.Move]:
    """The choices of the decision ``seat`` owes (7渡し, 10捨て, Qボンバー, なかまカード)."""
    code, count, named = s.pending[0]
    h = s.hands[seat]
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
    cards = mv.bits(h)
    out = [0]
    for size in range(1, min(k, len(cards)) + 1):
        for combo in combinations(cards, size):
            m = 0
            for c in combo:
                m |= 1 << c
            out.append(m)
    return out


def exchange_moves(s: State, seat: int | None) -> list[mv.Move]:
    """The exchange's choices: the next 買収 decision, or each giver's cards to give back."""
    if s.bribe_order:
        briber = s.bribe_order[0]
        if seat is not None and seat != briber:
            return []
        out: list[mv.Move] = [(mv.K_BRIBE, 0, -1)]
        cards = mv.bits(s.hands[briber])
        for target in bribe_targets(s, briber):
            for k in range(1, min(2, s.wallets[briber]) + 1):
                for combo in combinations(cards, k):
                    out.append((mv.K_BRIBE, sum(1 << c for c in combo), target))
        return out
    out = []
    for giver, _low, k in s.ex_pending:
        if seat is not None and seat != giver:
            continue
        for combo in combinations(mv.bits(s.hands[giver]), k):
            out.append((mv.K_EXGIVE, sum(1 << c for c in combo), giver))
    return out


def bribe_targets(s: State, seat: int) -> list[int]:
    """Seats ``seat`` may bribe: lower ranks of the previous round still in this round."""
    order = [t for t in s.prev_ranking if s.present >> t & 1]
    if seat not in order:
        return []
    return order[order.index(seat) + 1 :]
