"""Dealing the unseen cards with per-card odds (配り直し): hard bans and soft weights per seat.

The sampler (:mod:`.belief`) knows, per seat, cards it cannot hold (an eager seat's tells, a ceiling
from the exchange) and cards it holds more or less likely than chance (a careful seat's tells,
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


def odds(free: list[int], banned: list[int], weights: list[dict[int, float]]) -> Odds:
    """The :class:`Odds` of ``free`` cards for seats with ``banned`` card masks and soft ``weights``."""
    options: dict[int, tuple[tuple[int, float], ...]] = {}
    for c in free:
        options[c] = tuple((i, weights[i].get(c, 1.0)) for i, ban in enumerate(banned) if not ban >> c & 1)
    order = {c: len(o) + 0.5 * min([1.0, *(w for _, w in o)]) for c, o in options.items()}
    return Odds(options, order)


def deal(cards: list[int], room: list[int], got: list[int], plan: Odds, rng: random.Random) -> list[int]:
    """Place ``cards`` (shuffled: ties keep that order) into hands ``got`` with ``room`` cards still
    wanted each (both lists are changed and ``got`` is returned); cards beyond the room lie face down."""
    pile = len(cards) - sum(r for r in room if r > 0)
    options = plan.options
    forced = []
    for c in sorted(cards, key=plan.order.__getitem__):
        total = float(pile)
        for i, w in options[c]:
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
        for i, w in options[c]:
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
