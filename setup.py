"""Build hook: compile the engine's hot modules with mypyc (see ``dfg_bridge/engine/native.py``).

Everything else is declared in ``pyproject.toml``. The compiled modules are all or nothing: with no C
compiler, no mypyc, a build that fails, or ``DFG_BRIDGE_PURE=1``, the package installs as pure Python.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _say(text: str) -> None:
    print(f"dfg-bridge: {text}", file=sys.stderr)


def native_extensions() -> list[Extension]:
    """The mypyc extensions of the hot modules, or none when they cannot or should not be built."""
    if os.environ.get("DFG_BRIDGE_PURE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc not found; the engine stays pure Python")
        return []
    names = runpy.run_path(str(ROOT / "dfg_bridge" / "engine" / "native.py"))["HOT_MODULES"]
    paths = [str(Path(*name.split("."))) + ".py" for name in names]
    try:
        return list(mypycify(paths, opt_level="3", group_name="dfg_bridge_native"))
    except Exception as exc:  # any refusal: install the Python source rather than fail
        _say(f"not compiled ({exc}); the engine stays pure Python")
        return []


class AllOrNothing(build_ext):
    """Builds every extension or none: a module's stub without the group's shared library would not
    import, and it would shadow the module's Python source."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers, a compiler error
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            _say(f"not compiled ({exc}); the engine stays pure Python")


setup(ext_modules=native_extensions(), cmdclass={"build_ext": AllOrNothing})
