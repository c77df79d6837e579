"""The round's public acts, each with the field it faced (場の流れ), replayed through the engine.

A pass or a play tells something only against the field it answered. Where a trick ended is not in
the history (a new lead can look like an answer: a stronger single after everyone passed), so the
acts are replayed on a round rebuilt from the observation: every seat holds the cards it played
plus stand-in cards for the ones it still holds (stand-ins are never played, so they do not matter).
The engine then clears the field exactly as the table did. When the replay cannot follow the
history (cards changed hands mid-round, a seat dropped out…) or ends somewhere other than the
observed state, the history is read by :func:`walk` instead, which guesses trick ends from
the plays alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cards import Card, cards_of_mask
from dfg_bridge.engine.cpu.hand import has_rank, triggers_revolution
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.errors import EngineError
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import JOKER_RANK, K_SINGLE, Move, mask_of, move_strength
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

_R_EIGHT = 5
_R_JACK = 8

Act = tuple[Action, Move | None, bool, int]
"""A play or a pass with what it faced: (action, field or None for a lead, order inverted, 縛り suits)."""

_cache: list[tuple[tuple[Action, ...], int, list[Act]]] = []


def acts_of(view: View) -> list[Act]:
    """Every play and pass of this round's history with the field, order and lock it faced."""
    obs = view.obs
    for history, seat, got in _cache:
        if history is obs.history and seat == obs.seat:
            return got
    replayed = _replayed(view)
    got = replayed if replayed is not None else list(walk(obs.history, view.rules))
    _cache[:] = [(obs.history, obs.seat, got)]
    return got


def played_from(history: tuple[Action, ...]) -> list[int]:
    """Per act of ``history``, the cards its seat played from that act on (that act included): no card
    changes hands within a round, so the seat held them all then."""
    later: dict[int, int] = {}
    out = [0] * len(history)
    for i in range(len(history) - 1, -1, -1):
        a = history[i]
        if isinstance(a, Play):
            later[a.seat] = later.get(a.seat, 0) | mask_of(a.meld.cards)
        out[i] = later.get(a.seat, 0)
    return out


def played_by_seat(history: tuple[Action, ...], seats: int) -> list[int]:
    """Per seat, every card it played in ``history`` (it held them all when the round's play began)."""
    played = [0] * seats
    for a in history:
        if isinstance(a, Play):
            played[a.seat] |= mask_of(a.meld.cards)
    return played


def _replayed(view: View) -> list[Act] | None:
    obs = view.obs
    history = obs.history
    if not history or obs.transfers or len(obs.present or ()) not in (0, len(obs.hand_counts)):
        return None
    n = len(obs.hand_counts)
    played = played_by_seat(history, n)
    hands = [0] * n
    hands[obs.seat] = view.hand | played[obs.seat]
    spare = view.unseen
    for s in range(n):
        if s == obs.seat:
            continue
        want = obs.hand_counts[s]
        h = played[s]
        while want > 0 and spare:
            low = spare & -spare
            h |= low
            spare ^= low
            want -= 1
        if want:
            return None
        hands[s] = h
    if any(a & b for i, a in enumerate(hands) for b in hands[i + 1 :]):
        return None
    cards: list[list[Card]] = [list(cards_of_mask(h)) for h in hands]
    try:
        r = Round.from_hands(view.rules, cards, leader=history[0].seat)
        out: list[Act] = []
        for a in history:
            if r.pending_kind or r.turn != a.seat:
                return None
            if isinstance(a, (Pass, Play)):
                out.append((a, r.field_move, r.inverted, r.lock_mask))
            r.push(a)
    except (EngineError, ValueError, IndexError):
        return None
    if r.turn != obs.to_act or (r.field_move is None) != (obs.field is None):
        return None
    return out


def walk(history: tuple[Action, ...], rules: Rules) -> Iterator[tuple[Action, Move | None, bool, int]]:
    """Each play or pass of the public history with the field before it: (action, field, inverted, lock).

    The field at a pass is the last play before it (a new lead can only be a play); the order is
    rebuilt from the plays (革命 toggles, 11バック within a trick). ``field`` is None for a lead. Under
    :attr:`~Rules.pass_lock` a seat's passes after its first in a trick are forced and tell nothing:
    they are left out.
    """
    passed: set[int] = set()
    rev = False
    eb = False
    field: Move | None = None
    prev_field: Move | None = None
    lock = 0
    for a in history:
        if isinstance(a, Play):
            m = move_of_meld(a.meld)
            if m is None:
                continue
            if field is None or _is_new_lead(m, field, rev != eb) or _cut(field, rules):
                eb = False
                lock = 0
                prev_field = None
                passed.clear()
            else:
                prev_field = field
            yield a, prev_field, rev != eb, lock
            if (
                prev_field is not None
                and rules.lock
                and not lock
                and m[6]
                and m[6] == prev_field[6]
                and (rules.lock_by_joker or not prev_field[2])  # 001: only the previous play's joker
            ):
                lock = m[6]
            if rules.joker_unlocks and m[0] == K_SINGLE and m[2]:
                lock = 0  # uecda: a lone joker ends the lock
            if triggers_revolution(m, rules):
                rev = not rev
            if rules.eleven_back and not eb and has_rank(m, _R_JACK, rules):
                eb = True
            field = m
        elif isinstance(a, Pass):
            if rules.pass_lock:
                if a.seat in passed:
                    continue
                passed.add(a.seat)
            yield a, field, rev != eb, lock


def _cut(m: Move, rules: Rules) -> bool:
    return rules.eight_cut and has_rank(m, _R_EIGHT, rules)


def _is_new_lead(m: Move, field: Move, inverted: bool) -> bool:
    if m[0] != field[0] or m[3] != field[3]:
        return True
    if field[0] == K_SINGLE and field[4] == JOKER_RANK:
        return m[1] != 1
    if m[0] == K_SINGLE and m[4] == JOKER_RANK:
        return False
    return move_strength(m, inverted) <= move_strength(field, inverted)
