"""The operator docs' links lead somewhere: files exist and #anchors match headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each document with the folder its relative links start from.
DOCS = {
    ROOT / "docs" / "OPERATORS.md": ROOT / "docs",
    ROOT / "docs" / "CPU_JOURNAL.md": ROOT / "docs",
    ROOT / "README.md": ROOT,
}
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.MULTILINE)}


@pytest.mark.parametrize("doc", sorted(DOCS), ids=lambda p: p.name)
def test_links_resolve(doc: Path) -> None:
    base = DOCS[doc]
    broken = []
    for target in _LINK.findall(doc.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://")):
            continue
        file_part, _, anchor = target.partition("#")
        path = (base / file_part).resolve() if file_part else doc
        exists = path.exists()
        missing_anchor = exists and bool(anchor) and path.suffix == ".md" and anchor not in _anchors(path)
        if not exists or missing_anchor:
            broken.append(target)
    assert not broken, f"{doc.name}: broken links {broken}"


def test_slug_follows_github() -> None:
    assert _slug("Paper, Spigot, Purpur") == "paper-spigot-purpur"
    assert _slug("Logs, metrics and health") == "logs-metrics-and-health"
