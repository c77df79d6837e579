"""Rule options (ローカルルール) as data: one frozen :class:`Rules` value, four named presets.

Every option is a field; the field name is the public option name (README, replay ``set:``).
Where the three seed documents disagree the preset picks one reading; ``docs/RULES.md`` has the
table with the seed passage behind each default.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any


class StrEnum(enum.StrEnum):
    """A string-valued enum (values are what YAML and JSON carry)."""

    def __str__(self) -> str:
        return str(self.value)


class FoulCard(StrEnum):
    """A kind of card that may not finish a hand under 反則上がり (上がり禁止札)."""

    JOKER = "joker"
    """Any play containing a joker, wild or alone (000: "Jokerをオールマイティ…使用していても")."""
    STRONGEST = "strongest"
    """A play containing the strongest rank at that moment: 2, or 3 under 革命 XOR 11バック."""
    EIGHT = "eight"
    """A play containing an 8 while 8切り is on."""
    JACK = "jack"
    """A play containing a J while 11バック is on (003: 特殊な効果を持つ「11」)."""
    SPADE3 = "spade3"
    """The ♠3 that beat a lone joker by スペ3返し."""


class FoulOrder(StrEnum):
    """How several foul finishers (反則上がり) are ordered among themselves."""

    LOWEST_OPEN = "lowest_open"
    """Each foul takes the lowest place still open when it happens (001, 000)."""
    LATER_LOWER = "later_lower"
    """A later foul ranks below an earlier one (003: より後で上がったプレイヤーの順位が下)."""


class StairsBeat(StrEnum):
    """What a stairs play must exceed to beat stairs on the field."""

    LOWEST = "lowest"
    """Its weakest card must be stronger than the field's weakest card (000: 345 → 456)."""
    ABOVE = "above"
    """Its weakest card must be stronger than the field's strongest card (345 → 678)."""


class LeaderRule(StrEnum):
    """Who leads the first trick of a round (最初の親)."""

    DIAMOND3 = "diamond3"
    """The holder of ♦3 (001, 000 round 1)."""
    LOWEST = "lowest"
    """The previous round's lowest rank, 大貧民 (001, 000 from round 2)."""
    DEALER = "dealer"
    """The dealer (003: カードを配ったプレイヤーから手番を始める)."""


class MatchWinner(StrEnum):
    """How a match (試合) is decided."""

    POINTS = "points"
    """Total points; ties go to the better rank in the last round (001)."""
    LAST_ROUND = "last_round"
    """The 大富豪 of the last round wins (003: 3回目の「ゲーム」で大富豪となったプレイヤーが勝者)."""


_DEFAULT_FOULS = frozenset({FoulCard.JOKER, FoulCard.STRONGEST, FoulCard.EIGHT, FoulCard.SPADE3})


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of one table (ルール設定). Defaults are the ``minecraft`` preset (seed 001).

    >>> Rules.preset("minecraft").eleven_back, Rules.preset("dqx").jokers, Rules.preset("niconico").stairs
    (False, 2, False)
    >>> Rules.preset("minecraft").replace(eleven_back=True).eleven_back
    True
    >>> Rules.preset("niconico").foul_order
    <FoulOrder.LATER_LOWER: 'later_lower'>
    """

    name: str = "minecraft"
    """Preset name this value came from ("custom" after :meth:`replace` keeps the base name)."""
    players: int = 4
    """Default table size (the host's CPU practice fills up to this)."""
    rounds: int = 3
    """Rounds (ラウンド / ゲーム) in a match."""
    jokers: int = 1
    """Jokers in the deck: 1 or 2 (ジョーカー2枚)."""
    stairs: bool = True
    """階段: same suit, consecutive ranks, K-A-2 connects, A-2-3 does not."""
    min_stairs: int = 3
    """Fewest cards in stairs."""
    max_group: int = 4
    """Most cards in a group of one rank (jokers included)."""
    stairs_beat: StairsBeat = StairsBeat.LOWEST
    """How stairs beat stairs."""
    double_joker_group: bool = False
    """On a lead, JK JK + one card is a group of three, never stairs (000)."""
    pass_lock: bool = True
    """Passing locks a player out until the field clears (001: パスした人は、場が流れるまで出せません)."""
    revolution: bool = True
    """革命: toggles the strength order for the rest of the round."""
    revolution_group: int = 4
    """Group size that triggers 革命."""
    revolution_stairs: int = 5
    """Stairs size that triggers 革命."""
    eight_cut: bool = True
    """8切り: a play containing an 8 clears the field; the player leads again."""
    lock: bool = True
    """縛り: two consecutive plays with the same suit set lock the trick to those suits."""
    lock_by_joker: bool = False
    """Whether 縛り / 数しば can start after a play with a joker (001: 直前の手がジョーカー入りのときは…).

    Off, only the *previous* play matters: a new play with a joker still starts a lock, its joker read as the
    suit it stands for."""
    number_lock: bool = False
    """数しば: two consecutive plays one rank apart lock the trick to consecutive ranks (both: 激しば)."""
    spade3_return: bool = True
    """スペ3返し: only a real ♠3 single beats a lone joker, and it clears the field."""
    miyako_ochi: bool = True
    """都落ち: if someone else finishes first, the previous 大富豪 drops to the lowest open place."""
    miyako_ochi_min_players: int = 3
    """Fewest players in the round for 都落ち to apply (001 defines 3-player tables and names no minimum)."""
    foul_finish: bool = True
    """反則上がり: finishing with a card of :attr:`foul_cards` ranks you at the bottom."""
    foul_cards: frozenset[FoulCard] = _DEFAULT_FOULS
    """The forbidden finishing cards (上がり禁止札)."""
    foul_order: FoulOrder = FoulOrder.LOWEST_OPEN
    """How several foul finishers are ordered."""
    foul_clears: bool = True
    """A foul finish clears the field and the next player leads (000: その時点で場が流れ)."""
    eleven_back: bool = False
    """11バック: a play containing a J reverses the strength order until the field clears."""
    five_skip: bool = False
    """5飛び: a play skips as many eligible players as it has fives."""
    nine_reverse: bool = False
    """9リバース: a play containing a 9 reverses the turn direction for the rest of the round."""
    seven_pass: bool = False
    """7パサー: after playing sevens, give up to that many cards to the next player."""
    ten_discard: bool = False
    """10ステ: after playing tens, discard up to that many cards."""
    queen_bomber: bool = False
    """Qボンバー: after playing queens, name up to that many ranks; everyone discards them."""
    slime_revolution: bool = False
    """スライム革命: every ♠ played adds a slime; 8 slimes cause 革命; a joker play clears them."""
    slime_needed: int = 8
    """Slimes that make a king slime (革命)."""
    nakama_card: bool = False
    """なかまカード: at the start of a turn a random discarded card may rise and be swapped in."""
    nakama_rate: float = 0.0625
    """Chance per turn that a card rises, times (1 + turns since the last rise)."""
    nakama_max: float = 0.5
    """Cap on the rising chance."""
    joker_triggers: bool = True
    """A joker read as 5/7/8/9/10/J/Q triggers that rank's effect (8切り via a joker read as 8)."""
    exchange: bool = True
    """Card exchange (カード交換) from round 2."""
    bribery: bool = False
    """買収 with 100億 cards instead of the exchange (003)."""
    dealer_deals: bool = False
    """The dealer deals from themself and so gets the extra card (003)."""
    first_leader: LeaderRule = LeaderRule.DIAMOND3
    """Who leads round 1."""
    later_leader: LeaderRule = LeaderRule.LOWEST
    """Who leads round 2 onward."""
    points_6: tuple[int, ...] = (5, 4, 3, 3, 2, 1)
    """Points per place with 6 players."""
    match_winner: MatchWinner = MatchWinner.POINTS
    """How the match is decided."""
    owner_again: bool = False
    """The trick's owner is asked again when everyone else passed; the field clears only when every player
    still in play, the owner included, has passed in a row (UECda)."""
    leader_may_pass: bool = False
    """The leader may pass on an empty field and is then out until the next clear (UECda)."""
    joker_beyond_ends: bool = False
    """A joker at the end of stairs may stand below 3 or above 2 (UECda: ♦A ♦2 ★ beats ♠J ♠Q ♠K)."""
    joker_unlocks: bool = False
    """A lone joker ends 縛り and 数しば (UECda)."""
    exchange_spades_first: bool = False
    """Among equally strong cards the exchange takes ♠, ♥, ♦, ♣ first (UECda); off: ♣, ♦, ♥, ♠."""
    exchange_hidden: bool = False
    """大富豪 and 富豪 are not told which cards the exchange brought them (UECda)."""

    @staticmethod
    def preset(name: str) -> Rules:
        """The named preset: ``minecraft``, ``dqx``, ``niconico`` or ``uecda`` (aliases: 001, 000, 003)."""
        key = PRESET_ALIASES.get(name.lower(), name.lower())
        try:
            return PRESETS[key]
        except KeyError:
            raise ValueError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; strings are accepted for enum options."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        converted: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown rule option {key!r}")
            converted[key] = _convert(key, value, getattr(self, key))
        out = dataclasses.replace(self, **converted)
        out.validate()
        return out

    def validate(self) -> None:
        """Raise ``ValueError`` if options contradict each other."""
        if self.jokers not in (0, 1, 2):
            raise ValueError("jokers must be 0, 1 or 2")
        if self.min_stairs < 3 or self.max_group < 2:
            raise ValueError("min_stairs must be ≥ 3 and max_group ≥ 2")
        if len(self.points_6) != 6:
            raise ValueError("points_6 needs 6 numbers")

    def option_names(self) -> tuple[str, ...]:
        """All option names."""
        return tuple(f.name for f in dataclasses.fields(self))


def _convert(key: str, value: Any, current: Any) -> Any:
    if isinstance(current, enum.Enum):
        return type(current)(value)
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise ValueError(f"option {key} needs true or false")
        return value
    if isinstance(current, frozenset):
        return frozenset(FoulCard(v) for v in value)
    if isinstance(current, tuple):
        return tuple(int(v) for v in value)
    if isinstance(current, float):
        return float(value)
    if isinstance(current, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {key} needs an integer")
        return value
    return value


MINECRAFT = Rules()
DQX = Rules(
    name="dqx",
    rounds=4,
    jokers=2,
    max_group=6,  # 000: four of a rank + both jokers (「4枚以上、カードを同時に場に出すと」革命)
    revolution_stairs=4,  # 000: 4枚以上、カードを同時に場に出すと (stairs included)
    double_joker_group=True,
    lock_by_joker=True,
    number_lock=True,
    eleven_back=True,
    five_skip=True,
    nine_reverse=True,
    seven_pass=True,
    ten_discard=True,
    queen_bomber=True,
    slime_revolution=True,
    nakama_card=True,
)
NICONICO = Rules(
    name="niconico",
    rounds=3,
    stairs=False,
    max_group=5,  # 003: four of a rank + the joker (「4枚以上のカードを同時に出した場合」革命)
    spade3_return=False,
    pass_lock=False,
    lock_by_joker=True,
    miyako_ochi=False,
    foul_cards=frozenset({FoulCard.JOKER, FoulCard.STRONGEST, FoulCard.EIGHT, FoulCard.JACK}),
    foul_order=FoulOrder.LATER_LOWER,
    foul_clears=False,
    eleven_back=True,
    exchange=False,
    bribery=True,
    dealer_deals=True,
    first_leader=LeaderRule.DEALER,
    later_leader=LeaderRule.DEALER,
    match_winner=MatchWinner.LAST_ROUND,
)
UECDA = Rules(
    name="uecda",
    players=5,
    rounds=5,
    max_group=5,
    stairs_beat=StairsBeat.ABOVE,
    lock_by_joker=True,
    miyako_ochi=False,
    foul_finish=False,
    later_leader=LeaderRule.DIAMOND3,
    owner_again=True,
    leader_may_pass=True,
    joker_beyond_ends=True,
    joker_unlocks=True,
    exchange_spades_first=True,
    exchange_hidden=True,
)

PRESETS: dict[str, Rules] = {"minecraft": MINECRAFT, "dqx": DQX, "niconico": NICONICO, "uecda": UECDA}
"""The named presets."""
PRESET_ALIASES = {"001": "minecraft", "000": "dqx", "003": "niconico", "default": "minecraft"}

TITLES = ("大富豪", "富豪", "平民", "貧民", "大貧民")


def rank_titles(n_players: int) -> tuple[str, ...]:
    """Title (階級) per place for ``n_players`` (001's table).

    >>> rank_titles(3)
    ('大富豪', '平民', '大貧民')
    >>> rank_titles(6)
    ('大富豪', '富豪', '平民', '平民', '貧民', '大貧民')
    """
    if n_players == 2:
        return ("大富豪", "大貧民")
    if n_players == 3:
        return ("大富豪", "平民", "大貧民")
    if n_players == 4:
        return ("大富豪", "富豪", "貧民", "大貧民")
    if n_players == 5:
        return TITLES
    if n_players == 6:
        return ("大富豪", "富豪", "平民", "平民", "貧民", "大貧民")
    raise ValueError("2 to 6 players")


def rank_points(rules: Rules, n_players: int) -> tuple[int, ...]:
    """Points per place: 5/4/3/2/1 by title, 5/3/1 for 3 players, :attr:`Rules.points_6` for 6.

    >>> rank_points(Rules(), 4), rank_points(Rules(), 3), sum(rank_points(Rules(), 6))
    ((5, 4, 2, 1), (5, 3, 1), 18)
    """
    if n_players == 6:
        return rules.points_6
    by_title = {"大富豪": 5, "富豪": 4, "平民": 3, "貧民": 2, "大貧民": 1}
    return tuple(by_title[t] for t in rank_titles(n_players))


__all__ = [
    "PRESETS",
    "FoulCard",
    "FoulOrder",
    "LeaderRule",
    "MatchWinner",
    "Rules",
    "StairsBeat",
    "rank_points",
    "rank_titles",
]
