"""The rules engine (ルールエンジン): the whole game of 大富豪 in pure Python, no I/O.

Deterministic given a seed. See ``docs/ENGINE_API.md`` for the contract and ``docs/RULES.md`` for
the options and presets.
"""

from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Play, Recruit
from dfg_bridge.engine.cards import (
    CARDS,
    Card,
    CardParseError,
    PlayText,
    Rank,
    Suit,
    deck,
    parse_cards,
    parse_play,
)
from dfg_bridge.engine.errors import EngineError, ErrorCode
from dfg_bridge.engine.events import ClearReason, Event
from dfg_bridge.engine.match import Match, RoundRecord
from dfg_bridge.engine.melds import Meld, MeldKind
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.round import Finish, LegalActions, Phase, Round
from dfg_bridge.engine.rules import (
    PRESETS,
    FoulCard,
    FoulOrder,
    LeaderRule,
    MatchWinner,
    Rules,
    StairsBeat,
    rank_points,
    rank_titles,
)

__all__ = [
    "CARDS",
    "PRESETS",
    "Action",
    "Bomb",
    "Bribe",
    "Card",
    "CardParseError",
    "ClearReason",
    "Discard",
    "EngineError",
    "ErrorCode",
    "Event",
    "Finish",
    "FoulCard",
    "FoulOrder",
    "Give",
    "LeaderRule",
    "LegalActions",
    "Match",
    "MatchWinner",
    "Meld",
    "MeldKind",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "PlayText",
    "Rank",
    "Recruit",
    "Round",
    "RoundRecord",
    "Rules",
    "StairsBeat",
    "Suit",
    "deck",
    "parse_cards",
    "parse_play",
    "rank_points",
    "rank_titles",
]
