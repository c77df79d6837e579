"""One UECda game as this client sees it: tables in, an :class:`Observation` and legal actions out.

The client never sees the server's state directly, only the tables of every turn. This module keeps
what a player at the table would remember — who played what, who passed, who went out — and turns
it into the engine's :class:`~dfg_bridge.engine.Observation`, so the same CPU code decides here as
in Minecraft. The server's own flags (new trick, 革命, 縛り) win over anything remembered: a move
is only ever chosen among the plays legal in the state the server announced.

Seats are the engine's: seat ``k`` is the ``k``-th seat of the server's seating, whatever player
number sits there.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from dfg_bridge.engine import (
    Action,
    Card,
    Finish,
    Give,
    Meld,
    MeldKind,
    Observation,
    Pass,
    Play,
    Round,
    Rules,
    deck,
)
from dfg_bridge.uecda.protocol import COLS, Played, State, Table, empty, freeze

log = logging.getLogger("dfg_bridge.uecda")


def play_table(action: Action, inverted: bool) -> Table:
    """The table submitting ``action`` (all zeros for a pass)."""
    rows = empty()
    if isinstance(action, Play):
        meld = action.meld
        real = [r.index for r in meld.readings if not r.is_joker]
        for i, (card, reading) in enumerate(zip(meld.cards, meld.readings, strict=True)):
            if not card.is_joker:
                rows[card.index & 3][(card.index >> 2) + 1] = 1
            elif meld.kind is MeldKind.SINGLE:
                # a lone joker stands as the strongest card of the order now, as standard clients play it
                rows[0][0 if inverted else COLS - 1] = 2
            elif reading.is_joker:
                # a joker past the stairs' ends: column 0 below the 3, column 14 above the 2
                suit = real[0] & 3
                rows[suit][(min(real) >> 2) if i == 0 else (max(real) >> 2) + 2] = 2
            else:
                rows[reading.index & 3][(reading.index >> 2) + 1] = 2
    elif isinstance(action, Give):
        for card in action.cards:
            if card.is_joker:
                rows[4][1] = 2
            else:
                rows[card.index & 3][(card.index >> 2) + 1] = 1
    return freeze(rows)


def meld_of(played: Played, rules: Rules) -> Meld | None:
    """The engine's meld of a field read from a table, or None if the engine cannot express it."""
    if played.count == 0:
        return None
    if played.joker_at is None:
        found = Meld.detect(played.cards, rules)
        return found[0] if found else None
    joker = Card.joker(0)
    if not played.cards:
        return Meld(MeldKind.SINGLE, (joker,), (joker,))
    cards = (*played.cards, joker)
    if played.beyond:
        # a joker past the stairs' ends reads as itself, first (below the 3) or last (above the 2)
        below = played.joker_at is not None and played.joker_at[1] == 0
        for meld in Meld.detect(cards, rules):
            if meld.readings[0 if below else -1].is_joker and meld.kind is MeldKind.STAIRS:
                return meld
        return None
    found = Meld.detect(cards, rules, (*([None] * len(played.cards)), played.reading))
    return found[0] if found else None


@dataclass
class Game:
    """What one client remembers of the current game (ゲーム = one deal)."""

    rules: Rules
    me: int
    """This client's player number."""
    seats: tuple[int, ...] = ()
    counts: tuple[int, ...] = ()
    hand: tuple[Card, ...] = ()
    history: list[Action] = field(default_factory=list)
    seen: set[Card] = field(default_factory=set)
    out: list[int] = field(default_factory=list)
    """Seats that went out, in order."""
    trick: list[Card] = field(default_factory=list)
    field_meld: Meld | None = None
    field_known: bool = True
    field_by: int | None = None
    passed: set[int] = field(default_factory=set)
    transfers: list[tuple[int, int, tuple[Card, ...]]] = field(default_factory=list)
    exchange: tuple[tuple[int, int, int], ...] = ()
    """(higher, lower, cards) seats of this game's exchange, once it is sure there was one."""
    state: State | None = None
    _dealt: tuple[Card, ...] | None = None  # a lower rank's hand before the exchange, until it is settled
    _turn: tuple[int, tuple[int, ...]] | None = None  # (seat, counts before) of the turn just played
    _last_field: Played | None = None

    @property
    def my_seat(self) -> int:
        """This client's seat."""
        return self.seats.index(self.me) if self.me in self.seats else 0

    def seat_of(self, player: int) -> int:
        """The seat of a player number."""
        return self.seats.index(player)

    # ------------------------------------------------------------------ reading the tables
    def on_state(self, hand: tuple[Card, ...], state: State) -> None:
        """A hand table at the start of a turn: settle the last turn, then take the new state."""
        if not self.seats or state.deal:
            self.seats = (
                state.seats
                if sorted(state.seats) == list(range(len(state.seats)))
                else tuple(range(len(state.counts)))
            )
        counts = tuple(state.counts[p] for p in self.seats)
        if not state.deal and self._dealt is not None:
            self._settle_exchange(hand)
        self._settle(counts)
        self.counts = counts
        self.hand = hand
        self.state = state
        if state.new_trick:
            self._clear()

    def on_field(self, played: Played) -> None:
        """The field table after a turn: remember it until the next table tells what happened."""
        self._last_field = played

    def begin_turn(self, player: int) -> None:
        """The turn of ``player`` (from the hand table) starts."""
        self._turn = (self.seat_of(player), self.counts)

    def on_rejected(self) -> None:
        """The server refused our submission: it counts as our pass."""
        log.warning("uecda: the server rejected our move; it counts as a pass")

    def gave(self, receiver_rank: int, cards: tuple[Card, ...], ranks: tuple[int, ...]) -> None:
        """Remember the cards this client gave in the exchange (to the player of ``receiver_rank``)."""
        by_rank = {r: p for p, r in enumerate(ranks[: len(self.seats)])}
        if receiver_rank in by_rank:
            self.transfers.append((self.my_seat, self.seat_of(by_rank[receiver_rank]), cards))

    def exchange_told(self, ranks: tuple[int, ...]) -> None:
        """The server asked this client to give cards back: this game has an exchange, between the
        players of ranks 0 and 4 (two cards) and 1 and 3 (one card) by ``ranks`` (per player number).

        A lower rank is asked nothing; the deal table tells it (:meth:`tribute_told`) when the server
        says how many cards it takes, as the tndhm server does."""
        by_rank = {r: p for p, r in enumerate(ranks[: len(self.seats)])}
        n = len(self.seats)
        pairs = []
        for high, cards in ((0, 2), (1, 1)):
            low = n - 1 - high
            if high < low and high in by_rank and low in by_rank:
                pairs.append((self.seat_of(by_rank[high]), self.seat_of(by_rank[low]), cards))
        self.exchange = tuple(pairs)

    def tribute_told(self, taken: int, ranks: tuple[int, ...]) -> None:
        """The deal table said the server takes this client's ``taken`` strongest cards (as 貧民 /
        大貧民): this game has an exchange, and the hand just dealt is the one from before it."""
        self.exchange_told(ranks)
        if any(low == self.my_seat and k == taken for _high, low, k in self.exchange):
            self._dealt = self.hand

    def _settle_exchange(self, hand: tuple[Card, ...]) -> None:
        """The first hand after the deal: what went (the strongest cards) and what came back."""
        dealt, self._dealt = self._dealt, None
        assert dealt is not None
        high, k = next((h, k) for h, low, k in self.exchange if low == self.my_seat)
        went = tuple(c for c in dealt if c not in hand)
        came = tuple(c for c in hand if c not in dealt)
        if len(went) == k and len(came) == k:  # else the server showed something else: read nothing
            self.transfers += [(self.my_seat, high, went), (high, self.my_seat, came)]

    def _settle(self, counts: tuple[int, ...]) -> None:
        """Decide whether the seat of the last turn played (its count fell) or passed."""
        turn, self._turn = self._turn, None
        if turn is None:
            return
        seat, before = turn
        if seat >= len(counts) or seat >= len(before):
            return
        fell = before[seat] - counts[seat]
        played = self._last_field
        if fell <= 0:
            self.history.append(Pass(seat))
            self.passed.add(seat)
        else:
            meld = meld_of(played, self.rules) if played is not None and played.count == fell else None
            if meld is not None:
                self.history.append(Play(seat, meld))
                self.seen.update(meld.cards)
                self.trick.extend(meld.cards)
                self.field_meld = meld
                self.field_known = True
            else:
                # the cards are not on the field table (cleared at once) or not readable: the trick
                # goes on without knowing the field exactly
                if played is not None:
                    self.seen.update(played.cards)
                self.field_meld = None
                self.field_known = played is None or played.count == 0
            self.field_by = seat
            self.passed -= {seat}
            if counts[seat] == 0 and seat not in self.out:
                self.out.append(seat)

    def _clear(self) -> None:
        self.trick = []
        self.field_meld = None
        self.field_known = True
        self.field_by = None
        self.passed = set()

    # ------------------------------------------------------------------ what the CPU sees
    def observation(self) -> Observation:
        """This seat's view now, in the engine's terms."""
        st = self.state
        assert st is not None
        seat = self.my_seat
        n = len(self.seats)
        every = set(deck(self.rules.jokers))
        mine = set(self.hand)
        field_meld = None if st.new_trick else self.field_meld
        lock = None
        if st.lock and field_meld is not None:
            lock = field_meld.suits or None
        finished = tuple(Finish(s, i + 1, False, "out") for i, s in enumerate(self.out))
        return Observation(
            seat=seat,
            phase="play",
            hand=self.hand,
            hand_counts=self.counts,
            to_act=seat,
            field=field_meld,
            field_by=None if field_meld is None else self.field_by,
            revolution=st.revolution,
            eleven_back=st.eleven_back,
            lock=frozenset(lock) if lock else None,
            number_lock=False,
            direction=1,
            passed=frozenset(self.passed) - {seat},
            finished=finished,
            history=tuple(self.history),
            seen=frozenset(self.seen),
            unseen=frozenset(every - self.seen - mine),
            pending=None,
            risen=None,
            slime=0,
            wallets=(0,) * n,
            jokers=self.rules.jokers,
            field_cards=tuple(self.trick) if field_meld is not None else (),
            present=frozenset(range(n)),
            step=len(self.history),
            transfers=tuple(self.transfers),
            exchange_pairs=self.exchange,
        )

    def legal(self, obs: Observation) -> list[Action]:
        """The plays legal now for this seat (a pass whenever the field is not empty)."""
        if self.state is None or (not self.state.new_trick and obs.field is None):
            # a field we could not read: passing is the one move sure to be accepted
            return [Pass(obs.seat)]
        rnd = Round.from_observation(obs, self.rules, _fill(obs))
        legal = list(rnd.legal_actions(obs.seat))
        return legal or [Pass(obs.seat)]


def _fill(obs: Observation) -> list[list[Card]]:
    """Some hidden hands of the right sizes (only this seat's legal moves are asked of them)."""
    pool = sorted(obs.unseen)
    hands: list[list[Card]] = []
    for s, count in enumerate(obs.hand_counts):
        if s == obs.seat:
            hands.append(list(obs.hand))
        else:
            hands.append(pool[:count])
            pool = pool[count:]
    return hands
