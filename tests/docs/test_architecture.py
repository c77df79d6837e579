"""docs/ARCHITECTURE.md stays true: every ``ARCHITECTURE §N`` in the repository names one of its sections,
nothing cites the old out-of-repository design document, and every module and test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"
# where references live: the package, the tests, the docs, the README (text files only)
SCANNED = ("dfg_bridge", "tests", "docs", "config")
SUFFIXES = {".py", ".md", ".txt", ".yaml", ".yml", ".toml"}

_CITE = re.compile(r"ARCHITECTURE\s+(§[\d.–]+(?:[^§\n)]*?,\s*§[\d.–]+)*)")
_SECTION = re.compile(r"§(\d+(?:\.\d+)?)(?:–(\d+(?:\.\d+)?))?")
_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)


def _files() -> list[Path]:
    found = [ROOT / "README.md"]
    for top in SCANNED:
        found += [p for p in (ROOT / top).rglob("*") if p.is_file() and p.suffix in SUFFIXES]
    return [p for p in found if p != DOC and "__pycache__" not in p.parts]


def sections() -> set[str]:
    return set(_HEADING.findall(DOC.read_text(encoding="utf-8")))


def cited(text: str) -> list[str]:
    """The section numbers an ``ARCHITECTURE §…`` citation names (ranges give both ends)."""
    names = []
    for match in _CITE.finditer(text):
        for first, last in _SECTION.findall(match.group(1)):
            names += [first] + ([last] if last else [])
    return names


def test_citations_are_read_as_expected() -> None:
    assert cited("see ARCHITECTURE §6.1") == ["6.1"]
    assert cited("(ARCHITECTURE §2, §8)") == ["2", "8"]
    assert cited("ARCHITECTURE §6.2–6.5 in each form") == ["6.2", "6.5"]
    assert cited("(ARCHITECTURE\n    §9) cannot") == ["9"]
    assert cited("ARCHITECTURE §6.2 text components, §6.4") == ["6.2", "6.4"]


def test_the_document_has_its_sections() -> None:
    assert {"1", "2", "3", "4", "5", "6", "6.1", "6.5", "9"} <= sections()


def test_every_architecture_reference_names_a_section() -> None:
    known = sections()
    bad, seen = [], 0
    for path in _files():
        for name in cited(path.read_text(encoding="utf-8", errors="replace")):
            seen += 1
            if name not in known:
                bad.append(f"{path.relative_to(ROOT)}: ARCHITECTURE §{name}")
    assert seen >= 30  # the package and the tests do cite it
    assert not bad, "\n".join(bad)


def test_nothing_cites_the_design_document_outside_the_repository() -> None:
    bad = [
        str(path.relative_to(ROOT))
        for path in _files()
        if re.search(r"DESIGN(\.md)?\s+§", path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not bad, bad


_PATH = re.compile(r"`((?:dfg_bridge/|tests/)?(?:[a-z_]+/)*[a-z_]+\.(?:py|txt))(?:::(\w+))?`")
_TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`|`::(\w+)`")


def _resolve(name: str) -> Path | None:
    for base in (ROOT, ROOT / "dfg_bridge"):
        if (base / name).exists():
            return base / name
    return None


def test_every_module_and_test_the_document_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = []
    for match in _PATH.finditer(text):
        name, test = match.groups()
        if "*" in name:
            continue
        path = _resolve(name)
        if path is None:
            missing.append(name)
        elif test and f"def {test}(" not in path.read_text(encoding="utf-8"):
            missing.append(f"{name}::{test}")
    # ``::test_x`` continues the file named last before it
    last: Path | None = None
    for match in re.finditer(r"`([\w/]+\.py)(?:::\w+)?`|`::(\w+)`", text):
        if match.group(1):
            last = _resolve(match.group(1))
        elif last is not None and f"def {match.group(2)}(" not in last.read_text(encoding="utf-8"):
            missing.append(f"{last.relative_to(ROOT)}::{match.group(2)}")
    assert not missing, missing


def test_every_package_directory_the_document_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    dirs = set(re.findall(r"`((?:dfg_bridge/)?[a-z_]+(?:/[a-z_]+)*/)`", text))
    missing = [d for d in dirs if _resolve(d) is None]
    assert not missing, missing


def test_the_hand_screen_package_lists_every_module() -> None:
    package = ROOT / "dfg_bridge" / "host" / "handscreen"
    doc = (package / "__init__.py").read_text(encoding="utf-8").split('"""')[1]
    modules = [p.stem for p in package.glob("*.py") if p.stem != "__init__"]
    missing = [m for m in modules if f"handscreen.{m}`" not in doc]
    assert not missing, missing
