"""段位 (dan levels), 段位戦ポイント and seasons (開催回) — pure rules of seed 000's ranked ladder.

Seed 000 「段位戦」: points by place raise a player through 初段 … 十段, 十段強, 十段超; on a new season
everyone restarts from the level of its reset table; matching is split into 初級 (初段–六段),
中級 (七段–九段) and 上級 (十段 and above). The seed gives no numbers for points, so the
:class:`Ladder` holds them as settings with defaults.

>>> ladder = Ladder()
>>> ladder.dan(0), ladder.dan(230), ladder.dan(10_000)
(<Dan.SHODAN: 1>, <Dan.SANDAN: 3>, <Dan.JUDAN_CHO: 12>)
>>> Dan.JUDAN_KYO.kanji, season_reset(Dan.JUDAN_KYO).kanji, bracket_of(Dan.NANADAN).kanji
('十段強', '七段', '中級')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

_KANJI = ("初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "十段強", "十段超")


class Dan(enum.IntEnum):
    """A dan level (段位), 初段 (1) to 十段超 (12)."""

    SHODAN = 1
    """初段."""
    NIDAN = 2
    """二段."""
    SANDAN = 3
    """三段."""
    YONDAN = 4
    """四段."""
    GODAN = 5
    """五段."""
    ROKUDAN = 6
    """六段."""
    NANADAN = 7
    """七段."""
    HACHIDAN = 8
    """八段."""
    KUDAN = 9
    """九段."""
    JUDAN = 10
    """十段."""
    JUDAN_KYO = 11
    """十段強."""
    JUDAN_CHO = 12
    """十段超."""

    @property
    def kanji(self) -> str:
        """The level as seed 000 writes it (``三段``)."""
        return _KANJI[self.value - 1]


class Bracket(enum.StrEnum):
    """A matching band (マッチング帯) of seed 000; a ranked table may admit only one."""

    BEGINNER = "beginner"
    """初級: 初段 – 六段."""
    INTERMEDIATE = "intermediate"
    """中級: 七段 – 九段."""
    ADVANCED = "advanced"
    """上級: 十段 and above."""

    @property
    def kanji(self) -> str:
        """初級, 中級 or 上級."""
        return {"beginner": "初級", "intermediate": "中級", "advanced": "上級"}[self.value]


def bracket_of(dan: Dan) -> Bracket:
    """The band a level plays in (seed 000's table)."""
    if dan <= Dan.ROKUDAN:
        return Bracket.BEGINNER
    if dan <= Dan.KUDAN:
        return Bracket.INTERMEDIATE
    return Bracket.ADVANCED


_RESET = {
    Dan.JUDAN_CHO: Dan.NANADAN,
    Dan.JUDAN_KYO: Dan.NANADAN,
    Dan.JUDAN: Dan.NANADAN,
    Dan.KUDAN: Dan.ROKUDAN,
    Dan.HACHIDAN: Dan.GODAN,
    Dan.NANADAN: Dan.YONDAN,
    Dan.ROKUDAN: Dan.SANDAN,
    Dan.GODAN: Dan.NIDAN,
}


def season_reset(dan: Dan) -> Dan:
    """The level a player starts the next season from (seed 000 「元の段位とリセット後の段位」).

    >>> [season_reset(d).kanji for d in (Dan.JUDAN, Dan.KUDAN, Dan.GODAN, Dan.YONDAN, Dan.SHODAN)]
    ['七段', '六段', '二段', '初段', '初段']
    """
    return _RESET.get(dan, Dan.SHODAN)


TITLE_KEYS = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")
"""Message keys of the five titles (階級), best first."""
TITLES = ("大富豪", "富豪", "平民", "貧民", "大貧民")
"""The titles as the engine names them, in the order of :data:`TITLE_KEYS`."""


def titles_for(n_players: int) -> tuple[str, ...]:
    """The title of each place for ``n_players`` (seed 001's table, as the engine uses it)."""
    if n_players <= 2:
        return ("大富豪", "大貧民")[:n_players]
    return {
        3: ("大富豪", "平民", "大貧民"),
        4: ("大富豪", "富豪", "貧民", "大貧民"),
        5: TITLES,
        6: ("大富豪", "富豪", "平民", "平民", "貧民", "大貧民"),
    }[min(n_players, 6)]


DEFAULT_THRESHOLDS = (0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1100, 1400)
"""段位戦ポイント needed for 初段 … 十段超."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """The numbers of the ranked ladder: points per title, dan thresholds, dropout penalty.

    A ranked play earns the points of the title of its final place (大富豪 +30 … 大貧民 −15 by
    default); a player who leaves (脱落) loses ``dropout_penalty`` instead. Points never go below 0.
    """

    title_points: tuple[int, int, int, int, int] = (30, 15, 5, -5, -15)
    """Points for finishing a play as 大富豪, 富豪, 平民, 貧民, 大貧民."""
    thresholds: tuple[int, ...] = DEFAULT_THRESHOLDS
    """Points needed for each of the 12 levels (初段 first, which needs 0)."""
    dropout_penalty: int = 40
    """Points lost for leaving or disconnecting from a ranked play."""

    def __post_init__(self) -> None:
        if len(self.thresholds) != len(Dan) or self.thresholds[0] != 0:
            raise ValueError("thresholds: 12 numbers, the first 0")
        if any(b <= a for a, b in zip(self.thresholds, self.thresholds[1:], strict=False)):
            raise ValueError("thresholds must increase")
        if self.dropout_penalty < 0:
            raise ValueError("dropout_penalty must be >= 0")

    def dan(self, points: int) -> Dan:
        """The level ``points`` reach."""
        level = Dan.SHODAN
        for dan, need in zip(Dan, self.thresholds, strict=True):
            if points >= need:
                level = dan
        return level

    def floor(self, dan: Dan) -> int:
        """Points a level starts at."""
        return self.thresholds[dan.value - 1]

    def to_next(self, points: int) -> int | None:
        """Points still missing for the next level (``None`` at 十段超).

        >>> Ladder().to_next(230), Ladder().to_next(1500)
        (70, None)
        """
        dan = self.dan(points)
        if dan is Dan.JUDAN_CHO:
            return None
        return self.thresholds[dan.value] - points

    def place_points(self, place: int, n_players: int) -> int:
        """Points for finishing a play in ``place`` (1 = first) of ``n_players``.

        >>> [Ladder().place_points(p, 4) for p in (1, 2, 3, 4)]
        [30, 15, -5, -15]
        """
        title = titles_for(n_players)[place - 1]
        return self.title_points[TITLES.index(title)]

    def apply(self, points: int, delta: int) -> int:
        """Points after a change (never below 0)."""
        return max(0, points + delta)

    def season_start(self, points: int) -> int:
        """Points a player starts the next season with (the floor of their reset level)."""
        return self.floor(season_reset(self.dan(points)))
