"""The engine's hot modules compiled by mypyc (dfg_bridge/engine/native.py): built, fresh, and playing
exactly as their Python source does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dfg_bridge.engine import native
from tests.pure import pure_copy, run_python

ROOT = Path(__file__).resolve().parents[2]
WORKLOAD = Path(__file__).with_name("native_workload.py")
PURE = os.environ.get("DFG_BRIDGE_PURE", "") not in ("", "0")


def _extension_of(name: str) -> Path | None:
    found = sorted((ROOT / Path(*name.split("."))).parent.glob(name.rsplit(".", 1)[1] + ".*.so"))
    return found[0] if found else None


def _run(path: Path) -> list[str]:
    done = run_python(path, str(WORKLOAD))
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_hot_modules_are_modules_of_the_engine() -> None:
    for name in native.HOT_MODULES:
        assert (ROOT / Path(*name.split("."))).with_suffix(".py").is_file(), name
    assert len(set(native.HOT_MODULES)) == len(native.HOT_MODULES)


def test_every_hot_module_runs_compiled_unless_installed_pure() -> None:
    # `make` builds them (`make native`); with DFG_BRIDGE_PURE set none may be (a stale .so would be)
    assert native.compiled() == (() if PURE else native.HOT_MODULES)


def test_no_compiled_module_is_older_than_an_engine_source() -> None:
    sources = [*ROOT.glob("dfg_bridge/engine/*.py"), *ROOT.glob("dfg_bridge/engine/cpu/*.py")]
    newest = max(p.stat().st_mtime for p in sources)
    stale = [
        so.name
        for name in native.HOT_MODULES
        if (so := _extension_of(name)) is not None and so.stat().st_mtime < newest
    ]
    assert not stale, f"compiled before the last change to the engine: {stale}; run `make native`"


def test_compiled_and_pure_modules_play_the_same_moves(tmp_path: Path) -> None:
    pure = pure_copy(tmp_path)
    compiled = _run(ROOT)
    plain = _run(pure)
    assert plain[0] == "pure"
    if not PURE:
        assert compiled[0] == ",".join(native.HOT_MODULES)
    assert compiled[1:] == plain[1:]
    assert len(plain) == 7


def test_the_doctests_of_the_hot_modules_pass_on_their_source(tmp_path: Path) -> None:
    # collected in place they would import the compiled module (tests/conftest.py leaves them out)
    pure = pure_copy(tmp_path)
    files = [str(Path(*name.split(".")).with_suffix(".py")) for name in native.HOT_MODULES]
    done = run_python(pure, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", *files)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout


def test_the_version_says_how_the_engine_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from dfg_bridge import __version__
    from dfg_bridge.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"{__version__} (engine: {native.build()})\n"
    assert native.build() == ("pure" if PURE else "compiled")
