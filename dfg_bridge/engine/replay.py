"""Replay a YAML scenario through the engine: one JSON line per action (the replay contract).

File format (keys beyond the issue's are optional extensions)::

    rules: minecraft            # preset name
    set: {eleven_back: true}    # option overrides
    seats: [A, B, C, D]         # clockwise, 3..6 seats
    hands: {A: [S3, H3, JK], B: [D4], ...}   # the exact deal; unlisted cards are out of play
    leader: A                   # default: per the rules
    previous_ranking: [B, A, C, D]   # the last round's places: 都落ち, exchange, bribery, leader
    wallets: {B: 2}             # 100億 cards held (bribery)
    slime: 0                    # スライム革命 counter carried in
    dealer: A                   # 003's dealer
    seed: 0                     # なかまカード draws
    reveal: false               # also print every hand's cards in "state"
    actions:
      - A: [S3, H3]             # a play; "JK=H4" pins a joker
      - B: pass
      - C: {give: [S4]}         # exchange give or 7渡し; also discard / bomb / recruit / bribe+target
      - D: dropout              # 脱落

Exit status 0 when the file parsed (whatever the actions did), 2 with a one-line message if not.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Pass, Recruit
from dfg_bridge.engine.cards import Card, CardParseError, Rank, parse_play
from dfg_bridge.engine.errors import EngineError
from dfg_bridge.engine.events import Event
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

_KNOWN_KEYS = {
    "rules", "set", "seats", "hands", "leader", "previous_ranking", "wallets", "slime", "dealer", "seed",
    "reveal", "actions", "expect", "description", "cite", "title", "notes",
}  # fmt: skip


class ReplayFileError(ValueError):
    """The scenario file is malformed (exit status 2)."""


class _Step:
    """One parsed action line."""

    __slots__ = ("kind", "payload", "seat")

    def __init__(self, seat: int, kind: str, payload: Any) -> None:
        self.seat = seat
        self.kind = kind
        self.payload = payload


class Scenario:
    """A parsed replay file: the starting round and the actions."""

    def __init__(self, doc: Any) -> None:
        if not isinstance(doc, dict):
            raise ReplayFileError("the file must be a YAML mapping")
        unknown = set(doc) - _KNOWN_KEYS
        if unknown:
            raise ReplayFileError(f"unknown key(s): {', '.join(sorted(map(str, unknown)))}")
        try:
            rules = Rules.preset(str(doc.get("rules", "minecraft")))
            overrides = doc.get("set") or {}
            if not isinstance(overrides, dict):
                raise ReplayFileError("'set' must be a mapping")
            rules = rules.replace(**overrides) if overrides else rules
        except ValueError as exc:
            raise ReplayFileError(str(exc)) from exc
        seats = doc.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 8 or len(set(map(str, seats))) != len(seats):
            raise ReplayFileError("'seats' must list 2 to 8 distinct names")
        self.names = [str(s) for s in seats]
        self.rules = rules
        hands_doc = doc.get("hands")
        if not isinstance(hands_doc, dict):
            raise ReplayFileError("'hands' must map each seat to its cards")
        hands: list[list[Card]] = [[] for _ in self.names]
        for name, cards in hands_doc.items():
            seat = self.seat(name)
            hands[seat] = list(self._cards(cards, f"hand of {name}"))
        extra: dict[str, Any] = {}
        if doc.get("previous_ranking") is not None:
            extra["prev_ranking"] = [self.seat(s) for s in doc["previous_ranking"]]
        if doc.get("wallets") is not None:
            w = [0] * len(self.names)
            for name, value in dict(doc["wallets"]).items():
                w[self.seat(name)] = int(value)
            extra["wallets"] = w
        if doc.get("dealer") is not None:
            extra["dealer"] = self.seat(doc["dealer"])
        leader = self.seat(doc["leader"]) if doc.get("leader") is not None else None
        try:
            self.round = Round.from_hands(
                rules, hands, leader, slime=int(doc.get("slime", 0)), seed=int(doc.get("seed", 0)), **extra
            )
        except (ValueError, TypeError) as exc:
            raise ReplayFileError(str(exc)) from exc
        self.reveal = bool(doc.get("reveal", False))
        actions = doc.get("actions") or []
        if not isinstance(actions, list):
            raise ReplayFileError("'actions' must be a list")
        self.steps = [self._step(i + 1, a) for i, a in enumerate(actions)]

    def seat(self, name: Any) -> int:
        """Index of a seat name; :class:`ReplayFileError` if unknown."""
        try:
            return self.names.index(str(name))
        except ValueError:
            raise ReplayFileError(f"unknown seat {name!r}") from None

    @staticmethod
    def _cards(value: Any, what: str) -> tuple[Card, ...]:
        if value is None:
            return ()
        try:
            tokens = value.split() if isinstance(value, str) else [str(v) for v in value]
            return parse_play(tokens).cards
        except (CardParseError, TypeError, AttributeError) as exc:
            raise ReplayFileError(f"{what}: {exc}") from exc

    def _step(self, n: int, item: Any) -> _Step:
        if not isinstance(item, dict) or len(item) != 1:
            raise ReplayFileError(f"action {n}: write it as '- SEAT: what'")
        ((name, what),) = item.items()
        seat = self.seat(name)
        if isinstance(what, str) and what.strip().lower() in ("pass", "dropout"):
            return _Step(seat, what.strip().lower(), None)
        if isinstance(what, (str, list)):
            tokens = what.split() if isinstance(what, str) else [str(v) for v in what]
            try:
                return _Step(seat, "play", parse_play(tokens))
            except CardParseError as exc:
                raise ReplayFileError(f"action {n}: {exc}") from exc
        if isinstance(what, dict):
            keys = set(what)
            if keys in ({"give"}, {"discard"}):
                key = keys.pop()
                return _Step(seat, key, self._cards(what[key], f"action {n}"))
            if keys == {"bomb"}:
                return _Step(seat, "bomb", self._bomb(what["bomb"], n))
            if keys == {"recruit"}:
                cards = self._cards([what["recruit"]] if what["recruit"] is not None else None, f"action {n}")
                return _Step(seat, "recruit", cards[0] if cards else None)
            if "bribe" in keys and keys <= {"bribe", "target"}:
                target = self.seat(what["target"]) if what.get("target") is not None else None
                return _Step(seat, "bribe", (self._cards(what["bribe"], f"action {n}"), target))
        raise ReplayFileError(f"action {n}: cannot read {what!r}")

    @staticmethod
    def _bomb(value: Any, n: int) -> tuple[Rank | None, bool]:
        if value is None:
            return (None, False)
        text = str(value).upper()
        if text in ("JK", "JOKER"):
            return (None, True)
        for rank in Rank:
            if rank.label == text:
                return (rank, False)
        raise ReplayFileError(f"action {n}: bomb needs a rank label or JK, not {value!r}")

    def action(self, step: _Step) -> Action | None:
        """The engine action of a step (None for a dropout); plays are resolved against the state."""
        seat, kind, p = step.seat, step.kind, step.payload
        if kind == "pass":
            return Pass(seat)
        if kind == "play":
            return self.round.play_cards(seat, p.cards, p.pins)
        if kind == "give":
            return Give(seat, p)
        if kind == "discard":
            return Discard(seat, p)
        if kind == "bomb":
            return Bomb(seat, p[0], p[1])
        if kind == "recruit":
            return Recruit(seat, p)
        if kind == "bribe":
            return Bribe(seat, p[0], p[1])
        return None


def state_json(rnd: Round, names: Sequence[str], reveal: bool = False) -> dict[str, Any]:
    """The replay ``state`` object."""
    field = rnd.field
    out: dict[str, Any] = {
        "turn": names[rnd.to_act] if rnd.to_act is not None else None,
        "phase": rnd.phase.value,
        "field": None
        if field is None
        else {
            "cards": [c.ascii() for c in field.cards],
            "readings": [c.ascii() for c in field.readings],
            "kind": field.kind.value,
            "by": names[rnd.field_by] if rnd.field_by is not None else None,
        },
        "revolution": rnd.revolution,
        "eleven_back": rnd.eleven_back,
        "lock": None if rnd.lock is None else [s.letter for s in sorted(rnd.lock)],
        "number_lock": rnd.number_lock,
        "direction": rnd.direction,
        "passed": [names[s] for s in sorted(rnd.passed)],
        "hands": {names[s]: c for s, c in enumerate(rnd.hand_counts()) if rnd.present >> s & 1},
        "finished": [
            {"seat": names[f.seat], "place": f.place, "foul": f.foul, "reason": f.reason}
            for f in rnd.finished
        ],
        "round_over": rnd.over,
        "pending": rnd.pending_decision,
        "awaiting": [names[s] for s in sorted(rnd.awaiting())],
        "slime": rnd.slime_count,
        "discard": len(rnd.discard_pile),
    }
    if rnd.over:
        out["ranking"] = [names[s] for s in rnd.ranking()]
    if rnd.risen_card is not None:
        out["risen"] = rnd.risen_card.ascii()
    if rnd.rules.bribery:
        out["wallets"] = {names[s]: w for s, w in enumerate(rnd.wallet)}
    if reveal:
        out["cards"] = {names[s]: [c.ascii() for c in rnd.hand(s)] for s in range(rnd.n_seats)}
    return out


def run(doc: Any) -> list[dict[str, Any]]:
    """Replay a parsed YAML document; raises :class:`ReplayFileError` if it is malformed."""
    sc = Scenario(doc)
    rnd = sc.round
    names = sc.names
    lines = []
    for n, step in enumerate(sc.steps, start=1):
        events: list[Event] = []
        error: str | None = None
        try:
            if step.kind == "dropout":
                events = rnd.drop_out(step.seat)
            else:
                action = sc.action(step)
                assert action is not None
                events = rnd.apply(action)
        except EngineError as exc:
            error = exc.code
        lines.append(
            {
                "step": n,
                "seat": names[step.seat],
                "ok": error is None,
                "error": error,
                "events": [e.to_json(names) for e in events],
                "state": state_json(rnd, names, sc.reveal),
            }
        )
    return lines


def load(path: str | Path) -> Any:
    """Read a scenario file (YAML)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayFileError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ReplayFileError(f"not YAML: {str(exc).splitlines()[0]}") from exc


def main(argv: Sequence[str]) -> int:
    """``replay FILE``: print one JSON line per action."""
    if len(argv) != 1:
        print("usage: python -m dfg_bridge.engine replay FILE", file=sys.stderr)
        return 2
    try:
        lines = run(load(argv[0]))
    except ReplayFileError as exc:
        print(f"replay: {argv[0]}: {exc}", file=sys.stderr)
        return 2
    out = sys.stdout
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
    return 0
