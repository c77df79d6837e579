"""What the public acts and the exchange say about the hidden hands (手がかり), as weights on a deal.

A pass on a field it could have beaten, a lone card from a pair, a lead above weaker cards, an
exchange that does not fit the titles: each makes a deal less likely by a factor measured on the
players it stands for (:class:`~.belief.Sampler` keeps deals by rejection on the product).
"""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cpu.acts import Act, acts_of, played_from, walk
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    K_GROUP,
    K_SINGLE,
    R_EIGHT,
    RANK_BITS,
    Move,
    strength,
)
from dfg_bridge.engine.rules import Rules

_POP4 = tuple(bin(i).count("1") for i in range(16))


@dataclass(frozen=True, slots=True)
class PassNote:
    """A seat passed on ``field`` (a single or a group) while the order was ``inverted``."""

    seat: int
    field: Move
    inverted: bool
    lock: int


def pass_notes(history: tuple[Action, ...], rules: Rules, acts: list[Act] | None = None) -> list[PassNote]:
    """The passes of the public history with the field they passed on (stairs fields are skipped);
    ``acts``: the history already read with its fields (:func:`~.acts.acts_of`)."""
    return [
        PassNote(a.seat, field, inverted, lock)
        for a, field, inverted, lock in (walk(history, rules) if acts is None else acts)
        if isinstance(a, Pass) and field is not None and field[0] in (K_SINGLE, K_GROUP)
    ]


SURE_PASS = 0.03
"""Weight of a deal in which a seat that surely passes only when it must still held a beater."""

MID_PASS = 0.6
"""Weight of a deal in which a careful seat passed holding a beater below the two strongest ranks.
A careful pass tells little (measured on ``normal``: it passes holding such a beater 0.7 times as
often as a random hand holds one): it keeps its pairs, runs and 8s whole."""
TOP_PASS = 1.0
"""…holding only aces, 2s or jokers that beat it: a careful seat saves those (measured: no less
often than a random hand)."""

BROKEN_FACTOR = 0.3
"""Weight of a deal in which a seat that led or answered with a lone card still holds its rank-mates
(measured: ``normal`` holds them a third, ``greedy`` half as often as a random hand of its size)."""


LEAD_FACTOR = 0.2
"""Weight of a deal in which a careful seat that led from a big hand (:data:`BIG_LEAD`) still holds a
card weaker than its lead, 8s aside (measured on ``normal``, which leads its weakest loose meld: 5 % of
its leads from more than six cards left a weaker card in the hand, 8s aside; from fewer, 26 %: then it
plays its winners first)."""
BIG_LEAD = 7
"""Cards in hand (the lead included) from which a careful lead tells what is not held."""


def lead_floors(view: View, acts: list[Act] | None = None) -> list[tuple[int, int]]:
    """Per lead of another seat from a big hand in the natural order (real cards, no 8 under 8切り):
    (seat, the unseen cards weaker than its lowest rank, 8s aside)."""
    obs = view.obs
    history = obs.history
    since = played_from(history)
    eight = view.rules.eight_cut
    out: list[tuple[int, int]] = []
    i = -1
    for a, field, inverted, _lock in acts_of(view) if acts is None else acts:
        i = history.index(a, i + 1)
        if field is not None or inverted or a.seat == obs.seat or not isinstance(a, Play):
            continue
        m = move_of_meld(a.meld)
        if m is None or m[2] or obs.hand_counts[a.seat] + since[i].bit_count() < BIG_LEAD:
            continue
        low = m[4]
        if eight and low == R_EIGHT:
            continue
        cards = ((1 << (4 * low)) - 1) & view.unseen
        if eight:
            cards &= ~RANK_BITS[R_EIGHT]
        if cards:
            out.append((a.seat, cards))
    return out


def top_ranks(cards: int) -> list[int]:
    """The ranks of ``cards``, strongest first, with repeats (the exchange's order: jokers 13)."""
    out = [13] * (cards >> 52).bit_count()
    for r in range(12, -1, -1):
        n = _POP4[(cards >> (4 * r)) & 15]
        if n:
            out.extend([r] * n)
    return out


def exchange_fit(higher: int, lower: int, k: int, eager: bool) -> bool:
    """Whether whole-round hands (dealt and since played) fit a card exchange of ``k`` cards: the
    lower rank gave its ``k`` strongest, the higher gave back ``k`` cards (its weakest if ``eager``).

    Ties in rank are forgiven (the suit order of the exchange is not checked). Whatever the higher
    rank gave back, at most ``k`` of the lower rank's cards may outrank the higher rank's ``k``-th
    strongest (the cards it took); an eager higher rank gave back cards no stronger than any it kept,
    so then none may, and ``k`` of the lower rank's cards are no stronger than the higher's weakest.
    """
    high = top_ranks(higher)
    low = top_ranks(lower)
    if len(high) < k or len(low) <= k:
        return True
    took = high[k - 1]
    if low[k] > took:
        return False
    if not eager:
        return True
    return low[0] <= took and low[-k] <= high[-1]


def broken_melds(history: tuple[Action, ...]) -> list[tuple[int, int]]:
    """Per single played (not a joker): (seat, the other cards of that rank).

    People rarely break a pair or a triple to play one card, so a seat that played a lone card
    probably holds no other card of its rank (soft: breaking happens, most of all with strong cards).
    """
    out = []
    for a in history:
        if isinstance(a, Play) and len(a.meld.cards) == 1 and not a.meld.cards[0].is_joker:
            i = a.meld.cards[0].index
            if (i >> 2) < 11:  # an A or a 2 is often split off on purpose
                out.append((a.seat, RANK_BITS[i >> 2] & ~(1 << i)))
    return out


def beaters(note: PassNote) -> tuple[int, int]:
    """Cards that could have answered the field: (``mid`` beaters, ``top`` beaters) as masks.

    For a group field the masks hold every card of a rank that is strong enough (the count is
    checked by :func:`violation`). ``top`` are the two strongest ranks and the jokers.
    """
    f = note.field
    k = strength(f[4], note.inverted)
    mid = 0
    top = JOKER_BITS
    for r in range(13):
        rk = strength(r, note.inverted)
        if rk <= k:
            continue
        suits = 15 if not note.lock else note.lock
        cards = suits << (4 * r)
        if rk >= 11:
            top |= cards
        else:
            mid |= cards
    return mid, top


def violation(hand: int, note: PassNote, masks: tuple[int, int]) -> float | None:
    """The weight factor of ``hand`` given that its seat passed as a careful seat: :data:`MID_PASS` or
    :data:`TOP_PASS` by its weakest beater; None if it could not beat the field."""
    mid, top = masks
    f = note.field
    size = f[3]
    jokers = (hand & JOKER_BITS).bit_count()
    if f[0] == K_SINGLE:
        if f[4] == JOKER_RANK:
            return None  # only the ♠3 beats it, and who keeps that back tells nothing
        if hand & mid:
            return MID_PASS
        if hand & top:
            return TOP_PASS
        return None
    for mask, factor in ((mid, MID_PASS), (top & ~JOKER_BITS, TOP_PASS)):
        cand = hand & mask
        while cand:  # one rank at a time, lowest first
            shift = ((cand & -cand).bit_length() - 1) & ~3
            if _POP4[(cand >> shift) & 15] + jokers >= size:
                return factor  # mid is checked first and is the smaller factor
            cand &= ~(15 << shift)
    return None
