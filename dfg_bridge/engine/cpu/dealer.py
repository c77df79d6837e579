"""Dealing the unseen cards with per-card odds (配り直し): hard bans and soft weights per seat.

The sampler (:mod:`.belief`) knows, per seat, cards it cannot hold (an eager seat's tells, a ceiling
from the exchange), how many cards of a rank it can hold at most (an eager seat that passed on a pair
held no pair above it) and cards it holds more or less likely than chance (a careful seat's tells,
:mod:`.tells`). Dealing at random and rejecting would throw most deals away; instead the cards are
placed one by one, those the fewest seats may take first (then those whose odds differ most), each
going to a seat drawn by the room that seat has left times its weight for the card (the face-down
pile, when cards lie face down, takes any card at weight 1). A card no seat may take with room left
goes where there is room.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Odds:
    """Per free card, the seats (indices into the dealt seats) that may hold it with their weights,
    and the order cards are placed in: the fewest seats first, then the most lopsided weights."""

    options: dict[int, tuple[tuple[int, float], ...]]
    order: dict[int, float]
    caps: dict[int, tuple[int, ...]]
    """Per free card of a capped rank, aligned with its options: the most cards of that rank each
    option's hand may hold (4: no cap)."""


def odds(
    free: list[int],
    banned: list[int],
    weights: list[dict[int, float]],
    caps: list[dict[int, int]] | None = None,
) -> Odds:
    """The :class:`Odds` of ``free`` cards for seats with ``banned`` card masks, soft ``weights`` and
    ``caps`` (per seat, per rank: the most cards of that rank it may hold)."""
    options: dict[int, tuple[tuple[int, float], ...]] = {}
    for c in free:
        options[c] = tuple((i, weights[i].get(c, 1.0)) for i, ban in enumerate(banned) if not ban >> c & 1)
    order = {c: len(o) + 0.5 * min([1.0, *(w for _, w in o)]) for c, o in options.items()}
    capped: dict[int, tuple[int, ...]] = {}
    if caps:
        for c, o in options.items():
            row = tuple(caps[i].get(c >> 2, 4) for i, _ in o)
            if min(row, default=4) < 4:
                capped[c] = row
                order[c] -= 0.75  # before the uncapped cards with as many options
    return Odds(options, order, capped)


def deal(cards: list[int], room: list[int], got: list[int], plan: Odds, rng: random.Random) -> list[int]:
    """Place ``cards`` (shuffled: ties keep that order) into hands ``got`` with ``room`` cards still
    wanted each (both lists are changed and ``got`` is returned); cards beyond the room lie face down."""
    pile = len(cards) - sum(r for r in room if r > 0)
    options = plan.options
    caps = plan.caps
    forced = []
    for c in sorted(cards, key=plan.order.__getitem__):
        opts = options[c]
        if c in caps:
            at = c & ~3  # the rank's first card
            row = zip(opts, caps[c], strict=True)
            opts = tuple(o for o, cap in row if (got[o[0]] >> at & 15).bit_count() < cap)
        total = float(pile)
        for i, w in opts:
            if room[i] > 0:
                total += room[i] * w
        if total <= 0.0:
            forced.append(c)
            continue
        x = rng.random() * total
        if x < pile:
            pile -= 1
            continue
        x -= pile
        last = -1
        for i, w in opts:
            if room[i] > 0:
                last = i
                x -= room[i] * w
                if x < 0.0:
                    break
        got[last] |= 1 << c
        room[last] -= 1
    for c in forced:
        for i, r in enumerate(room):
            if r > 0:
                got[i] |= 1 << c
                room[i] -= 1
                break
    return got
