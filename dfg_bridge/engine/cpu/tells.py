"""What a careful seat's plays tell about the cards it kept (手の内の推測), card by card.

A careful seat (like ``normal``, or most people) does not play the weakest card it can, so its plays
rule nothing out; but they shift the odds. Measured on ``normal`` (``minecraft``, 400 rounds, each
unseen card's chance to be in the seat's hand after the act, against its share of the unseen cards):

* a lead takes its whole rank: a rank-mate of a led single or group is held 0.05–0.08 times as often;
* a lead is mostly the weakest meld: a weaker card is held 0.4 times as often while the hand is big
  (more than five cards), 0.75 times near the end;
* an answer takes its rank too, less surely: a rank-mate of a single played on a single 0.4 times as
  often (an ace or a 2: 0.7), of a group played on a group 0.25 times (0.5);
* a pass tells almost nothing card by card (0.97): passes are read per deal (:mod:`.belief`).

:func:`careful_weights` multiplies these per card and seat; the sampler deals careful seats their cards
with these weights.
"""

from __future__ import annotations

from dfg_bridge.engine.actions import Play
from dfg_bridge.engine.cpu.acts import acts_of, played_from
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import JOKER_RANK, K_GROUP, K_SINGLE, bits, move_strength, strength

LEAD_SAME = 0.06
"""A rank-mate of a led single or group."""
LEAD_BELOW_BIG = 0.4
"""A card weaker than the lead, the hand big (more than :data:`BIG` cards before the lead)."""
LEAD_BELOW_SMALL = 0.75
"""…and near the end."""
ANSWER_SAME = (0.4, 0.25)
"""A rank-mate of a single answered with a single, of a group with a group (ranks below the ace)."""
ANSWER_SAME_TOP = (0.7, 0.5)
"""…of an ace or a 2 (often split off on purpose to win the lead)."""
BIG = 5


def careful_weights(view: View) -> dict[int, dict[int, float]]:
    """Per other seat, per unseen card index, the weight of its holding that card (1: no tell)."""
    obs = view.obs
    history = obs.history
    unseen = bits(view.unseen)
    since = played_from(history)
    out: dict[int, dict[int, float]] = {}
    i = -1
    for a, field, inverted, _lock in acts_of(view):
        i = history.index(a, i + 1)
        if a.seat == obs.seat or not isinstance(a, Play) or not obs.hand_counts[a.seat]:
            continue
        m = move_of_meld(a.meld)
        if m is None or m[2] or m[4] >= JOKER_RANK:
            continue
        mates = (15 << (4 * m[4])) & ~m[1] if m[0] in (K_SINGLE, K_GROUP) else 0
        factors: list[tuple[int, float]] = []
        if field is None:
            below = (
                LEAD_BELOW_BIG if obs.hand_counts[a.seat] + since[i].bit_count() > BIG else LEAD_BELOW_SMALL
            )
            k = move_strength(m, inverted)
            factors = [(1 << c, below) for c in unseen if c < 52 and strength(c >> 2, inverted) < k]
            factors.append((mates, LEAD_SAME))
        elif m[0] == field[0] and m[0] in (K_SINGLE, K_GROUP):
            group = int(m[0] == K_GROUP)
            top = strength(m[4], inverted) >= 11
            factors = [(mates, (ANSWER_SAME_TOP if top else ANSWER_SAME)[group])]
        seat = out.setdefault(a.seat, {})
        for cards, f in factors:
            for c in unseen:
                if cards >> c & 1:
                    seat[c] = seat.get(c, 1.0) * f
    return out
