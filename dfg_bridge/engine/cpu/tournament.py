"""Tournament harness (対戦評価): CPU levels play whole matches, seats rotated, points and timings summed.

Rounds are played as matches of the preset's length (so the exchange / 買収 and 都落ち of later
rounds happen); the seating rotates by one seat per match, so every level sits in every seat
equally often. The figure reported per level is its mean points per round.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dfg_bridge.engine import native
from dfg_bridge.engine.match import Match
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules, rank_points, rank_titles


@dataclass(slots=True)
class Tally:
    """Running totals of one level or one seat entry."""

    rounds: int = 0
    points: int = 0
    points_sq: int = 0
    places: list[int] = field(default_factory=list)
    decisions: int = 0
    choices: int = 0
    time_s: float = 0.0
    max_s: float = 0.0
    choice_time_s: float = 0.0
    times_ms: list[float] = field(default_factory=list)
    """Every decision's wall time (for the percentiles)."""
    cpu_ms: list[float] = field(default_factory=list)
    """Every decision's CPU time: what the decision cost, whatever else the machine was doing."""
    by_start: dict[str, list[int]] = field(default_factory=dict)
    """Places (counts, 1st first) by the title held at the round's start (``first`` in round 1): where a
    level gains and loses its points (the exchange, 都落ち)."""
    slowest: dict[str, Any] = field(default_factory=dict)
    """The decision of the most CPU time: its figures, and where a player that keeps ``last_marks``
    spent the time (for finding what makes a decision slow)."""

    def add_round(self, points: int, place: int, n_places: int, start: str | None = None) -> None:
        """Count one finished round (``start``: the title held when it began, if any)."""
        if len(self.places) < n_places:
            self.places.extend([0] * (n_places - len(self.places)))
        if start is not None:
            row = self.by_start.setdefault(start, [0] * n_places)
            row.extend([0] * (n_places - len(row)))
            row[place] += 1
        self.rounds += 1
        self.points += points
        self.points_sq += points * points
        self.places[place] += 1

    def add_decision(self, seconds: float, options: int, cpu_seconds: float = 0.0) -> None:
        """Count one decision and how long it took (wall clock, and CPU time)."""
        self.cpu_ms.append(1000 * cpu_seconds)
        self.decisions += 1
        self.time_s += seconds
        self.max_s = max(self.max_s, seconds)
        self.times_ms.append(1000 * seconds)
        if options > 1:
            self.choices += 1
            self.choice_time_s += seconds

    def merge(self, other: Tally) -> None:
        """Add ``other`` into this tally."""
        self.rounds += other.rounds
        self.points += other.points
        self.points_sq += other.points_sq
        if len(self.places) < len(other.places):
            self.places.extend([0] * (len(other.places) - len(self.places)))
        for i, c in enumerate(other.places):
            self.places[i] += c
        for key, row in other.by_start.items():
            mine = self.by_start.setdefault(key, [0] * len(row))
            mine.extend([0] * (len(row) - len(mine)))
            for i, c in enumerate(row):
                mine[i] += c
        self.decisions += other.decisions
        self.choices += other.choices
        self.time_s += other.time_s
        self.max_s = max(self.max_s, other.max_s)
        self.choice_time_s += other.choice_time_s
        self.times_ms.extend(other.times_ms)
        self.cpu_ms.extend(other.cpu_ms)
        if other.slowest.get("cpu_ms", -1.0) > self.slowest.get("cpu_ms", -1.0):
            self.slowest = other.slowest

    def summary(self) -> dict[str, Any]:
        """Mean points with a 95 % interval (normal approximation), places and decision times."""
        n = self.rounds
        mean = self.points / n if n else 0.0
        var = (self.points_sq / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / n) if n > 1 else 0.0
        return {
            "rounds": n,
            "mean_points": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "places": list(self.places),
            "places_by_start": {key: list(row) for key, row in self.by_start.items()},
            "decisions": self.decisions,
            "mean_ms": round(1000 * self.time_s / self.decisions, 3) if self.decisions else 0.0,
            "mean_choice_ms": round(1000 * self.choice_time_s / self.choices, 3) if self.choices else 0.0,
            "p50_ms": percentile(self.times_ms, 0.50),
            "p99_ms": percentile(self.times_ms, 0.99),
            "max_ms": round(1000 * self.max_s, 3),
            "cpu_mean_ms": round(sum(self.cpu_ms) / len(self.cpu_ms), 3) if self.cpu_ms else 0.0,
            "cpu_p99_ms": percentile(self.cpu_ms, 0.99),
            "cpu_max_ms": round(max(self.cpu_ms), 3) if self.cpu_ms else 0.0,
            **({"cpu_slowest": self.slowest} if self.slowest else {}),
        }

    def note_slowest(self, cpu_seconds: float, about: dict[str, Any]) -> None:
        """Keep ``about`` if this decision took more CPU time than the slowest so far."""
        if 1000 * cpu_seconds > self.slowest.get("cpu_ms", -1.0):
            self.slowest = {"cpu_ms": round(1000 * cpu_seconds, 3), **about}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank), rounded to µs; 0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)], 3)


PlayerFactory = Callable[[str, int, int, Rules], Any]


def _default_factory(level: str, seed: int, budget_ms: int, rules: Rules, clock: str = "wall") -> Any:
    from dfg_bridge.engine.cpu import make_cpu

    return make_cpu(level, seed, budget_ms, rules=rules, clock=clock)


@dataclass(frozen=True, slots=True)
class Tuning:
    """Changes to the ``strong`` seats of a tournament (for experiments): :class:`~.search.Settings`
    fields by name, and a weights file for its learned policy (playouts and candidates)."""

    settings: tuple[tuple[str, Any], ...] = ()
    weights: str | None = None


def parse_settings(text: str) -> tuple[tuple[str, Any], ...]:
    """``"override_z=0.5,careful=plain"`` as typed :class:`~.search.Settings` changes.

    >>> parse_settings("override_z=0.5,max_deals=100,trust_passes=no")
    (('override_z', 0.5), ('max_deals', 100), ('trust_passes', False))
    >>> parse_settings("speed=1")
    Traceback (most recent call last):
    ...
    ValueError: unknown strong setting 'speed'; known: search_cards, max_candidates, ...
    """
    from dataclasses import fields

    from dfg_bridge.engine.cpu.search import Settings

    defaults = Settings()
    known = {f.name: type(getattr(defaults, f.name)) for f in fields(Settings)}
    out: list[tuple[str, Any]] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, raw = part.partition("=")
        name, raw = name.strip(), raw.strip()
        kind = known.get(name)
        if kind is None or name == "clock":
            names = ", ".join(n for n in known if n != "clock")
            raise ValueError(f"unknown strong setting {name!r}; known: {names}")
        if not eq or not raw:
            raise ValueError(f"strong setting {name!r} needs a value (NAME=VALUE)")
        try:
            value: Any = (raw.lower() in ("1", "true", "yes", "on")) if kind is bool else kind(raw)
        except ValueError:
            raise ValueError(f"strong setting {name!r}: {raw!r} is not of type {kind.__name__}") from None
        out.append((name, value))
    return tuple(out)


class TunedFactory:
    """Makes the players of a tournament on ``clock``, its ``strong`` seats with a :class:`Tuning` (none:
    the levels as shipped); picklable, for ``--jobs``."""

    def __init__(self, tuning: Tuning, clock: str) -> None:
        self.tuning = tuning
        self.clock = clock

    def __call__(self, level: str, seed: int, budget_ms: int, rules: Rules) -> Any:
        """The player of ``level`` (a bad weights file raises ValueError or OSError)."""
        if level != "strong" or self.tuning == Tuning():
            return _default_factory(level, seed, budget_ms, rules, self.clock)
        from pathlib import Path

        from dfg_bridge.engine.cpu.policy import Policy, parse_weights
        from dfg_bridge.engine.cpu.search import settings_for
        from dfg_bridge.engine.cpu.strong import StrongPlayer

        # the changes apply on top of the preset's shipped settings
        settings = settings_for(rules.name, clock=self.clock, **dict(self.tuning.settings))
        player = StrongPlayer(seed, budget_ms, rules, settings=settings)
        path = self.tuning.weights
        if path is not None:
            weights = parse_weights(Path(path).read_text("utf-8"))
            if weights is None:
                raise ValueError(f"{path}: not a weight vector of this policy")
            player.policy = Policy(weights, temperature=settings.temperature)
        return player


@dataclass(slots=True)
class Result:
    """What a tournament produced: a tally per seat entry and per level, and the wall time."""

    entries: list[Tally]
    levels: dict[str, Tally]
    wall_s: float


def play_matches(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    budget_ms: int,
    first_match: int = 0,
    factory: PlayerFactory = _default_factory,
    watch: Callable[[Round], None] | None = None,
) -> Result:
    """Play ``rounds`` rounds as consecutive matches starting with match number ``first_match``;
    ``watch`` is told of each round as it starts (a gauge that scores against the true hands)."""
    entries = [Tally() for _ in seats]
    levels: dict[str, Tally] = {}
    for level in seats:
        levels.setdefault(level, Tally())
    table = _Table(rules, seats, seed, budget_ms, factory, entries, levels, watch)
    start = time.perf_counter()
    played = 0
    k = first_match
    while played < rounds:
        length = min(rules.rounds, rounds - played)
        played += _play_match(table, k, length)
        k += 1
    return Result(entries, levels, time.perf_counter() - start)


@dataclass(slots=True)
class _Table:
    """The fixed parts of a tournament run."""

    rules: Rules
    seats: Sequence[str]
    seed: int
    budget_ms: int
    factory: PlayerFactory
    entries: list[Tally]
    levels: dict[str, Tally]
    watch: Callable[[Round], None] | None = None


def _play_match(t: _Table, k: int, length: int) -> int:
    rules, seats, entries, levels = t.rules, t.seats, t.entries, t.levels
    n = len(seats)
    # seat s is taken by entry (s + k) % n: every entry visits every seat
    entry_of = [(s + k) % n for s in range(n)]
    cpus = [t.factory(seats[entry_of[s]], t.seed * 7919 + k * 31 + s, t.budget_ms, rules) for s in range(n)]
    match = Match(rules, n, seed=t.seed * 100_003 + k, rounds=length)
    table = rank_points(rules, n)
    titles = rank_titles(n)
    start: list[str] = ["first"] * n
    played = 0
    while not match.over:
        rnd = match.start_round()
        if t.watch is not None:
            t.watch(rnd)
        while not rnd.over:
            seat = min(rnd.awaiting())
            legal = list(rnd.legal_actions(seat))
            obs = rnd.observation(seat)
            t0 = time.perf_counter()
            c0 = time.thread_time()
            action = cpus[seat].decide(obs, legal)
            dt = time.perf_counter() - t0
            dc = time.thread_time() - c0
            e = entry_of[seat]
            entries[e].add_decision(dt, len(legal), dc)
            levels[seats[e]].add_decision(dt, len(legal), dc)
            if 1000 * dc > levels[seats[e]].slowest.get("cpu_ms", -1.0):  # only then describe it
                levels[seats[e]].note_slowest(dc, _about(cpus[seat], obs, len(legal), k))
            rnd.apply(action)
        rec = match.finish_round()
        for place, seat in enumerate(rec.ranking):
            e = entry_of[seat]
            entries[e].add_round(table[place], place, n, start[seat])
            levels[seats[e]].add_round(table[place], place, n, start[seat])
        for place, seat in enumerate(rec.ranking):
            start[seat] = titles[place] if len(rec.ranking) == n else "other"
        played += 1
    return played


def _about(cpu: Any, obs: Observation, options: int, match: int) -> dict[str, Any]:
    """What a slow decision was: its phase, its cards and choices, and the player's own marks."""
    marks = getattr(cpu, "last_marks", None)
    return {
        "match": match,
        "phase": obs.phase,
        "hand": len(obs.hand),
        "cards_left": sum(obs.hand_counts),
        "options": options,
        "deals": getattr(cpu, "last_deals", None),
        **({"marks_ms": {k: round(v, 2) for k, v in marks.items()}} if marks else {}),
    }


def _worker(args: tuple[Rules, tuple[str, ...], int, int, int, int, str, Tuning]) -> Result:
    rules, seats, rounds, seed, budget_ms, first, clock, tuning = args
    factory = TunedFactory(tuning, clock)
    return play_matches(
        rules, seats, rounds=rounds, seed=seed, budget_ms=budget_ms, first_match=first, factory=factory
    )


def run(
    rules: Rules,
    seats: Sequence[str],
    *,
    rounds: int,
    seed: int,
    budget_ms: int = 200,
    jobs: int = 1,
    clock: str = "wall",
    tuning: Tuning | None = None,
) -> dict[str, Any]:
    """Run a tournament and return the JSON-ready report (``clock``: see :func:`make_cpu`;
    ``tuning``: changes to the ``strong`` seats, see :class:`Tuning`)."""
    start = time.perf_counter()
    tuning = tuning or Tuning()
    if jobs <= 1:
        factory = TunedFactory(tuning, clock)
        result = play_matches(rules, seats, rounds=rounds, seed=seed, budget_ms=budget_ms, factory=factory)
    else:
        result = _parallel(rules, tuple(seats), (rounds, seed, budget_ms, clock), jobs, tuning)
    wall = time.perf_counter() - start
    return {
        "rules": rules.name,
        "players": len(seats),
        "rounds": sum(t.rounds for t in result.entries) // max(1, len(seats)),
        "seed": seed,
        "seats": list(seats),
        "budget_ms": budget_ms,
        "clock": clock,
        "jobs": jobs,
        "engine": native.build(),  # compiled playouts search about three times as many deals
        **({"strong_settings": dict(tuning.settings)} if tuning.settings else {}),
        **({"strong_weights": tuning.weights} if tuning.weights else {}),
        "mean_points_per_seat": [e.summary()["mean_points"] for e in result.entries],
        "places_per_seat": [e.places for e in result.entries],
        "levels": {name: t.summary() for name, t in result.levels.items()},
        "decision_ms": _overall(result),
        "wall_s": round(wall, 2),
    }


def _overall(result: Result) -> dict[str, float]:
    total = Tally()
    for t in result.levels.values():
        total.merge(t)
    s = total.summary()
    return {"mean": s["mean_ms"], "mean_choice": s["mean_choice_ms"], "p99": s["p99_ms"], "max": s["max_ms"]}


def _parallel(
    rules: Rules, seats: tuple[str, ...], plan: tuple[int, int, int, str], jobs: int, tuning: Tuning
) -> Result:
    from concurrent.futures import ProcessPoolExecutor

    rounds, seed, budget_ms, clock = plan
    per_match = rules.rounds
    matches = math.ceil(rounds / per_match)
    # whole matches per job; contiguous match numbers keep the run identical to the serial one
    bounds = [round(i * matches / jobs) for i in range(jobs + 1)]
    tasks = []
    for i in range(jobs):
        a, b = bounds[i], bounds[i + 1]
        if b > a:
            n_rounds = min(rounds, b * per_match) - a * per_match
            tasks.append((rules, seats, n_rounds, seed, budget_ms, a, clock, tuning))
    entries = [Tally() for _ in seats]
    levels: dict[str, Tally] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for res in pool.map(_worker, tasks):
            for mine, theirs in zip(entries, res.entries, strict=True):
                mine.merge(theirs)
            for name, t in res.levels.items():
                levels.setdefault(name, Tally()).merge(t)
    return Result(entries, levels, 0.0)
