"""Rules compiled into flat constants for the hot path (internal)."""

from __future__ import annotations

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine.rules import FoulCard, FoulOrder, Rules, StairsBeat

FOUL_JOKER = 1
FOUL_STRONGEST = 2
FOUL_EIGHT = 4
FOUL_JACK = 8
FOUL_SPADE3 = 16

_FOUL_BITS = {
    FoulCard.JOKER: FOUL_JOKER,
    FoulCard.STRONGEST: FOUL_STRONGEST,
    FoulCard.EIGHT: FOUL_EIGHT,
    FoulCard.JACK: FOUL_JACK,
    FoulCard.SPADE3: FOUL_SPADE3,
}


class Config:
    """Flat, precomputed view of a :class:`Rules` value."""

    __slots__ = (
        "beyond",
        "bomb",
        "double_joker_group",
        "eight_cut",
        "eleven_back",
        "five_skip",
        "foul",
        "foul_clears",
        "foul_later_lower",
        "group_table",
        "joker_triggers",
        "joker_unlocks",
        "leader_pass",
        "lock",
        "lock_by_joker",
        "max_group",
        "min_stairs",
        "miyako",
        "miyako_min",
        "nakama",
        "nakama_max",
        "nakama_rate",
        "nine_reverse",
        "number_lock",
        "owner_again",
        "pass_lock",
        "rev_group",
        "rev_stairs",
        "revolution",
        "rules",
        "seven_pass",
        "single_table",
        "slime",
        "slime_needed",
        "spade3",
        "spades_first",
        "stairs",
        "stairs_above",
        "stairs_cache",
        "ten_discard",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.stairs = rules.stairs
        self.min_stairs = rules.min_stairs
        self.max_group = rules.max_group
        self.stairs_above = rules.stairs_beat is StairsBeat.ABOVE
        self.double_joker_group = rules.double_joker_group
        self.pass_lock = rules.pass_lock
        self.revolution = rules.revolution
        self.rev_group = rules.revolution_group
        self.rev_stairs = rules.revolution_stairs
        self.eight_cut = rules.eight_cut
        self.lock = rules.lock
        self.lock_by_joker = rules.lock_by_joker
        self.number_lock = rules.number_lock
        self.spade3 = rules.spade3_return
        self.miyako = rules.miyako_ochi
        self.miyako_min = rules.miyako_ochi_min_players
        foul = 0
        if rules.foul_finish:
            for card in rules.foul_cards:
                foul |= _FOUL_BITS[card]
        self.foul = foul
        self.foul_later_lower = rules.foul_order is FoulOrder.LATER_LOWER
        self.foul_clears = rules.foul_clears
        self.eleven_back = rules.eleven_back
        self.five_skip = rules.five_skip
        self.nine_reverse = rules.nine_reverse
        self.seven_pass = rules.seven_pass
        self.ten_discard = rules.ten_discard
        self.bomb = rules.queen_bomber
        self.slime = rules.slime_revolution
        self.slime_needed = rules.slime_needed
        self.nakama = rules.nakama_card
        self.nakama_rate = rules.nakama_rate
        self.nakama_max = rules.nakama_max
        self.joker_triggers = rules.joker_triggers
        self.owner_again = rules.owner_again
        self.leader_pass = rules.leader_may_pass
        self.beyond = rules.stairs and rules.joker_beyond_ends
        self.joker_unlocks = rules.joker_unlocks
        self.spades_first = rules.exchange_spades_first
        # tables indexed by (r << 4 | t) and (r << 6 | t << 2 | jokers-held bits)
        self.single_table = [mv.singles(i >> 4, i & 15) for i in range(13 * 16)]
        self.group_table = [mv.groups(i >> 6, (i >> 2) & 15, i & 3, self.max_group) for i in range(13 * 64)]
        self.stairs_cache: dict[int, tuple[mv.Move, ...]] = {}


_CONFIGS: dict[Rules, Config] = {}


def config_of(rules: Rules) -> Config:
    """The (cached) compiled config of ``rules``."""
    cfg = _CONFIGS.get(rules)
    if cfg is None:
        if len(_CONFIGS) > 64:
            _CONFIGS.clear()
        cfg = _CONFIGS[rules] = Config(rules)
    return cfg
