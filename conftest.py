"""Collection of the package's doctests beside a compiled engine (``dfg_bridge/engine/native.py``).

Here at the top, since ``dfg_bridge/`` is collected for its doctests and a conftest's collection hooks
reach only its own folder.
"""

from __future__ import annotations

from pathlib import Path

from dfg_bridge.engine import native

_COMPILED_SOURCES = {
    Path(__file__).resolve().parent.joinpath(*name.split(".")).with_suffix(".py")
    for name in native.compiled()
}
"""The source files of the modules that run compiled: collected here, the compiled module would not match
the file, so their doctests run on a pure copy instead (``tests/engine/test_native.py``)."""


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave the doctests of compiled modules to ``tests/engine/test_native.py``."""
    return True if collection_path in _COMPILED_SOURCES else None
