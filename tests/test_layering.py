"""Imports point inward only (ARCHITECTURE §2): engine ← host ← adapters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.pure import pure_copy, run_python

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
    # replies/ reads what the server answers (the twin of render/): plain values, no part of the daemon
    "replies": (
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
        "stats",
    ),
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

    # Round's own dir() lists its slots: only the documented names count as public there
    public = {n for n in dir(Round) if not n.startswith("_")} - set(_state_slots())
    # an Observation's or a Match's fields share some names with raw state (history, step, seed…):
    # allowed statically, trapped at run time on a Round (the test below)
    public |= {n for cls in (Match, Observation) for n in dir(cls) if not n.startswith("_")}
    public |= {"rules", "setup_events"}  # documented in ENGINE_API.md
    raw = set(_state_slots()) | {n for n in dir(Round) if n.startswith("_") and not n.startswith("__")}
    return raw - public


def _state_slots() -> tuple[str, ...]:
    from dfg_bridge.engine._state import State

    # compiled (mypyc, dfg_bridge/engine/native.py) the class lists its fields in __mypyc_attrs__
    fields: tuple[str, ...] = getattr(State, "__slots__", None) or State.__mypyc_attrs__  # type: ignore[attr-defined]
    return fields


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


def test_the_cpu_reads_no_private_round_state_at_run_time(tmp_path: Path) -> None:
    """Run every CPU level through real decisions with reads of raw Round state outside the core trapped."""
    from dfg_bridge.engine import native

    if not native.compiled():
        caught = _private_reads()
    else:  # a compiled class takes no trap: run it on the Python source
        done = run_python(
            pure_copy(tmp_path),
            "-c",
            "import tests.test_layering as t; print(*t._private_reads(), sep='\\n')",
        )
        assert done.returncode == 0, done.stderr
        caught = set(done.stdout.split())
    assert not caught, "\n".join(sorted(caught))


def _private_reads() -> set[str]:
    """What the CPU levels read of raw Round state outside the core, in a few rounds of each preset."""
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
                caught.add(f"{caller}:.{name}")
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
    return caught


def _engine_classes() -> list[type]:
    import importlib
    import inspect
    import pkgutil

    from dfg_bridge import engine

    found = []
    for info in pkgutil.walk_packages(engine.__path__, "dfg_bridge.engine."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        found += [c for c in vars(module).values() if inspect.isclass(c) and c.__module__ == info.name]
    return found


def test_the_engine_round_holds_no_class_chain() -> None:
    """Issue 18: a round is one data holder and modules of functions over it, not one class split
    along a chain of files (it was State ← MoveGen ← Flow ← Core ← RoundViews ← FastViews ← Round)."""
    from dfg_bridge.engine import Round
    from dfg_bridge.engine._state import State

    assert Round.__mro__ == (Round, State, object)
    classes = _engine_classes()
    assert Round in classes and len(classes) > 30  # the walk does see the engine, engine/cpu/ included
    # at most one of our own classes above any engine class (an event above Event, a Round above State)
    deep = {
        c.__qualname__: [b.__qualname__ for b in c.__mro__ if b.__module__.startswith("dfg_bridge.")]
        for c in classes
    }
    assert not {name: chain for name, chain in deep.items() if len(chain) > 2}


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


# ---------------------------------------------------------------------------------------------------
# No two modules import each other — at module level, under TYPE_CHECKING or inside a function: a pair
# that needs each other is one module split in two, or two that need a port between them.
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                # ``from pkg import sub`` imports the submodule ``pkg.sub``; ``from pkg import Name``, ``pkg``
                subs = {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in paths}
                found |= subs or {base}
                if len(subs) < len(node.names):
                    found.add(base)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def mutual_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every pair of modules that import each other."""
    return sorted({" <-> ".join(sorted((a, b))) for a in graph for b in graph[a] if a in graph.get(b, ())})


def test_the_mutual_import_check_sees_every_kind_of_import() -> None:
    assert mutual_imports({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == ["a <-> b"]
    graph = _module_graph()
    # a TYPE_CHECKING import and a function-level import are edges too
    assert "dfg_bridge.host.table" in graph["dfg_bridge.host.lifecycle"]
    assert "dfg_bridge.sim.control_server" in graph["dfg_bridge.sim.server"]


def test_no_two_modules_import_each_other() -> None:
    pairs = mutual_imports(_module_graph())
    assert not pairs, "\n".join(pairs)


# ---------------------------------------------------------------------------------------------------
# Replies have one boundary (dfg_bridge/replies/): the host reads no raw reply text itself.
REPLY_WORDS = (
    "has the following",
    "Found no elements",
    "Test passed",
    "Test failed",
    "Replaced a slot",
    "players online",
    "online:",
    "matching item",
    "Removed ",
    "tags:",
    "has no tags",
    "] has ",
)
REGEX_IN_HOST = {"host/gamelog.py": "escapes the values of game-log lines (our own output, not a reply)"}


def _literals(tree: ast.AST) -> list[ast.Constant]:
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]


def test_the_host_parses_no_raw_reply() -> None:
    bad = []
    for path in sorted((PACKAGE / "host").rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if "re" in _imports(path) and rel not in REGEX_IN_HOST:
            bad.append(f"{rel} imports re (reply texts are read in dfg_bridge/replies/)")
        for node in _literals(tree):
            for word in REPLY_WORDS:
                if word in node.value:
                    bad.append(f"{rel}:{node.lineno} spells a reply: {node.value!r}")
    assert not bad, "\n".join(bad)


def test_the_rcon_command_limit_is_written_once() -> None:
    """1446 bytes (ARCHITECTURE §6.1) is ``model.limits.MAX_COMMAND_BYTES``; the simulator keeps its own."""
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("sim/") or rel == "model/limits.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value == 1446:
                bad.append(f"{rel}:{node.lineno}")
    assert not bad, bad


# Names that once meant two things (issue 18 item 4): each is now defined in exactly one module.
ONE_HOME = ("Phase", "Mode", "Secret", "BlockPos", "Vec3", "Play", "Pass", "Flavour", "ReadError", "Seen")


def _top_level_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def test_names_that_collided_have_one_home_each() -> None:
    homes: dict[str, list[str]] = {name: [] for name in ONE_HOME}
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in _top_level_names(path) & set(ONE_HOME):
            homes[name].append(path.relative_to(PACKAGE).as_posix())
    assert all(len(where) <= 1 for where in homes.values()), homes
    # three unrelated Seen classes became SlotSeen (replies), UuidSeen (stats) and SteveView (demo)
    assert homes["Seen"] == []
    # one spelling of the server flavour (the simulator's is ServerFlavour)
    assert not [p for p in PACKAGE.rglob("*.py") if "Flavor" in _top_level_names(p)]
