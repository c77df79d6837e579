"""How the other seats play, read from what they did (相手の打ち筋): eager or careful.

Two styles are told apart from the public history. An *eager* seat (like the ``greedy`` baseline)
answers with the weakest card that beats the field and passes only when it cannot play. A *careful*
seat (like ``normal``) keeps its pairs, runs and winning cards: it passes on a field it could beat and
answers with a stronger card than it needs. An ace or a 2 played on the field tells them apart no
better than a coin (both do it about once a round: the careful seat when the card wins the lead).
What does is hindsight: no card changes hands within a round, so every card a seat plays later was
in its hand at each of its earlier acts. The evidence:

* a pass, or an answer, while the seat held a weaker card that beat the field (seen when it plays
  that card later): ``greedy`` almost never, ``normal`` twice or so a round;
* no such act so far, in proportion (squared) to the share of its hand the seat has played: the
  later in the round, the more a careful seat would have shown it;
* a rank played as two separate singles from a big hand (a pair broken to answer): a little more
  often eager.

Each act adds its log likelihood ratio to the seat's score; the score carries over to the next
round at four fifths weight (a human remembers how a table plays, and a new player at a seat is
forgotten within a few rounds). :meth:`Style.eagerness` turns it into a probability; ``strong``
takes each seat in each sampled deal as eager or careful with that probability: an eager one is
dealt none of the cards it cannot hold (:func:`shunned`: what it passed on, what it skipped), no
more of a rank than its answers and passes on groups allow (:attr:`EagerFit.caps`: it held no pair
above a pair it passed on), and played eagerly in that deal's playouts.
"""

from __future__ import annotations

import math

from dfg_bridge.engine.actions import Pass, Play
from dfg_bridge.engine.cpu.acts import acts_of, played_from
from dfg_bridge.engine.cpu.eager import weakest_lead
from dfg_bridge.engine.cpu.playout import answer_suits
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import (
    ALL_REAL_BITS,
    JOKER_BITS,
    JOKER_RANK,
    K_GROUP,
    K_SINGLE,
    Move,
    mask_of,
    move_strength,
    strength,
)

BIG_HAND = 6
"""Cards in hand (before the act) from which a hand counts as big."""
PASSED_UP = math.log(0.1)
"""Evidence against eager play: a pass, or an answer, while the seat held a weaker beater (it played
those cards later in the round). ``greedy`` almost never does this (1 round in 100), ``normal`` in
five rounds of six, about 2.4 times a round."""
QUIET = math.log(0.99 / 0.15)
"""Evidence for eager play: a whole round without :data:`PASSED_UP` (greedy 99 %, normal 15 %); a seat
that has played a share of its hand so far without one gets the square of that share of it (the
hindsight on its early acts comes with its later plays)."""
BROKEN_PAIR = math.log(1.5)
"""Evidence for eager play: two singles of one rank, the first from a big hand."""
PRIOR = 0.0
"""Log odds of eager play before any evidence (most people play carefully)."""
CARRY = 0.8
"""Share of a round's evidence kept for the next round."""


def evidence(view: View) -> dict[int, float]:
    """Log likelihood ratio eager : careful of each other seat's acts in this round."""
    obs = view.obs
    history = obs.history
    # hand sizes before each act: today's counts plus what each seat played since; and the cards
    # each seat played after each act (it held them then: no card changes hands within a round)
    left = list(obs.hand_counts)
    sizes: list[int] = [0] * len(history)
    later = [0] * len(left)
    held_later: list[int] = [0] * len(history)
    for i in range(len(history) - 1, -1, -1):
        a = history[i]
        held_later[i] = later[a.seat]
        if isinstance(a, Play):
            left[a.seat] += len(a.meld.cards)
            later[a.seat] |= mask_of(a.meld.cards)
        sizes[i] = left[a.seat]
    out: dict[int, float] = {}
    missed: set[int] = set()  # seats seen passing up a beater this round
    # a rank played as two separate singles from a big hand: a pair broken to answer
    first_single: dict[tuple[int, int], int] = {}
    for i, a in enumerate(history):
        if isinstance(a, Play) and a.seat != obs.seat and len(a.meld.cards) == 1:
            c = a.meld.cards[0]
            if c.rank is None:
                continue
            key = (a.seat, int(c.rank))
            if key not in first_single:
                first_single[key] = sizes[i]
            elif first_single[key] >= BIG_HAND:
                out[a.seat] = out.get(a.seat, 0.0) + BROKEN_PAIR
    i = -1
    for a, field, inverted, lock in acts_of(view):
        i = history.index(a, i + 1)
        seat = a.seat
        if seat == obs.seat or field is None or field[0] not in (K_SINGLE, K_GROUP) or field[4] >= JOKER_RANK:
            continue
        if isinstance(a, Play):
            m = move_of_meld(a.meld)
            if m is None or m[2]:
                continue
            top = move_strength(m, inverted)
        else:
            top = 100
        if sizes[i] > field[3] and _beater(held_later[i], field, inverted, lock, top):
            missed.add(seat)
            out[seat] = out.get(seat, 0.0) + PASSED_UP
    for seat, dealt in enumerate(left):
        if seat != obs.seat and dealt and seat not in missed:
            played = dealt - obs.hand_counts[seat]
            out[seat] = out.get(seat, 0.0) + QUIET * (played / dealt) ** 2
    return out


def _beater(cards: int, field: Move, inverted: bool, lock: int, below: int) -> bool:
    """Whether ``cards`` hold real cards that beat ``field`` (a single or group) weaker than ``below``."""
    low = move_strength(field, inverted)
    size = field[3]
    for rr in range(13):
        if low < strength(rr, inverted) < below and answer_suits((cards >> (4 * rr)) & 15, size, lock):
            return True
    return False


def shunned(view: View) -> dict[int, int]:
    """Per other seat, the cards it cannot hold if it plays eagerly (like ``greedy``), by its acts:

    * a pass on a single: every card that beat it (a joker too);
    * a lead: every card weaker than it (it would have led that), and for a single or a group the
      rest of its rank (it would have led them all);
    * a single answered with a real card: every card between the field and the answer;
    * a single or a group answered in kind with no 縛り: the lower suits of the answer's rank (it plays
      the lowest ones);
    * a lone joker on a single: every real card that beat it;
    * cards it gave back to this seat in the exchange (as the higher rank, once this seat's strongest
      were in its hand): every card weaker than the strongest it gave (it gives its weakest).
    """
    obs = view.obs
    out: dict[int, int] = {}
    for a, field, inverted, lock in acts_of(view):
        seat = a.seat
        if seat == obs.seat:
            continue
        cards = 0
        m = move_of_meld(a.meld) if isinstance(a, Play) else None
        if m is not None and not m[2]:
            k = move_strength(m, inverted)
            if field is None:
                cards = _ranks(-1, k, 15, inverted)
                if m[0] in (K_SINGLE, K_GROUP):
                    cards |= (15 << (4 * m[4])) & ~m[1]
            elif field[0] in (K_SINGLE, K_GROUP) and m[0] == field[0] and field[4] < JOKER_RANK:
                if m[0] == K_SINGLE:
                    cards = _ranks(move_strength(field, inverted), k, lock or 15, inverted)
                if not lock:
                    # it answers with the lowest suits of the rank it plays
                    top = m[6].bit_length() - 1
                    cards |= (((1 << top) - 1) << (4 * m[4])) & ~m[1]
        elif isinstance(a, Play) and field is not None and field[0] == K_SINGLE and field[4] < JOKER_RANK:
            # a lone joker on a single: no real card beat it
            m = move_of_meld(a.meld)
            if m is not None and m[0] == K_SINGLE and m[2]:
                cards = _ranks(move_strength(field, inverted), 13, lock or 15, inverted)
        elif isinstance(a, Pass) and field is not None and field[0] == K_SINGLE and field[4] < JOKER_RANK:
            low = move_strength(field, inverted)
            cards = _ranks(low, 13, lock or 15, inverted) | JOKER_BITS
        if cards:
            out[seat] = out.get(seat, 0) | cards
    for seat, cards in gave_weakest(view).items():
        out[seat] = out.get(seat, 0) | cards
    return out


def gave_weakest(view: View) -> dict[int, int]:
    """Per seat that gave this seat cards of its choice in the exchange, the cards weaker than the
    strongest of them (card indices run weakest first in the natural order of a new round).

    The choice is the higher rank's: it gives back after this seat's cards went to it, so its give
    is the second transfer between the two. An eager seat gives its weakest cards, so it kept none
    weaker than what it gave (a hard fact for ``greedy``).
    """
    obs = view.obs
    if not view.rules.exchange:
        return {}
    out: dict[int, int] = {}
    took: dict[int, int] = {}  # seat -> how many of this seat's cards went to it first
    back: set[int] = set()
    for giver, receiver, cards in obs.transfers:
        if giver == obs.seat:
            took.setdefault(receiver, len(cards))
        elif receiver == obs.seat and giver not in back:
            back.add(giver)
            # as many cards back as it took: the exchange (a 7渡し later tells nothing of the kind)
            if took.get(giver) == len(cards) and cards and obs.hand_counts[giver] > 0:
                out[giver] = ((1 << max(c.index for c in cards)) - 1) & ~mask_of(cards)
    return out


def _ranks(low: int, high: int, suits: int, inverted: bool) -> int:
    """The cards of ``suits`` of every rank whose strength now is above ``low`` and below ``high``."""
    out = 0
    for rr in range(13):
        if low < strength(rr, inverted) < high:
            out |= suits << (4 * rr)
    return out


class Style:
    """Each seat's eagerness, remembered across the rounds this CPU plays."""

    def __init__(self) -> None:
        self._carried: dict[int, float] = {}
        self._seen: View | None = None

    def watch(self, view: View) -> None:
        """Remember the latest view of the round (its history is the round's evidence so far)."""
        self._seen = view

    def new_round(self) -> None:
        """Fold the last round's evidence into the memory (at :data:`CARRY` weight)."""
        last = evidence(self._seen) if self._seen is not None else {}
        for seat in set(self._carried) | set(last):
            self._carried[seat] = CARRY * (self._carried.get(seat, 0.0) + last.get(seat, 0.0))
        self._seen = None

    def eagerness(self, view: View, prior: float = PRIOR) -> list[float]:
        """Per seat, the probability that it plays eagerly (this seat's own entry is 0); ``prior``: the
        log odds of eager play before any evidence."""
        self._seen = view
        last = evidence(view)
        n = len(view.obs.hand_counts)
        out = [0.0] * n
        for s in range(n):
            if s != view.seat:
                z = prior + self._carried.get(s, 0.0) + last.get(s, 0.0)
                out[s] = 1.0 / (1.0 + math.exp(-z))
        return out


EagerCheck = tuple[int, int, Move | None, bool, int, int, int | None, bool]
"""One act :class:`EagerFit` checks: seat, cards it played since, field (None: a lead), 革命 / 11バック,
縛り suits, the cards that beat the field, the cards played (None: a pass), whether a joker was among them."""


class EagerFit:
    """Whether a deal fits every act so far of the seats taken as eager, exactly: replayed from each
    seat's hand then (its hand in the deal plus the cards it played since), an eager seat leads its
    weakest meld, answers a single or a group with the weakest real cards that beat it (the lowest
    suits), plays a joker only without such cards and passes only without any. Acts that tell too
    little or depend on finer rules (leads in a reversed order, stairs fields, 数しば, the last cards)
    are not checked.
    """

    def __init__(self, view: View) -> None:
        obs = view.obs
        self.rules = view.rules
        history = obs.history
        played_since = played_from(history)
        checks: list[EagerCheck] = []
        i = -1
        for a, field, inverted, lock in acts_of(view):
            i = history.index(a, i + 1)
            if a.seat == obs.seat:
                continue
            m = move_of_meld(a.meld) if isinstance(a, Play) else None
            if isinstance(a, Play) and m is None:
                continue
            played = m[1] if m is not None else None
            joker = bool(m[2]) if m is not None else False
            if field is None:
                if not inverted and played is not None:
                    checks.append((a.seat, played_since[i], None, inverted, lock, 0, played, joker))
            elif field[0] in (K_SINGLE, K_GROUP) and field[4] < JOKER_RANK and not view.rules.number_lock:
                beat = _ranks(move_strength(field, inverted), 13, lock or 15, inverted)
                checks.append((a.seat, played_since[i], field, inverted, lock, beat, played, joker))
        self.checks = checks
        self.caps = _group_caps(checks, obs.hand_counts)
        """Per seat, per rank, the most cards of it the seat can hold now if it plays eagerly: dealt
        within these, far more deals fit its answers to groups and its passes on them."""

    def __call__(self, hands: list[int], eager: list[bool]) -> bool:
        """Whether ``hands`` (by seat) fit the acts of the ``eager`` seats."""
        rules = self.rules
        for seat, since, field, inverted, lock, beat, played, joker in self.checks:
            if not eager[seat]:
                continue
            hand = hands[seat] | since
            if field is None:
                real = hand & ALL_REAL_BITS
                if not real:
                    continue
                # the weakest rank held is the one led (checked in full only then)
                led = played or 0
                if joker or ((real & -real).bit_length() - 1) >> 2 != ((led & -led).bit_length() - 1) >> 2:
                    return False
                lead = weakest_lead(hand, rules)
                if lead is not None and lead[1] != played:
                    return False
                continue
            size = field[3]
            beaters = hand & beat
            if not beaters:
                answer = 0
            elif size == 1:
                if inverted:
                    top = (beaters.bit_length() - 1) & ~3
                    nib = (beaters >> top) & 15
                    answer = (nib & -nib) << top
                else:
                    answer = beaters & -beaters
            else:
                answer = 0
                fk = 12 - field[4] if inverted else field[4]
                for k in range(fk + 1, 13):
                    rr = 12 - k if inverted else k
                    suits = answer_suits((hand >> (4 * rr)) & 15, size, lock)
                    if suits:
                        answer = suits << (4 * rr)
                        break
            if answer:
                # (finishing with its last cards is left to the foul rules: unchecked)
                fits = answer in (hand, played)
            elif played is not None:
                fits = joker
            else:
                fits = size > 1 or not hand & JOKER_BITS or hand.bit_count() == 1
            if not fits:
                return False
        return True


def _group_caps(checks: list[EagerCheck], counts: tuple[int, ...]) -> dict[int, dict[int, int]]:
    """What :class:`EagerFit`'s group checks (no 縛り) say of each rank's count: an eager seat answers a
    group of ``k`` with the weakest rank holding ``k``, so every rank between the field and its answer
    (every rank above the field, if it passed or answered with a joker) held fewer than ``k``, counting
    the cards it has played since. A hand that was one such group then is left out (it may have
    passed rather than finish on a forbidden card)."""
    out: dict[int, dict[int, int]] = {}
    for seat, since, field, inverted, lock, _beat, played, joker in checks:
        if field is None or field[3] < 2 or lock or counts[seat] + since.bit_count() <= field[3]:
            continue
        low = move_strength(field, inverted)
        top = 100
        if played is not None and not joker:
            top = strength((played & -played).bit_length() - 1 >> 2, inverted)
        caps = out.setdefault(seat, {})
        for rr in range(13):
            if low < strength(rr, inverted) < top:
                cap = max(0, field[3] - 1 - ((since >> (4 * rr)) & 15).bit_count())
                caps[rr] = min(cap, caps.get(rr, 4))
    return out
