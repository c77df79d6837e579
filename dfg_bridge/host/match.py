"""A match at a table on the engine (試合の進行), with its journal entries.

:class:`MatchRun` wraps :class:`dfg_bridge.engine.Match`: who sits where (humans and CPUs), the
current round, dropouts (脱落) and the early-end rules of seed 001 「途中で抜けたとき」. Every change
goes through a method that also returns the journal entry describing it, so the table can persist
it and a restarted daemon can :meth:`MatchRun.replay` the match exactly.
"""

from __future__ import annotations

import dataclasses
import enum
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dfg_bridge.engine import (
    CARDS,
    Action,
    Bomb,
    Bribe,
    Discard,
    Give,
    Match,
    Meld,
    MeldKind,
    Pass,
    Play,
    Rank,
    Recruit,
    Round,
    Rules,
)
from dfg_bridge.engine.events import Event, Finished, MiyakoOchi
from dfg_bridge.host.intents import Mode


@dataclass(frozen=True, slots=True)
class Participant:
    """Who sits in a seat: a player's name, or a CPU (``cpu=True``, name like ``CPU1``)."""

    name: str
    cpu: bool = False


class EndReason(enum.Enum):
    """Why a match ended."""

    COMPLETE = "complete"
    """Every round was played."""
    ONE_LEFT = "one_left"
    """出場者が1人になった."""
    TOO_FEW = "too_few"
    """Fewer than 3 players at the start of a round (normal)."""
    NO_HUMANS = "no_humans"
    """Every human left a cpu match."""
    STOPPED = "stopped"
    """``admin stop``."""
    SHUTDOWN = "shutdown"
    """The daemon is stopping (SIGTERM, Ctrl+C): the server side of the game goes away."""
    RESTARTED = "restarted"
    """A restarted daemon ended the match (``crash_policy: end``)."""


class MatchRun:
    """One match: seats, engine state, dropouts. No I/O."""

    def __init__(
        self,
        mode: Mode,
        participants: Sequence[Participant],
        rules: Rules,
        seed: int,
        rounds: int,
        *,
        match_id: str | None = None,
    ) -> None:
        self.match_id = match_id or uuid.uuid4().hex
        """Unique id of this match (kept in the journal, so a replayed match is recorded once)."""
        self.mode = mode
        self.participants = tuple(participants)
        self.rules = rules
        self.seed = seed
        self.rounds = rounds
        self.match = Match(rules, len(self.participants), seed, rounds=rounds)
        self.round: Round | None = None
        self.round_no = 0
        self.round_players = len(self.participants)
        """Players dealt into the current round (ranks and points depend on it)."""
        self.last_events: list[Event] = []
        self.round_log: list[Event] = []
        """Every engine event of the current round, in order (the spectator view's play history)."""
        self.fouls = [0] * len(self.participants)
        """反則上がり finishes per seat (for the stats)."""
        self.miyako_ochi = [0] * len(self.participants)
        """都落ち per seat (for the stats)."""

    def _tally(self, events: list[Event]) -> list[Event]:
        for event in events:
            if isinstance(event, Finished) and event.foul:
                self.fouls[event.seat] += 1
            elif isinstance(event, MiyakoOchi):
                self.miyako_ochi[event.seat] += 1
        self.last_events = events
        return events

    # ---- identity -----------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Seat names in seat order."""
        return [p.name for p in self.participants]

    def seat_of(self, player: str) -> int | None:
        """The seat of a human player, if they play in this match."""
        for i, p in enumerate(self.participants):
            if p.name == player and not p.cpu:
                return i
        return None

    @property
    def dropped(self) -> set[int]:
        """Seats that left the match."""
        return self.match.dropped

    def humans_left(self) -> list[str]:
        """Human players still in the match."""
        return [p.name for i, p in enumerate(self.participants) if not p.cpu and i not in self.dropped]

    # ---- state changes ------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        """The journal header that recreates this match."""
        return {
            "t": "match",
            "mode": self.mode.value,
            "seats": [[p.name, p.cpu] for p in self.participants],
            "rules": _rules_json(self.rules),
            "seed": self.seed,
            "rounds": self.rounds,
            "id": self.match_id,
        }

    def start_round(self) -> tuple[list[Event], dict[str, Any]]:
        """Deal the next round; returns its setup events (e.g. the automatic exchange) and entry."""
        self.round_players = len(self.match.present())
        self.round = self.match.start_round()
        self.round_no = len(self.match.records) + 1
        events = self._tally(list(self.round.setup_events))
        self.round_log = list(events)
        return events, {"t": "round"}

    def apply(self, action: Action) -> tuple[list[Event], dict[str, Any]]:
        """Validate and apply ``action`` (raises ``EngineError``); returns events and entry."""
        if self.round is None:
            raise RuntimeError("no round")
        events = self._tally(self.round.apply(action))
        self.round_log += events
        return events, {"t": "act", "a": action_json(action)}

    def drop(self, seat: int) -> tuple[list[Event], dict[str, Any]]:
        """脱落 of ``seat``; returns events and entry."""
        events = self._tally(self.match.drop_out(seat))
        self.round_log += events
        return events, {"t": "drop", "seat": seat}

    def finish_round(self) -> dict[str, Any]:
        """Record the points of the finished round; returns the entry."""
        self.match.finish_round()
        return {"t": "finish"}

    # ---- queries ------------------------------------------------------------------------------
    def round_over(self) -> bool:
        """The current round has every place decided."""
        return self.round is not None and self.round.over

    def end_reason(self, *, at_round_start: bool) -> EndReason | None:
        """Why the match must end now, if it must (seed 001 「途中で抜けたとき」)."""
        present = [i for i in range(len(self.participants)) if i not in self.dropped]
        had_humans = any(not p.cpu for p in self.participants)
        if self.mode is Mode.CPU and had_humans and not self.humans_left():
            return EndReason.NO_HUMANS
        if len(present) <= 1:
            return EndReason.ONE_LEFT
        if at_round_start:
            if len(self.match.records) >= self.rounds:
                return EndReason.COMPLETE
            if len(present) < 3:
                return EndReason.TOO_FEW
        return None

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, name, total points) for every seat, by the match rule."""
        totals = self.match.totals()
        return [(i + 1, self.participants[s].name, totals[s]) for i, s in enumerate(self.match.standings())]

    # ---- replay -------------------------------------------------------------------------------
    @classmethod
    def replay(cls, entries: Sequence[dict[str, Any]]) -> MatchRun:
        """Rebuild a match from its journal (header first). Raises ``ValueError`` if it cannot."""
        if not entries or entries[0].get("t") != "match":
            raise ValueError("journal does not start with a match header")
        head = entries[0]
        run = cls(
            Mode(head["mode"]),
            [Participant(str(n), bool(c)) for n, c in head["seats"]],
            _rules_from_json(head["rules"]),
            int(head["seed"]),
            int(head["rounds"]),
            match_id=head.get("id"),
        )
        for entry in entries[1:]:
            kind = entry.get("t")
            if kind == "round":
                run.start_round()
            elif kind == "act":
                run.apply(action_from_json(entry["a"]))
            elif kind == "drop":
                run.drop(int(entry["seat"]))
            elif kind == "finish":
                run.finish_round()
            else:
                raise ValueError(f"unknown journal entry {entry!r}")
        return run


# ---- serialisation ----------------------------------------------------------------------------
def _cards(cards: Sequence[Any]) -> list[int]:
    return [int(c.index) for c in cards]


def action_json(action: Action) -> dict[str, Any]:
    """An action as JSON (cards by their stable index, so the two jokers stay distinct).

    >>> from dfg_bridge.engine import Meld, Play
    >>> play = Play(1, Meld.parse("S5 JK=S6 S7"))
    >>> action_from_json(action_json(play)) == play
    True
    """
    seat = action.seat
    if isinstance(action, Play):
        meld = action.meld
        return {"k": "play", "seat": seat, "kind": meld.kind.value,
                "cards": _cards(meld.cards), "read": _cards(meld.readings)}  # fmt: skip
    if isinstance(action, Pass):
        return {"k": "pass", "seat": seat}
    if isinstance(action, Give | Discard):
        kind = "give" if isinstance(action, Give) else "discard"
        return {"k": kind, "seat": seat, "cards": _cards(action.cards)}
    if isinstance(action, Bomb):
        rank = None if action.rank is None else int(action.rank)
        return {"k": "bomb", "seat": seat, "rank": rank, "joker": action.joker}
    if isinstance(action, Bribe):
        return {"k": "bribe", "seat": seat, "cards": _cards(action.cards), "target": action.target}
    card = None if action.card is None else action.card.index
    return {"k": "recruit", "seat": seat, "card": card}


def action_from_json(data: dict[str, Any]) -> Action:
    """Inverse of :func:`action_json`."""
    kind, seat = data["k"], int(data["seat"])
    cards = tuple(CARDS[i] for i in data.get("cards", ()))
    if kind == "play":
        readings = tuple(CARDS[i] for i in data["read"])
        return Play(seat, Meld(MeldKind(data["kind"]), cards, readings))
    if kind == "pass":
        return Pass(seat)
    if kind == "give":
        return Give(seat, cards)
    if kind == "discard":
        return Discard(seat, cards)
    if kind == "bomb":
        return Bomb(seat, None if data["rank"] is None else Rank(data["rank"]), bool(data["joker"]))
    if kind == "bribe":
        return Bribe(seat, cards, data["target"])
    if kind == "recruit":
        return Recruit(seat, None if data["card"] is None else CARDS[data["card"]])
    raise ValueError(f"unknown action {data!r}")


def _rules_json(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if isinstance(value, enum.Enum):
            value = value.value
        elif isinstance(value, frozenset):
            value = sorted(v.value if isinstance(v, enum.Enum) else v for v in value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def _rules_from_json(data: dict[str, Any]) -> Rules:
    base = Rules.preset(str(data.get("name", "minecraft")))
    known = set(base.option_names())
    changes = {k: v for k, v in data.items() if k in known and k != "name"}
    return base.replace(**changes)
