"""The documented-examples corpus, judged for 1.20.5, 1.21.5 and 1.21.6 (issue 3, "Grammar check").

Loader and tests share this module: the test directory is not a package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dfg_bridge.sim.grammar import CommandGrammar, CommandSyntaxError

CORPUS = Path(__file__).resolve().parent / "corpus"
VERSIONS = ("1.20.5", "1.21.5", "1.21.6")


@dataclass
class Case:
    """One corpus command and how each version judges it."""

    command: str
    valid_in: frozenset[str]
    source: str
    line: int
    err: str | None = None
    code: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def ident(self) -> str:
        return f"{self.source}:{self.line}"


def _versions(spec: str) -> frozenset[str]:
    spec = spec.strip()
    if spec == "all":
        return frozenset(VERSIONS)
    if spec == "none":
        return frozenset()
    found = frozenset(v.strip() for v in spec.split(","))
    unknown = found - set(VERSIONS)
    if unknown:
        raise ValueError(f"unknown versions {sorted(unknown)}")
    return found


def load_cases() -> list[Case]:
    """Every case of every corpus file, in file order."""
    cases: list[Case] = []
    for path in sorted(CORPUS.glob("*.txt")):
        for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            if raw.startswith("  > "):
                key, _, value = raw[4:].partition(": ")
                case = cases[-1]
                if key == "err":
                    case.err = value
                elif key == "code":
                    case.code = value
                else:
                    case.extra[key] = value
                continue
            spec, sep, command = raw.partition(" | ")
            if not sep:
                raise ValueError(f"{path.name}:{n}: not '<versions> | <command>'")
            cases.append(Case(command, _versions(spec), path.name, n))
    return cases


CASES = load_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.ident for c in CASES])
def test_corpus_case(case: Case) -> None:
    for version in VERSIONS:
        grammar = CommandGrammar.for_version(version)
        if version in case.valid_in:
            try:
                grammar.parse(case.command)
            except CommandSyntaxError as e:
                pytest.fail(f"{version}: rejected {case.command!r}: {e.message}")
            continue
        with pytest.raises(CommandSyntaxError) as info:
            grammar.parse(case.command)
        if case.err is not None:
            assert info.value.message == case.err, version
        if case.code is not None:
            assert info.value.code.value == case.code, (version, info.value.message)


def test_corpus_size() -> None:
    """At least 150 valid and 100 invalid commands, and version differences in both directions."""
    valid = [c for c in CASES if c.valid_in == frozenset(VERSIONS)]
    invalid = [c for c in CASES if not c.valid_in]
    split = [c for c in CASES if c.valid_in and c.valid_in != frozenset(VERSIONS)]
    assert len(valid) >= 150, len(valid)
    assert len(invalid) >= 100, len(invalid)
    assert any("1.20.5" in c.valid_in for c in split)
    assert any("1.20.5" not in c.valid_in for c in split)
    assert any(c.valid_in == {"1.21.6"} for c in split)
