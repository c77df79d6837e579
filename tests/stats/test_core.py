"""The pure stats core: dan levels (seed 000), season resets, rating, tallies."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.stats import Bracket, Dan, Ladder, Rating, bracket_of, rate, season_reset
from dfg_bridge.stats.tally import PlayerState, settle
from dfg_bridge.stats.values import Standing
from tests.stats.helpers import result


def test_seed_000_reset_table() -> None:
    # 000_a10e1a0b46ac0379.txt 「元の段位とリセット後の段位、マッチング」
    table = {
        "十段超": "七段", "十段強": "七段", "十段": "七段", "九段": "六段", "八段": "五段", "七段": "四段",
        "六段": "三段", "五段": "二段", "四段": "初段", "三段": "初段", "二段": "初段", "初段": "初段",
    }  # fmt: skip
    assert {d.kanji: season_reset(d).kanji for d in Dan} == table


def test_seed_000_brackets() -> None:
    # 「初級（初段～六段）」「中級（七段～九段）」「上級（十段以上）」
    assert {d.kanji for d in Dan if bracket_of(d) is Bracket.BEGINNER} == {
        "初段", "二段", "三段", "四段", "五段", "六段"}  # fmt: skip
    assert {d.kanji for d in Dan if bracket_of(d) is Bracket.INTERMEDIATE} == {"七段", "八段", "九段"}
    assert {d.kanji for d in Dan if bracket_of(d) is Bracket.ADVANCED} == {"十段", "十段強", "十段超"}


def test_ladder_points_and_levels() -> None:
    ladder = Ladder()
    assert [ladder.place_points(p, 3) for p in (1, 2, 3)] == [30, 5, -15]
    assert [ladder.place_points(p, 6) for p in range(1, 7)] == [30, 15, 5, 5, -5, -15]
    assert ladder.apply(10, -40) == 0
    assert ladder.dan(899) is Dan.KUDAN and ladder.dan(900) is Dan.JUDAN
    assert ladder.season_start(1500) == ladder.floor(Dan.NANADAN) == 600


@given(st.lists(st.floats(min_value=0, max_value=50), min_size=3, max_size=6))
def test_rating_rewards_the_winner_and_ties_are_equal(mus: list[float]) -> None:
    before = [Rating(mu, 5.0) for mu in mus]
    after = rate(before, list(range(1, len(mus) + 1)))
    assert after[0].mu > before[0].mu
    assert after[-1].mu < before[-1].mu
    assert all(a.sigma <= b.sigma for a, b in zip(after, before, strict=True))


def _fresh(n: int) -> list[PlayerState]:
    return [PlayerState(Rating(), {}, Standing(1)) for _ in range(n)]


def test_settle_ranked_play_and_dropout_penalty() -> None:
    res = result("A", "B", "C", "D", dropped=("B",))
    after, outcomes = settle(res, _fresh(4), Ladder())
    points = [s.standing.points for s in after]
    assert points == [30, 0, 0, 0]  # B loses 40 (floored at 0); C (貧民) −5, D (大貧民) −15, floored
    assert [o.dropped for o in outcomes] == [False, True, False, False]
    assert after[1].lines["all"].dropouts == 1
    # the dropout is rated last, below D who finished 4th
    assert after[1].rating.mu < after[3].rating.mu < after[2].rating.mu
    assert after[0].lines["preset:minecraft"].wins == 1 and after[0].lines["all"].titles[0] == 3


def test_settle_practice_changes_no_standing_or_rating() -> None:
    res = result("A", practice=True, ranked=True, players=4)
    after, outcomes = settle(res, _fresh(1), Ladder())
    assert after[0].rating == Rating() and after[0].standing == Standing(1)
    assert set(after[0].lines) == {"practice", "practice:minecraft"}
    assert outcomes[0].points_change == 0 and outcomes[0].rating_change == 0


def test_settle_void_match_only_penalizes_dropouts() -> None:
    res = result("A", "B", "C", dropped=("C",), void=True)
    before = [PlayerState(Rating(), {}, Standing(1, points=100)) for _ in range(3)]
    after, _ = settle(res, before, Ladder())
    assert [s.standing.points for s in after] == [100, 100, 60]
    assert [s.rating for s in after] == [Rating()] * 3
    assert "all" not in after[0].lines and after[2].lines["all"].dropouts == 1
