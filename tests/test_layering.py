"""Imports point inward only (ARCHITECTURE §2): engine ← host ← adapters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dfg_bridge"

# package -> packages of dfg_bridge it must never import
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": (
        "host",
        "sim",
        "render",
        "rcon",
        "sources",
        "config",
        "app",
        "model",
        "cli",
        "web",
        "uecda",
        "stats",
    ),
    "model": (
        "host",
        "sim",
        "render",
        "rcon",
        "sources",
        "config",
        "app",
        "engine",
        "cli",
        "web",
        "uecda",
        "stats",
    ),
    "host": ("sim", "render", "rcon", "sources", "app", "cli", "web", "uecda"),
    "render": ("host", "sim", "app", "cli", "web", "uecda"),
    "rcon": ("host", "sim", "app", "cli", "web", "uecda"),
    "sources": ("host", "sim", "app", "cli", "web", "uecda"),
    "sim": (
        "host",
        "render",
        "engine",
        "rcon",
        "sources",
        "config",
        "app",
        "cli",
        "model",
        "web",
        "uecda",
        "stats",
    ),
    # The spectator web view is an adapter: it reads the host's published values, nothing else.
    "web": ("sim", "render", "rcon", "sources", "app", "cli", "uecda"),
    # The UECda client is an adapter over the engine and its CPU players, nothing else.
    "uecda": ("host", "sim", "render", "rcon", "sources", "config", "app", "model", "cli", "web"),
    # stats/ is a pure core (like engine/) plus its storage adapters in stats/store/ (checked below)
    "stats": (
        "host",
        "sim",
        "render",
        "rcon",
        "sources",
        "config",
        "app",
        "cli",
        "engine",
        "model",
        "web",
        "uecda",
    ),
}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_point_inward(package: str) -> None:
    bad = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "dfg_bridge" and len(parts) > 1 and parts[1] in FORBIDDEN[package]:
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------------------------------
# The engine core keeps its representation private: everything outside dfg_bridge/engine/*.py (the CPU
# players in engine/cpu/ included) uses the public API (docs/ENGINE_API.md, engine/moves.py).
ENGINE = PACKAGE / "engine"
CORE = set(ENGINE.glob("*.py"))


def _private_engine_imports(path: Path) -> list[str]:
    bad = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            private = any(p.startswith("_") for p in parts[2:]) and parts[2:] != ["__main__"]
            if parts[:2] == ["dfg_bridge", "engine"] and private:
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    return bad


def _raw_fields() -> set[str]:
    """The engine's raw state fields and private members that are not also public names."""
    from dfg_bridge.engine import Match, Observation, Round
    from dfg_bridge.engine._state import State

    # Round's own dir() lists its slots: only the documented names count as public there
    public = {n for n in dir(Round) if not n.startswith("_")} - set(State.__slots__)
    # an Observation's or a Match's fields share some names with raw state (history, step, seed…):
    # allowed statically, trapped at run time on a Round (the test below)
    public |= {n for cls in (Match, Observation) for n in dir(cls) if not n.startswith("_")}
    public |= {"rules", "setup_events"}  # documented in ENGINE_API.md
    raw = set(State.__slots__) | {n for n in dir(Round) if n.startswith("_") and not n.startswith("__")}
    return raw - public


def _state_slots() -> tuple[str, ...]:
    from dfg_bridge.engine._state import State

    return State.__slots__


def _outside_core() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p not in CORE)


def test_nothing_outside_the_engine_core_imports_a_private_engine_module() -> None:
    bad = [line for path in _outside_core() for line in _private_engine_imports(path)]
    assert not bad, "\n".join(bad)


# names of the raw state that are common words elsewhere (a host table's ``hands``, a list's ``top``):
# checked in the packages that handle rounds (the CPU players, the UECda client), not package-wide
_COMMON = {
    "hands",
    "history",
    "present",
    "seen",
    "step",
    "top",
    "n",
    "seed",
    "cache",
    "active",
    "dealer",
    "pending",
    "slime",
    "wallets",
    "stack",
    "bottom",
    "discard",
    "held",
    "how",
    "ev",
    "cfg",
    "trick",
}
_STRICT = ("engine/cpu", "uecda")


def test_nothing_outside_the_engine_core_reads_private_round_state() -> None:
    raw = _raw_fields()
    bad = []
    for path in _outside_core():
        rel = path.relative_to(PACKAGE).as_posix()
        strict = rel.startswith(_STRICT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or node.attr not in raw:
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue  # the module's own objects
            if node.attr in _COMMON and not (strict and node.attr != "seed"):  # args.seed is no Round's
                continue
            bad.append(f"{rel}:{node.lineno} reads .{node.attr}")
    assert not bad, "\n".join(bad)


def test_the_cpu_reads_no_private_round_state_at_run_time() -> None:
    """Run every CPU level through real decisions with reads of raw Round state outside the core trapped."""
    import sys

    from dfg_bridge.engine import Match, Round, Rules
    from dfg_bridge.engine.cpu import make_cpu

    raw = (_raw_fields() | _COMMON | set(_state_slots())) - {"rules", "setup_events"}
    core = {f"dfg_bridge.engine.{p.stem}" for p in CORE}
    caught: set[str] = set()
    original = Round.__getattribute__

    def guarded(self: Round, name: str) -> object:
        if name in raw:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller.startswith("dfg_bridge") and caller not in core:
                caught.add(f"{caller} reads .{name}")
        return original(self, name)

    Round.__getattribute__ = guarded  # type: ignore[method-assign]
    try:
        for preset, players in (("minecraft", 4), ("dqx", 4), ("niconico", 4), ("uecda", 5)):
            rules = Rules.preset(preset)
            cpus = [
                make_cpu(level, seat, 15, rules=rules)
                for seat, level in enumerate(["strong", "normal", "easy", "greedy", "strong"][:players])
            ]
            match = Match(rules, players, seed=3, rounds=2)
            while not match.over:
                rnd = match.start_round()
                while not rnd.over:
                    seat = min(rnd.awaiting())
                    rnd.apply(cpus[seat].decide(rnd.observation(seat), list(rnd.legal_actions(seat))))
                match.finish_round()
    finally:
        Round.__getattribute__ = original  # type: ignore[method-assign]
    assert not caught, "\n".join(sorted(caught))


STATS_IO = ("sqlite3", "psycopg", "socket", "threading", "queue", "subprocess", "os", "io", "pathlib")
"""What the pure stats core must not import: everything that does I/O lives in stats/store/."""


def test_stats_core_is_pure_and_only_app_opens_the_store() -> None:
    bad = []
    for path in sorted((PACKAGE / "stats").glob("*.py")):
        for name in _imports(path):
            if name.split(".")[0] in STATS_IO or name.startswith("dfg_bridge.stats.store"):
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    # The host reaches the database only through the StatsPort values; only app/ wires the writer.
    for package in ("host", "config", "engine", "model", "render", "sources", "rcon", "sim"):
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for name in _imports(path):
                if name.startswith("dfg_bridge.stats.store"):
                    bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not bad, "\n".join(bad)
