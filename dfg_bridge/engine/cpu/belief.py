"""What a seat believes about the hidden hands (推測), and how ``strong`` samples them.

Hard facts: every unseen card is in some other hand or face down; the hand sizes are public; cards
this seat gave away (7渡し, 買収) stay with the receiver until they are played. Soft facts: a seat
that passed on a field probably could not beat it (縛り included) — a sample in which it holds a
card that would have beaten the field is kept less often (stronger cards are forgiven more: people
save them). Samples are dealt at random and kept by rejection on that weight.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from dfg_bridge.engine.actions import Action, Give, Pass, Play
from dfg_bridge.engine.cpu.acts import Act, acts_of, walk
from dfg_bridge.engine.cpu.dealer import Odds, odds
from dfg_bridge.engine.cpu.dealer import deal as dealer_deal
from dfg_bridge.engine.cpu.tells import careful_weights
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    K_GROUP,
    K_SINGLE,
    RANK_BITS,
    Move,
    bits,
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


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Hard facts about hidden hands: cards whose holder is known, and per-seat ceilings.

    ``placed`` maps a card index to the seat holding it. ``ceiling`` maps a seat to the highest card
    index it may hold apart from ``placed`` cards: it gave its strongest cards away (the exchange's
    automatic part), so nothing stronger than what it gave is left.
    """

    placed: dict[int, int]
    ceiling: dict[int, int]


class Tracker:
    """Memory of one seat across its decisions in a round, and what the transfers it saw reveal.

    Remembering one's own actions is fair play: a human remembers them too.
    """

    def __init__(self) -> None:
        self._history: tuple[Action, ...] = ()
        self._step = -1
        self._strong_from: set[int] = set()

    def update(self, view: View) -> bool:
        """Start afresh when ``view`` belongs to a new round (then True)."""
        obs = view.obs
        h = obs.history
        prev = self._history
        fresh = obs.step < self._step or len(h) < len(prev) or h[: len(prev)] != prev
        if fresh:
            self._strong_from = set()
        self._history = h
        self._step = obs.step
        return fresh

    def note(self, view: View, action: Action) -> None:
        """Remember whose first cards to us were their strongest (the exchange, as the higher rank)."""
        obs = view.obs
        # (a 買収 target gives its strongest cards too, but it may have bribed a lower rank before
        # and get stronger cards afterwards, so that tells no ceiling)
        if isinstance(action, Give) and obs.phase == "exchange":
            # choosing in the exchange means we are the higher rank: what the lower rank already
            # handed over was its strongest cards
            for giver, receiver, _cards in obs.transfers:
                if receiver == obs.seat:
                    self._strong_from.add(giver)

    def knowledge(self, view: View) -> Knowledge:
        """The hard facts of ``view`` (see :class:`Knowledge`)."""
        obs = view.obs
        counts = obs.hand_counts
        placed: dict[int, int] = {}
        ceiling: dict[int, int] = {}
        first_from: set[int] = set()
        for giver, receiver, cards in obs.transfers:
            if giver == obs.seat and counts[receiver] > 0:
                for c in cards:
                    if view.unseen >> c.index & 1:
                        placed[c.index] = receiver
            elif receiver == obs.seat and giver not in first_from:
                first_from.add(giver)
                if giver in self._strong_from and cards and counts[giver] > 0:
                    ceiling[giver] = min(c.index for c in cards)
        return Knowledge(placed, ceiling)


def next_active(view: View, seat: int) -> int | None:
    """The next seat with cards in the turn direction."""
    counts = view.obs.hand_counts
    n = len(counts)
    d = view.obs.direction
    s = seat
    for _ in range(n):
        s = (s + d) % n
        if s != seat and counts[s] > 0:
            return s
    return None


class Sampler:
    """Deals the unseen cards to the other seats consistently with what ``view`` knows."""

    def __init__(
        self,
        view: View,
        knowledge: Knowledge,
        rng: random.Random,
        *,
        tries: int = 12,
        trust: list[float] | None = None,
        avoid: dict[int, int] | None = None,
        fits: Callable[[list[int], list[bool]], bool] | None = None,
        soft: bool = False,
    ) -> None:
        self.view = view
        self.trust = trust
        """Per seat, how surely a pass means it held no beater (eager seats pass only when they must)."""
        self.rng = rng
        self.tries = tries
        obs = view.obs
        self.seats = [s for s, c in enumerate(obs.hand_counts) if s != obs.seat and c > 0]
        self.need = {s: obs.hand_counts[s] for s in self.seats}
        self.fixed: dict[int, int] = dict.fromkeys(self.seats, 0)
        free = view.unseen
        for idx, s in knowledge.placed.items():
            if s in self.fixed and self.fixed[s].bit_count() < self.need[s]:
                self.fixed[s] |= 1 << idx
                free &= ~(1 << idx)
        self.free = bits(free)
        self.ceiling = {s: c for s, c in knowledge.ceiling.items() if s in self.need}
        self.broken = (
            []
            if soft
            else [
                (seat, cards & view.unseen)
                for seat, cards in broken_melds(obs.history)
                if seat in self.need and cards & view.unseen
            ]
        )
        notes = pass_notes(obs.history, view.rules, acts_of(view))
        self.notes = [(n, beaters(n)) for n in notes if n.seat in self.need]
        self.avoid = {s: a & free for s, a in (avoid or {}).items() if s in self.need}
        """Per seat, the cards it cannot hold if it plays eagerly (:func:`~.opponents.shunned`): dealt
        around rather than rejected afterwards (a few such facts reject most deals)."""
        self.fits = fits
        self._plans: dict[tuple[bool, ...], Odds] = {}
        self.soft = {s: w for s, w in careful_weights(view).items() if s in self.need} if soft else {}
        """Per careful seat, per card, the odds of its holding the card (:mod:`.tells`)."""
        """Whether a deal fits exactly what the seats taken as eager did (:class:`~.opponents.EagerFit`)."""
        self.eager = [False] * len(obs.hand_counts)
        """Which seats the last :meth:`sample` took as eager (each with its ``trust``): the playouts
        should play those seats eagerly too."""

    def deal(self, eager: list[bool] | None = None) -> list[int]:
        """One random deal (hands by seat; this seat's own hand included), no weighting; ``eager``
        seats get none of their :attr:`avoid` cards (while the cards allow)."""
        rng = self.rng
        cards = self.free[:]
        rng.shuffle(cards)
        hands = [0] * len(self.view.obs.hand_counts)
        hands[self.view.seat] = self.view.hand
        avoids = eager is not None and any(eager[s] for s in self.avoid)
        if avoids or self.ceiling or self.soft:
            return self._constrained(cards, hands, eager)
        at = 0
        for s in self.seats:  # no bans, ceilings or odds: plain slices of the shuffle
            h = self.fixed[s]
            want = self.need[s] - h.bit_count()
            if want > 0:
                for c in cards[at : at + want]:
                    h |= 1 << c
                at += want
            hands[s] = h
        return hands

    def _constrained(self, cards: list[int], hands: list[int], eager: list[bool] | None) -> list[int]:
        """Deal ``cards`` (shuffled) by :mod:`.dealer`: no seat gets a card above its ceiling, an eager
        seat none it avoids, a careful seat its cards by their weights (:mod:`.tells`)."""
        seats = self.seats
        key = tuple(bool(eager and eager[s]) for s in seats)
        plan = self._plans.get(key)
        if plan is None:
            banned = []
            weights = []
            for s, is_eager in zip(seats, key, strict=True):
                ban = self.avoid.get(s, 0) if is_eager else 0
                top = self.ceiling.get(s)
                if top is not None:
                    ban |= ~((2 << top) - 1)
                banned.append(ban)
                weights.append({} if is_eager else self.soft.get(s, {}))
            plan = odds(self.free, banned, weights)
            self._plans[key] = plan
        room = [self.need[s] - self.fixed[s].bit_count() for s in seats]
        got = dealer_deal(cards, room, [self.fixed[s] for s in seats], plan, self.rng)
        for i, s in enumerate(seats):
            hands[s] = got[i]
        return hands

    def weight(self, hands: list[int], eager: list[bool] | None = None) -> float:
        """How well a deal fits the passes and the singles played (1 = fully), with the ``eager``
        seats' passes sure (else each seat's pass as sure as its ``trust``)."""
        w = 1.0
        trust = self.trust
        for note, masks in self.notes:
            f = violation(hands[note.seat], note, masks)
            if f is None:
                continue
            if eager is not None:
                if eager[note.seat]:
                    f = SURE_PASS
            elif trust is not None:
                f += (SURE_PASS - f) * trust[note.seat]
            w *= f
        # a seat taken as eager is checked act by act by ``fits``: it answers a single from a pair when
        # that is its weakest beater, so its rank-mates tell nothing more
        judged = eager if self.fits is not None else None
        for seat, rank_cards in self.broken:
            if hands[seat] & rank_cards and not (judged and judged[seat]):
                w *= BROKEN_FACTOR
        if eager is not None and self.fits is not None and not self.fits(hands, eager):
            w *= SURE_PASS
        return w

    def sample(self) -> list[int]:
        """A deal kept by rejection on :meth:`weight` (the best of ``tries`` if none is kept).

        With ``trust``, each seat is first taken as eager or not (see :attr:`eager`) for this deal.
        """
        best: tuple[float, list[int]] | None = None
        eager = None
        if self.trust is not None:
            eager = [self.rng.random() < t for t in self.trust]
            self.eager = eager
        for _ in range(self.tries):
            hands = self.deal(eager)
            if not self.notes and self.fits is None:
                return hands
            w = self.weight(hands, eager)
            if self.rng.random() < w:
                return hands
            if best is None or w > best[0]:
                best = (w, hands)
        assert best is not None
        return best[1]

    def leftover(self, hands: list[int]) -> int:
        """Unseen cards no hand got (face down: 脱落 / 都落ち hands)."""
        dealt = 0
        for s in self.seats:
            dealt |= hands[s]
        return self.view.unseen & ~dealt
