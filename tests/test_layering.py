"""Imports point inward only (DESIGN §2): engine ← host ← adapters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dfg_bridge"

# package -> packages of dfg_bridge it must never import
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": ("host", "sim", "render", "rcon", "sources", "config", "app", "model", "cli", "web"),
    "model": ("host", "sim", "render", "rcon", "sources", "config", "app", "engine", "cli", "web"),
    "host": ("sim", "render", "rcon", "sources", "app", "cli", "web"),
    "render": ("host", "sim", "app", "cli", "web"),
    "rcon": ("host", "sim", "app", "cli", "web"),
    "sources": ("host", "sim", "app", "cli", "web"),
    "sim": ("host", "render", "engine", "rcon", "sources", "config", "app", "cli", "model", "web"),
    # The spectator web view is an adapter: it reads the host's published values, nothing else.
    "web": ("sim", "render", "rcon", "sources", "app", "cli"),
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
