"""What a seat believes about the hidden hands (推測), and how ``strong`` samples them.

Hard facts: every unseen card is in some other hand or face down; the hand sizes are public; cards
this seat gave away (7渡し, 買収) stay with the receiver until they are played; a lower rank in the
exchange kept nothing above what it gave (:mod:`.knowledge`). Soft facts (:mod:`.clues`): a seat
that passed on a field probably could not beat it (縛り included) — a sample in which it holds a card
that would have beaten the field is kept less often (stronger cards are forgiven more: people save
them); the exchange between two other seats must fit their titles. Samples are dealt at random
around the hard facts (:mod:`.dealer`; with ``exchange``, around that exchange too) and kept by
rejection on that weight; with ``replay``, the deal that explains the careful seats' acts best
(:mod:`.replay`) is kept of a few.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from dfg_bridge.engine.cpu.acts import acts_of, played_by_seat
from dfg_bridge.engine.cpu.clues import (
    BROKEN_FACTOR,
    LEAD_FACTOR,
    SURE_PASS,
    beaters,
    broken_melds,
    exchange_fit,
    lead_floors,
    pass_notes,
    top_ranks,
    violation,
)
from dfg_bridge.engine.cpu.dealer import Odds, odds
from dfg_bridge.engine.cpu.dealer import deal as dealer_deal
from dfg_bridge.engine.cpu.knowledge import JOKER_TOP, Knowledge
from dfg_bridge.engine.cpu.replay import MISS_FACTOR, CarefulFit
from dfg_bridge.engine.cpu.tells import careful_weights
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.moves import (
    bits,
)


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
        caps: dict[int, dict[int, int]] | None = None,
        soft: bool = False,
        leads: bool = False,
        exchange: bool = False,
        replay: CarefulFit | None = None,
        replays: int = 1,
        odds: dict[int, dict[int, float]] | None = None,
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
        acts = acts_of(view)
        notes = pass_notes(obs.history, view.rules, acts)
        self.notes = [(n, beaters(n)) for n in notes if n.seat in self.need]
        self.leads = [(s, c) for s, c in lead_floors(view, acts) if s in self.need] if leads else []
        """Per lead of a careful seat from a big hand, the cards it probably did not hold
        (:func:`~.clues.lead_floors`; an eager seat's leads are checked exactly by ``fits`` and ``avoid``)."""
        self.exchange = self._exchange_pairs(view) if exchange else []
        """This round's exchange between two other seats: (higher, lower, cards, what each played
        since), checked on every deal by :func:`~.clues.exchange_fit`."""
        self.avoid = {s: a & free for s, a in (avoid or {}).items() if s in self.need}
        """Per seat, the cards it cannot hold if it plays eagerly (:func:`~.opponents.shunned`): dealt
        around rather than rejected afterwards (a few such facts reject most deals)."""
        self.tops = self._receipt_odds(view, knowledge)
        """Per seat with :attr:`Knowledge.choices`, its possible ceilings and their weights (taken as
        careful, and as eager: without the cards it avoids then): the ways each arises times the ways
        to deal the seat's hidden cards under it (its cards since played, apart from ours, must lie
        under it too). One is drawn per deal."""
        self.fits = fits
        """Whether a deal fits exactly what the seats taken as eager did (:class:`~.opponents.EagerFit`)."""
        self.caps = {s: c for s, c in (caps or {}).items() if s in self.need}
        """Per seat, per rank, how many cards of it the seat holds at most if eager (``EagerFit.caps``)."""
        self._plans: dict[tuple[tuple[bool, ...], tuple[tuple[int, int], ...]], Odds] = {}
        told = (odds if odds is not None else careful_weights(view)) if soft else {}
        self.soft = {s: w for s, w in told.items() if s in self.need}
        """Per careful seat, per card, the odds of its holding the card (:mod:`.tells`, or ``odds``
        given: the learned estimator's, :mod:`.estimate`)."""
        self.replay = replay if replays > 1 else None
        """Counts the careful seats' acts a deal does not explain (:mod:`.replay`): of ``replays``
        deals one is kept by those counts."""
        self.replays = replays
        self.eager = [False] * len(obs.hand_counts)
        """Which seats the last :meth:`sample` took as eager (each with its ``trust``): the playouts
        should play those seats eagerly too."""

    def _receipt_odds(
        self, view: View, knowledge: Knowledge
    ) -> dict[int, tuple[list[int], list[float], list[float]]]:
        out: dict[int, tuple[list[int], list[float], list[float]]] = {}
        if not knowledge.choices:
            return out
        obs = view.obs
        played = played_by_seat(obs.history, len(obs.hand_counts))
        for s, options in knowledge.choices.items():
            if s not in self.need:
                continue
            ours = 0
            for giver, receiver, cards in obs.transfers:
                if giver == obs.seat and receiver == s:
                    for c in cards:
                        ours |= 1 << c.index
            highest = (played[s] & ~ours).bit_length() - 1
            hidden = self.need[s] - self.fixed[s].bit_count()
            shunned = self.avoid.get(s, 0)
            tops: list[int] = []
            careful: list[float] = []
            eager: list[float] = []
            for top, ways in options:
                if highest > top:
                    continue  # it played a card above this ceiling from its own cards
                under = [c for c in self.free if c <= top]
                w = ways * math.comb(len(under), hidden)
                if w:
                    tops.append(top)
                    careful.append(float(w))
                    eager.append(
                        float(ways * math.comb(sum(1 for c in under if not shunned >> c & 1), hidden))
                    )
            if len(tops) > 1:
                out[s] = (tops, careful, eager if any(eager) else careful)
            elif tops and tops[0] < JOKER_TOP:
                self.ceiling[s] = min(tops[0], self.ceiling.get(s, tops[0]))
        return out

    def _drawn_tops(self, eager: list[bool] | None) -> dict[int, int] | None:
        """One ceiling per seat of :attr:`tops` for a deal (those that ban nothing left out)."""
        if not self.tops:
            return None
        out = {}
        for s, (tops, careful, if_eager) in self.tops.items():
            top = self.rng.choices(tops, if_eager if eager and eager[s] else careful)[0]
            if top < JOKER_TOP:
                out[s] = top
        return out

    def _exchange_pairs(self, view: View) -> list[tuple[int, int, int, int, int]]:
        rules = view.rules
        if rules.seven_pass or rules.ten_discard or rules.queen_bomber or rules.nakama_card:
            return []  # cards changed hands after the exchange: the round's hands no longer tell it
        played = played_by_seat(view.obs.history, len(view.obs.hand_counts))
        return [
            (hi, lo, k, played[hi], played[lo])
            for hi, lo, k in view.obs.exchange_pairs
            if hi in self.need and lo in self.need
        ]

    def deal(self, eager: list[bool] | None = None) -> list[int]:
        """One random deal (hands by seat; this seat's own hand included), no weighting; ``eager``
        seats get none of their :attr:`avoid` cards (while the cards allow)."""
        rng = self.rng
        cards = self.free[:]
        rng.shuffle(cards)
        hands = [0] * len(self.view.obs.hand_counts)
        hands[self.view.seat] = self.view.hand
        eager_facts = eager is not None and any(eager[s] for s in (*self.avoid, *self.caps))
        drawn = self._drawn_tops(eager)
        if self.exchange:
            return self._around_exchange(self._constrained(cards, hands, eager, below=drawn), eager, drawn)
        if eager_facts or self.ceiling or self.soft or drawn:
            return self._constrained(cards, hands, eager, below=drawn)
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

    def _constrained(
        self,
        cards: list[int],
        hands: list[int],
        eager: list[bool] | None,
        held: dict[int, int] | None = None,
        below: dict[int, int] | None = None,
    ) -> list[int]:
        """Deal ``cards`` (shuffled) by :mod:`.dealer`: no seat gets a card above its ceiling (or its
        ``below`` one), an eager seat none it avoids and no more of a rank than its caps, a careful seat
        its cards by their weights (:mod:`.tells`); ``held`` cards stay with their seats (``cards`` must
        leave them out)."""
        seats = self.seats
        key = tuple(bool(eager and eager[s]) for s in seats)
        extra = tuple(sorted(below.items())) if below else ()
        plan = self._plans.get((key, extra))
        if plan is None:
            banned = []
            weights = []
            caps = [self.caps.get(s, {}) if is_eager else {} for s, is_eager in zip(seats, key, strict=True)]
            for s, is_eager in zip(seats, key, strict=True):
                ban = self.avoid.get(s, 0) if is_eager else 0
                for top in (self.ceiling.get(s), (below or {}).get(s)):
                    if top is not None:
                        ban |= ~((2 << top) - 1)
                banned.append(ban)
                weights.append({} if is_eager else self.soft.get(s, {}))
            plan = odds(self.free, banned, weights, caps)
            self._plans[key, extra] = plan
        got = [self.fixed[s] | (held or {}).get(s, 0) for s in seats]
        room = [self.need[s] - h.bit_count() for s, h in zip(seats, got, strict=True)]
        dealer_deal(cards, room, got, plan, self.rng)
        for i, s in enumerate(seats):
            hands[s] = got[i]
        return hands

    def _around_exchange(
        self, hands: list[int], eager: list[bool] | None, drawn: dict[int, int] | None = None
    ) -> list[int]:
        """Deal the cards of ``hands`` again around the exchange: each higher rank of :attr:`exchange`
        keeps its ``k`` strongest cards, and its lower rank is dealt nothing above the ``k``-th of
        them (where the lower rank's strongest went; an eager higher rank gave back its weakest, a
        careful one rarely a card that strong). The rest is dealt again, so a strong card the first
        deal gave a lower rank goes to a higher rank or a seat outside the pair. Rejecting deals that
        do not fit (:func:`~.clues.exchange_fit`) would throw most away (seven in eight for a 2-card
        exchange at the start of a round); the higher ranks' strongest cards are still drawn without
        regard to the fit, so weak ones come a little too often.
        """
        held: dict[int, int] = {}
        below: dict[int, int] = dict(drawn or {})
        lows: set[int] = set()
        for hi, lo, k, hi_played, _lo_played in self.exchange:
            if hi in lows or lo in held:
                continue  # a seat in two pairs: left to the weight's check
            whole = hands[hi] | hi_played
            ranks = top_ranks(whole)
            if len(ranks) < k or ranks[k - 1] >= 13:
                continue  # its k-th strongest card is a joker: no ceiling
            took = ranks[k - 1]
            # the dealt cards at or above that rank stay: they make it the k-th strongest
            held[hi] = hands[hi] & ~self.fixed[hi] & ~((1 << (4 * took)) - 1)
            below[lo] = min(4 * took + 3, below.get(lo, JOKER_TOP))
            lows.add(lo)
        if not held:
            return hands
        stay = 0
        for h in held.values():
            stay |= h
        cards = [c for c in self.free if not stay >> c & 1]
        self.rng.shuffle(cards)
        return self._constrained(cards, hands, eager, held, below)

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
        for seat, cards in self.leads:
            if hands[seat] & cards and not (eager and eager[seat]):
                w *= LEAD_FACTOR
        for hi, lo, k, hi_played, lo_played in self.exchange:
            if not exchange_fit(hands[hi] | hi_played, hands[lo] | lo_played, k, bool(eager and eager[hi])):
                w *= SURE_PASS
        if eager is not None and self.fits is not None and not self.fits(hands, eager):
            w *= SURE_PASS
        return w

    def sample(self) -> list[int]:
        """A deal kept by rejection on :meth:`weight` (the best of ``tries`` if none is kept); with
        :attr:`replay`, one of ``replays`` such deals drawn by how many acts each explains.

        With ``trust``, each seat is first taken as eager or not (see :attr:`eager`) for this deal.
        """
        eager = None
        if self.trust is not None:
            eager = [self.rng.random() < t for t in self.trust]
            self.eager = eager
        if self.replay is None:
            return self._kept(eager)
        picks = []
        fewest = 1 << 30
        for _ in range(self.replays):
            hands = self._kept(eager)
            # a deal that misses three acts more than the best so far weighs under 2 % of it: left out
            misses = self.replay.misses(hands, eager, fewest + 2)
            if not misses:
                return hands
            if misses <= fewest + 2:
                picks.append((MISS_FACTOR**misses, hands))
                fewest = min(fewest, misses)
        x = self.rng.random() * sum(w for w, _ in picks)
        for w, drawn in picks:
            x -= w
            if x < 0.0:
                return drawn
        return picks[-1][1]

    def _kept(self, eager: list[bool] | None) -> list[int]:
        best: tuple[float, list[int]] | None = None
        for _ in range(self.tries):
            hands = self.deal(eager)
            if not self.notes and self.fits is None and not self.leads and not self.exchange:
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
