"""Matches: points, standings, exchange and bribery between rounds, dropouts, carried counters."""

from __future__ import annotations

import random

import pytest

from dfg_bridge.engine import Match, Phase, Round, Rules, rank_points, rank_titles


def _play_out(rnd: Round, rng: random.Random) -> None:
    while not rnd.over:
        seats = sorted(rnd.awaiting())
        seat = rng.choice(seats)
        moves = rnd.moves(seat)
        rnd.make_move(rng.choice(moves))


def _play_match(m: Match, rng: random.Random) -> None:
    while not m.over:
        _play_out(m.start_round(), rng)
        m.finish_round()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_points_per_round_sum_to_the_table(n: int) -> None:
    m = Match(Rules(), n, seed=n, rounds=3)
    _play_match(m, random.Random(n))
    assert len(m.records) == 3
    for rec in m.records:
        assert sum(rec.points) == sum(rank_points(Rules(), n))
        assert sorted(rec.ranking) == list(range(n))
    assert sum(m.totals()) == 3 * sum(rank_points(Rules(), n))


def test_titles_and_points_tables() -> None:
    assert rank_titles(4) == ("大富豪", "富豪", "貧民", "大貧民")
    assert rank_points(Rules(), 5) == (5, 4, 3, 2, 1)
    assert rank_points(Rules().replace(points_6=[6, 5, 4, 3, 2, 1]), 6) == (6, 5, 4, 3, 2, 1)


def test_round_two_starts_with_exchange_and_lowest_leads() -> None:
    m = Match(Rules(), 4, seed=11)
    rng = random.Random(1)
    _play_out(m.start_round(), rng)
    rec = m.finish_round()
    r2 = m.start_round()
    assert r2.phase is Phase.EXCHANGE
    assert r2.awaiting() == frozenset({rec.ranking[0], rec.ranking[1]})
    for seat in sorted(r2.awaiting()):
        r2.apply(r2.timeout_action(seat))
    assert r2.phase is Phase.PLAY and r2.to_act == rec.ranking[-1]


@pytest.mark.parametrize(("preset", "n"), [("uecda", 5), ("minecraft", 4), ("minecraft", 3), ("niconico", 4)])
def test_every_seat_sees_the_exchange_pairs_of_the_round(preset: str, n: int) -> None:
    # the titles are public, so every seat knows who gave whom how many cards (not which cards)
    rules = Rules.preset(preset)
    m = Match(rules, n, seed=5)
    rng = random.Random(5)
    r1 = m.start_round()
    assert all(r1.observation(s).exchange_pairs == () for s in range(n))
    _play_out(r1, rng)
    rec = m.finish_round()
    r2 = m.start_round()
    rk = rec.ranking
    if preset == "niconico":
        want: tuple[tuple[int, int, int], ...] = ()  # 買収 instead of the exchange
    elif n >= 4:
        want = ((rk[0], rk[-1], 2), (rk[1], rk[-2], 1))
    else:
        want = ((rk[0], rk[-1], 2),)
    assert all(r2.observation(s).exchange_pairs == want for s in range(n))
    _play_out(r2, rng)
    assert r2.observation(0).exchange_pairs == want  # for the whole round


def test_standings_break_ties_by_last_round() -> None:
    m = Match(Rules(), 3, seed=1, rounds=2)
    m.points = [6, 6, 6]
    from dfg_bridge.engine.match import RoundRecord

    m.records.append(RoundRecord(1, (2, 0, 1), (5, 3, 1), ("大富豪", "平民", "大貧民")))
    assert m.standings() == [2, 0, 1]


def test_niconico_winner_is_the_last_rounds_daifugo() -> None:
    m = Match(Rules.preset("niconico"), 4, seed=5)
    _play_match(m, random.Random(5))
    assert len(m.records) == 3
    assert m.winner() == m.records[-1].ranking[0]


def test_niconico_wallets_follow_the_ranks() -> None:
    m = Match(Rules.preset("niconico"), 4, seed=8, rounds=1)
    _play_match(m, random.Random(8))
    rk = m.records[0].ranking
    assert [m.wallets[s] for s in rk] == [2, 1, 0, -1]


def test_dropout_sits_out_later_rounds_and_can_end_the_match() -> None:
    m = Match(Rules(), 4, seed=2, rounds=3)
    rng = random.Random(2)
    r1 = m.start_round()
    events = m.drop_out(3)
    assert any(e.type == "finished" for e in events)
    _play_out(r1, rng)
    rec = m.finish_round()
    assert rec.ranking[-1] == 3
    r2 = m.start_round()
    assert r2.hand_counts()[3] == 0 and 3 not in r2.seats_in_play()
    m.drop_out(2)
    _play_out(r2, rng)
    m.finish_round()
    assert m.over  # fewer than 3 players left


def test_slime_counter_persists_across_rounds() -> None:
    rules = Rules.preset("dqx")
    m = Match(rules, 4, seed=3, rounds=2)
    r1 = m.start_round()
    _play_out(r1, random.Random(0))
    m.finish_round()
    r2 = m.start_round()
    assert r2.slime_count == r1.slime_count == m.slime


def test_dealer_rules_in_niconico() -> None:
    m = Match(Rules.preset("niconico"), 4, seed=4)
    r1 = m.start_round()
    assert m.dealer is not None and r1.hand_counts()[m.dealer] == 14 and r1.to_act == m.dealer
    _play_out(r1, random.Random(4))
    rec = m.finish_round()
    m.start_round()
    assert m.dealer == rec.ranking[-1]
