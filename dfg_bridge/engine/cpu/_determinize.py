"""Build a playable :class:`Round` from an observation plus sampled hidden hands (internal).

The engine has no public "round from an observation" constructor yet, so this module sets the
round's state fields from the observation directly; it is the one place in the CPU package that
knows those field names (a test pins it against the engine). The engine should grow
``Round.from_observation(observation, hands)`` and this module would shrink to a call.
"""

from __future__ import annotations

from dfg_bridge.engine.cards import Card
from dfg_bridge.engine.cpu._bits import mask_of_cards
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.round import Round


def template(view: View, prev_daifugo: int = -1) -> Round:
    """A round in the observed state with empty hidden hands (fill them with :func:`with_hands`)."""
    obs = view.obs
    n = len(obs.hand_counts)
    finished = {f.seat for f in obs.finished}
    present = [obs.hand_counts[s] > 0 or s in finished for s in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    rnd = Round(view.rules, hands, present=present, seed=0)
    active = 0
    for s in range(n):
        if obs.hand_counts[s] > 0 and s not in finished:
            active |= 1 << s
    rnd.active = active
    rnd.cur = obs.seat
    rnd.fmove = view.field
    rnd.fby = -1 if obs.field_by is None else obs.field_by
    seen = mask_of_cards(obs.seen)
    rnd.seen = seen
    rnd.discard = seen
    rnd.trick = 0
    rnd.lockm = 0 if obs.lock is None else sum(1 << int(s) for s in obs.lock)
    rnd.nlock = obs.number_lock
    rnd.rev = obs.revolution
    rnd.eb = obs.eleven_back
    rnd.dirn = obs.direction
    rnd.passm = sum(1 << s for s in obs.passed)
    order = sorted(obs.finished, key=lambda f: f.place)
    top = [f for f in order if f.reason in ("out", "last")]
    rnd.top = tuple(f.seat for f in top)
    rnd.bottom = tuple(f.seat for f in sorted(order, key=lambda f: -f.place) if f not in top)
    rnd.how = tuple((f.seat, f.reason) for f in obs.finished)
    rnd.pending = ()
    rnd.slime = obs.slime
    rnd.step = len(obs.history)
    rnd.wallets = tuple(obs.wallets)
    rnd.prev_daifugo = prev_daifugo
    return rnd


def with_hands(base: Round, hands: list[int], leftover: int, seed: int) -> Round:
    """A copy of ``base`` holding these hands; ``leftover`` unseen cards lie face down."""
    rnd = base.copy()
    rnd.hands = list(hands)
    rnd.cache = [None] * rnd.n
    rnd.discard |= leftover
    rnd.seed = seed
    return rnd
