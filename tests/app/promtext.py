"""A strict reader of the Prometheus text exposition format 0.0.4, for tests.

Written from the format's description, independently of ``dfg_bridge.app.metrics``: every line is
``# HELP``, ``# TYPE``, another comment, or ``name{label="value",…} value [timestamp]``; a family's
``# TYPE`` comes before its samples and its samples are contiguous; label values escape only
backslash, double quote and newline; histograms have cumulative ``_bucket{le}`` series ending in
``le="+Inf"`` equal to ``_count``, plus ``_sum``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LABEL = r"[a-zA-Z_][a-zA-Z0-9_]*"
TYPES = frozenset({"counter", "gauge", "histogram", "summary", "untyped"})
_SAMPLE = re.compile(rf"^(?P<name>{NAME})(?:\{{(?P<labels>.*)\}})? (?P<value>\S+)(?: (?P<ts>-?\d+))?$")
_PAIR = re.compile(rf'\s*(?P<k>{LABEL})="(?P<v>(?:[^"\\\n]|\\[\\"n])*)"\s*(?:,|$)')


class FormatError(ValueError):
    """The text breaks the format; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass
class ParsedFamily:
    """One family as read: type, help, and samples ``(name, labels, value)``."""

    name: str
    type: str = "untyped"
    help: str | None = None
    samples: list[tuple[str, dict[str, str], float]] = field(default_factory=list)

    def value(self, name: str | None = None, **labels: str) -> float:
        """The value of the one sample with this name (default: the family's) and these labels."""
        wanted = name or self.name
        found = [v for n, ls, v in self.samples if n == wanted and ls == labels]
        assert len(found) == 1, f"{wanted}{labels}: {len(found)} samples"
        return found[0]


def _unescape(text: str, allowed: str) -> str:
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 >= len(text) or text[i + 1] not in allowed:
                raise ValueError(f"bad escape in {text!r}")
            out.append("\n" if text[i + 1] == "n" else text[i + 1])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _float(text: str) -> float:
    if text in ("+Inf", "Inf"):
        return math.inf
    if text == "-Inf":
        return -math.inf
    if text == "NaN":
        return math.nan
    if not re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", text):
        raise ValueError(f"bad value {text!r}")
    return float(text)


def _family_of(sample: str, families: dict[str, ParsedFamily]) -> str:
    for suffix in ("_bucket", "_sum", "_count"):
        base = sample.removesuffix(suffix)
        if base != sample and base in families and families[base].type in ("histogram", "summary"):
            return base
    return sample


def parse(text: str) -> dict[str, ParsedFamily]:
    """Read a whole scrape body; raises :class:`FormatError` on anything the format forbids."""
    if text and not text.endswith("\n"):
        raise FormatError(text.count("\n") + 1, "the last line must end with a newline")
    families: dict[str, ParsedFamily] = {}
    finished: set[str] = set()
    current: str | None = None
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        if line.startswith("#"):
            parts = line.split(" ", 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE"):
                name = parts[2]
                if not re.fullmatch(NAME, name):
                    raise FormatError(number, f"bad metric name {name!r}")
                family = families.setdefault(name, ParsedFamily(name))
                if family.samples:
                    raise FormatError(number, f"{parts[1]} for {name} after its samples")
                if parts[1] == "TYPE":
                    kind = parts[3] if len(parts) == 4 else ""
                    if kind not in TYPES:
                        raise FormatError(number, f"unknown type {kind!r}")
                    if family.type != "untyped":
                        raise FormatError(number, f"second TYPE for {name}")
                    family.type = kind
                else:
                    if family.help is not None:
                        raise FormatError(number, f"second HELP for {name}")
                    try:
                        family.help = _unescape(parts[3] if len(parts) == 4 else "", "\\n")
                    except ValueError as exc:
                        raise FormatError(number, str(exc)) from exc
            continue
        if not line.strip():
            continue
        match = _SAMPLE.match(line)
        if not match:
            raise FormatError(number, f"not a sample line: {line!r}")
        labels: dict[str, str] = {}
        raw = match.group("labels")
        if raw:
            pos = 0
            while pos < len(raw):
                pair = _PAIR.match(raw, pos)
                if not pair or pair.end() == pos:
                    raise FormatError(number, f"bad labels {raw!r}")
                key = pair.group("k")
                if key in labels or key.startswith("__"):
                    raise FormatError(number, f"bad or repeated label {key!r}")
                labels[key] = _unescape(pair.group("v"), '\\"n')
                pos = pair.end()
        try:
            value = _float(match.group("value"))
        except ValueError as exc:
            raise FormatError(number, str(exc)) from exc
        name = match.group("name")
        family_name = _family_of(name, families)
        if family_name != current:
            if family_name in finished:
                raise FormatError(number, f"samples of {family_name} are not contiguous")
            if current is not None:
                finished.add(current)
            current = family_name
        key = (name, tuple(sorted(labels.items())))
        if key in seen:
            raise FormatError(number, f"duplicate series {name}{labels}")
        seen.add(key)
        families.setdefault(family_name, ParsedFamily(family_name)).samples.append((name, labels, value))
    for family in families.values():
        _check_family(family)
    return families


def _check_family(family: ParsedFamily) -> None:
    if family.type == "counter":
        for name, _, value in family.samples:
            if name != family.name or value < 0 or math.isnan(value):
                raise FormatError(0, f"counter {family.name}: bad sample {name}={value}")
    if family.type != "histogram":
        return
    groups: dict[tuple[tuple[str, str], ...], dict[str, object]] = {}
    for name, labels, value in family.samples:
        rest = tuple(sorted((k, v) for k, v in labels.items() if k != "le"))
        group = groups.setdefault(rest, {"buckets": [], "sum": None, "count": None})
        if name == family.name + "_bucket":
            if "le" not in labels:
                raise FormatError(0, f"{name} without le")
            group["buckets"].append((_float(labels["le"]), value))  # type: ignore[attr-defined]
        elif name == family.name + "_sum":
            group["sum"] = value
        elif name == family.name + "_count":
            group["count"] = value
        else:
            raise FormatError(0, f"histogram {family.name}: stray sample {name}")
    for rest, group in groups.items():
        buckets = sorted(group["buckets"])  # type: ignore[call-overload]
        if not buckets or buckets[-1][0] != math.inf:
            raise FormatError(0, f'histogram {family.name}{dict(rest)}: no le="+Inf" bucket')
        counts = [c for _, c in buckets]
        if counts != sorted(counts):
            raise FormatError(0, f"histogram {family.name}: buckets are not cumulative")
        if group["count"] is None or group["sum"] is None or group["count"] != counts[-1]:
            raise FormatError(0, f"histogram {family.name}: _count/_sum missing or _count != +Inf bucket")
