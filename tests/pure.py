"""The package as pure Python beside a compiled build (:mod:`dfg_bridge.engine.native`).

Some checks need the engine's classes as Python classes: a trap on ``Round.__getattribute__`` or
doctests read from the source. When the hot modules run compiled, those checks run in a subprocess on
a copy of the package without its compiled modules.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pure_copy(dest: Path) -> Path:
    """Copy the package's source (no compiled modules) into ``dest``; return ``dest``."""
    shutil.copytree(
        ROOT / "dfg_bridge", dest / "dfg_bridge", ignore=shutil.ignore_patterns("*.so", "__pycache__")
    )
    return dest


def run_python(path: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` with the package at ``path`` first on the path (then this checkout, for
    ``tests``), in ``path``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(path), str(ROOT)])}
    return subprocess.run(
        [sys.executable, *args],
        check=False,
        env=env,
        cwd=path,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
