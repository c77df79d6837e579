"""A match (試合): several rounds, points, exchange or bribery between rounds, dropouts (脱落)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from dfg_bridge.engine.events import Event
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import LeaderRule, MatchWinner, Rules, rank_points, rank_titles


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """The result of one finished round: ``ranking`` (seats, 1st first) and ``points`` per seat."""

    number: int
    ranking: tuple[int, ...]
    points: tuple[int, ...]
    titles: tuple[str | None, ...]


class Match:
    """A match of ``rounds`` rounds (default: the preset's) between ``n_seats`` seats.

    >>> m = Match(Rules(), 4, seed=7, rounds=1)
    >>> r = m.start_round()
    >>> while not r.over:
    ...     _ = r.apply(next(iter(r.legal_actions())))
    >>> rec = m.finish_round()
    >>> sorted(rec.points), m.over, len(m.standings())
    ([1, 2, 4, 5], True, 4)
    """

    def __init__(self, rules: Rules, n_seats: int, seed: int, rounds: int | None = None) -> None:
        if not 3 <= n_seats <= 6:
            raise ValueError("a match needs 3 to 6 seats")
        self.rules = rules
        self.n_seats = n_seats
        self.seed = seed
        self.rounds = rules.rounds if rounds is None else rounds
        self.points: list[int] = [0] * n_seats
        self.records: list[RoundRecord] = []
        self.dropped: set[int] = set()
        self.slime = 0
        self.wallets: list[int] = [0] * n_seats
        self.current: Round | None = None
        self.dealer: int | None = None

    # ------------------------------------------------------------------ rounds
    @property
    def round_number(self) -> int:
        """Number of the current (or next) round, from 1."""
        return len(self.records) + 1

    def present(self) -> list[int]:
        """Seats still in the match."""
        return [s for s in range(self.n_seats) if s not in self.dropped]

    def start_round(self) -> Round:
        """Deal the next round (exchange or bribery set up from round 2; first leader per the rules)."""
        if self.current is not None:
            if not self.current.over:
                raise RuntimeError("the current round is not over")
            raise RuntimeError("record the finished round with finish_round() first")
        if self.over:
            raise RuntimeError("the match is over")
        number = len(self.records) + 1
        present = [s not in self.dropped for s in range(self.n_seats)]
        prev = self.records[-1].ranking if self.records else None
        rules = self.rules
        dealer = None
        if rules.dealer_deals or LeaderRule.DEALER in (rules.first_leader, rules.later_leader):
            if prev:
                live = [s for s in prev if present[s]]
                dealer = live[-1]  # 003: 2回目以降は、大貧民が配る
            else:
                # 003: じゃんけんなどで負けたプレイヤーが配る — a seeded draw
                dealer = random.Random(self.seed * 7 + 1).choice(self.present())
        self.dealer = dealer
        rnd = Round.deal(
            rules,
            self.n_seats,
            self.seed * 1000 + number,
            dealer=dealer,
            present=present,
            prev_ranking=prev,
            slime=self.slime,
            wallets=self.wallets if rules.bribery else None,
        )
        self.current = rnd
        return rnd

    def finish_round(self) -> RoundRecord:
        """Record the points of the finished current round."""
        rnd = self.current
        if rnd is None or not rnd.over:
            raise RuntimeError("no finished round to record")
        ranking = tuple(rnd.ranking())
        n = len(ranking)
        table = rank_points(self.rules, n) if n >= 2 else (0,)
        titles_n = rank_titles(n) if n >= 2 else ("大富豪",)
        pts = [0] * self.n_seats
        titles: list[str | None] = [None] * self.n_seats
        for place, seat in enumerate(ranking):
            pts[seat] = table[place]
            titles[seat] = titles_n[place]
            self.points[seat] += table[place]
        self.slime = rnd.slime
        if self.rules.bribery:
            w = list(rnd.wallets)
            if n >= 2:
                w[ranking[0]] += 2
                w[ranking[-1]] -= 1
            if n >= 4:
                w[ranking[1]] += 1
            self.wallets = w
        rec = RoundRecord(len(self.records) + 1, ranking, tuple(pts), tuple(titles))
        self.records.append(rec)
        self.current = None
        return rec

    @property
    def over(self) -> bool:
        """No round in progress and no further round: all rounds played, or fewer than 3 players left."""
        if self.current is not None and not self.current.over:
            return False
        if self.current is not None and self.current.over:
            return len(self.records) + 1 >= self.rounds or len(self.present()) < 3
        return len(self.records) >= self.rounds or len(self.present()) < 3

    def drop_out(self, seat: int) -> list[Event]:
        """脱落: ``seat`` leaves the match (lowest open place this round; sits out later rounds)."""
        self.dropped.add(seat)
        if self.current is not None and not self.current.over:
            return self.current.drop_out(seat)
        return []

    # ------------------------------------------------------------------ results
    def totals(self) -> tuple[int, ...]:
        """Total points per seat."""
        return tuple(self.points)

    def standings(self) -> list[int]:
        """Seats from first to last by the match rule (001: points, ties by last round's place)."""
        last = self.records[-1].ranking if self.records else ()

        def last_place(s: int) -> int:
            return last.index(s) if s in last else len(last) + s

        seats = list(range(self.n_seats))
        if self.rules.match_winner is MatchWinner.LAST_ROUND and last:
            return sorted(seats, key=lambda s: (last_place(s), -self.points[s]))
        return sorted(seats, key=lambda s: (-self.points[s], last_place(s)))

    def winner(self) -> int | None:
        """The match winner once the match is over."""
        if not self.records:
            return None
        return self.standings()[0]
