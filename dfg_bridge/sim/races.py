"""Staged races (競合の再現): player actions at exact points of the daemon's command stream.

A **race** performs one player action (:mod:`dfg_bridge.sim.actions.hostile`) when the next RCON
command matching a regular expression arrives, *before* that command runs: "the player throws the
stack just before the ``clear``" is ``Race(match=r"^execute store result .* run clear Steve$", …)``.

**Chaos** performs random actions at random moments with a seed: before each RCON command (optionally
only commands matching ``match``), with probability ``probability``, one random action of one of
``players``. The decisions depend only on the seed and on the sequence of commands, so the same
daemon run gives the same chaos.

Both hook into :meth:`dfg_bridge.sim.commands.core.Executor.run_rcon` (as its
:class:`~dfg_bridge.sim.commands.core.CommandHook`) on the server thread, so an action and the
command after it are as close as a real client's packet and the next RCON request: nothing can run
between them. A failing action is recorded, never raised into the RCON command. Each
log entry names the command it preceded (``before``) and its ``seq`` in ``GET /commands``
(``command_seq``).
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import random
import re
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions import ActionError
from dfg_bridge.sim.actions.hostile import perform
from dfg_bridge.sim.errors import SimError

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["CHAOS_KINDS", "Chaos", "Race", "Races"]

LOG_LIMIT = 10_000

CHAOS_KINDS = (
    "drop",
    "drop_all",
    "move",
    "swap_hotbar",
    "hold",
    "craft",
    "offhand",
    "close",
    "disconnect",
    "relog",
    "die",
)
"""What chaos picks from by default (``drop_all`` is a whole-stack ``drop``; offline players rejoin)."""


@dataclasses.dataclass
class Race:
    """One armed race: ``action`` for ``player`` before each of the next ``count`` matching commands."""

    id: int
    match: re.Pattern[str]
    player: str
    action: dict[str, Any]
    count: int = 1
    fired: int = 0

    def view(self) -> dict[str, Any]:
        """JSON for ``GET /races``."""
        return {
            "id": self.id,
            "match": self.match.pattern,
            "player": self.player,
            "action": self.action,
            "count": self.count,
            "fired": self.fired,
        }


@dataclasses.dataclass
class Chaos:
    """Random actions before matching commands, from ``random.Random(seed)``."""

    seed: int
    players: list[str]
    probability: float
    kinds: tuple[str, ...]
    match: re.Pattern[str] | None
    limit: int | None
    rng: random.Random = dataclasses.field(init=False)
    performed: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def view(self) -> dict[str, Any]:
        """JSON for ``GET /chaos``."""
        return {
            "seed": self.seed,
            "players": list(self.players),
            "probability": self.probability,
            "actions": list(self.kinds),
            "match": self.match.pattern if self.match is not None else None,
            "limit": self.limit,
            "performed": self.performed,
        }


def _compile(pattern: object) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise SimError("'match' must be a non-empty regular expression", code="bad_request")
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise SimError(f"bad regular expression: {exc}", code="bad_request") from None


class Races:
    """The armed races, the chaos setting, and the log of what they did (one per executor)."""

    def __init__(self) -> None:
        self.races: dict[int, Race] = {}
        self.chaos: Chaos | None = None
        self.log: collections.deque[dict[str, Any]] = collections.deque(maxlen=LOG_LIMIT)
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)

    # -- configuration (control API) -----------------------------------------------------------------

    def add(self, match: object, player: object, action: object, count: object = 1) -> Race:
        """Arm a race; ``count`` is how many matching commands it fires for (at least 1)."""
        if not isinstance(player, str) or not player:
            raise SimError("'player' must be a player name", code="bad_request")
        if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
            raise SimError("'action' must be an object with a 'kind'", code="bad_request")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise SimError("'count' must be a positive integer", code="bad_request")
        race = Race(next(self._ids), _compile(match), player, dict(action), count)
        self.races[race.id] = race
        return race

    def remove(self, race_id: int | None = None) -> int:
        """Disarm one race (or all, with the log); returns how many were removed."""
        if race_id is None:
            n = len(self.races)
            self.races.clear()
            self.log.clear()
            return n
        return 1 if self.races.pop(race_id, None) is not None else 0

    def start_chaos(self, body: dict[str, Any]) -> Chaos:
        """Start (or replace) chaos from a ``POST /chaos`` body."""
        seed, players = body.get("seed"), body.get("players")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SimError("'seed' must be an integer", code="bad_request")
        if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
            raise SimError("'players' must be a non-empty list of names", code="bad_request")
        probability = body.get("probability", 0.1)
        if (
            isinstance(probability, bool)
            or not isinstance(probability, (int, float))
            or not 0 <= probability <= 1
        ):
            raise SimError("'probability' must be a number in [0, 1]", code="bad_request")
        kinds = body.get("actions", list(CHAOS_KINDS))
        if not isinstance(kinds, list) or not kinds or any(k not in CHAOS_KINDS for k in kinds):
            raise SimError(
                f"'actions' must be a non-empty list of {', '.join(CHAOS_KINDS)}", code="bad_request"
            )
        limit = body.get("limit")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise SimError("'limit' must be a non-negative integer", code="bad_request")
        match = _compile(body["match"]) if body.get("match") is not None else None
        self.chaos = Chaos(seed, list(players), float(probability), tuple(kinds), match, limit)
        return self.chaos

    def stop_chaos(self) -> Chaos | None:
        """Stop chaos; returns the stopped setting."""
        chaos, self.chaos = self.chaos, None
        return chaos

    # -- the hook (server thread) ---------------------------------------------------------------------

    def armed(self) -> bool:
        """Whether a race is armed or chaos runs."""
        return bool(self.races) or self.chaos is not None

    def before_command(self, ex: Executor, command: str) -> None:
        """Run every race and chaos action due before ``command`` (called by ``run_rcon``)."""
        for race in list(self.races.values()):
            if race.match.search(command) is None:
                continue
            race.fired += 1
            if race.fired >= race.count:
                del self.races[race.id]
            self._run(ex, command, race.player, race.action, race=race.id)
        chaos = self.chaos
        if chaos is None or (chaos.match is not None and chaos.match.search(command) is None):
            return
        if chaos.limit is not None and chaos.performed >= chaos.limit:
            return
        if chaos.rng.random() >= chaos.probability:
            return
        name = chaos.rng.choice(chaos.players)
        action = self._random_action(ex, chaos, name)
        chaos.performed += 1
        self._run(ex, command, name, action, race=None)

    def _random_action(self, ex: Executor, chaos: Chaos, name: str) -> dict[str, Any]:
        rng = chaos.rng
        kind = rng.choice(chaos.kinds)
        player = ex.world.player(name)
        if player is None or not player.online:
            return {"kind": "rejoin"}
        full = [i for i, s in enumerate(player.inventory) if s is not None]
        source = rng.choice(full) if full else rng.randrange(41)
        target = rng.randrange(36)
        if kind in ("drop", "drop_all"):
            return {"kind": "drop", "slot": source, "all": kind == "drop_all"}
        if kind == "move":
            return {"kind": "move", "from": source, "to": target}
        if kind == "swap_hotbar":
            return {"kind": "swap_hotbar", "slot": source, "hotbar": rng.choice([*range(9), 40])}
        if kind in ("hold", "craft"):
            half = rng.random() < 0.3
            if kind == "hold":
                return {"kind": "hold", "slot": source, "half": half}
            return {"kind": "craft", "slot": source, "grid": rng.randrange(4), "half": half}
        return {"kind": kind}

    def _run(
        self, ex: Executor, command: str, player: str, action: dict[str, Any], *, race: int | None
    ) -> None:
        entry: dict[str, Any] = {
            "seq": next(self._seq),
            "race": race,
            "before": command[:300],
            "command_seq": ex.rcon_total + 1,
            "player": player,
            "action": action,
        }
        try:
            entry["result"] = perform(ex, player, action)
        except (ActionError, SimError) as exc:
            entry["error"] = {"code": exc.code, "message": exc.message}
        except Exception as exc:  # an action must never break the RCON command it precedes
            entry["error"] = {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}
        self.log.append(entry)

    def fired(self, since: int = 0) -> list[dict[str, Any]]:
        """Log entries with ``seq > since``."""
        return [dict(e) for e in self.log if e["seq"] > since]
