"""The two map-valued selector options (セレクターの表): ``scores={obj=1..}`` and ``advancements={…}``.

Vanilla's ``EntitySelectorOptions`` reads both as ``{key=value,…}`` with optional commas; split from
:mod:`~dfg_bridge.sim.grammar.args.entity` so that module stays about the selector itself.
"""

from __future__ import annotations

from dfg_bridge.sim.grammar.args.common import read_int_range, read_resource_location
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.values import IntRange


def read_score_map(r: StringReader) -> dict[str, IntRange]:
    """``{objective=range,…}``."""
    s = r.string
    r.expect("{")
    r.skip_whitespace()
    scores: dict[str, IntRange] = {}
    while r.cursor < len(s) and s[r.cursor] != "}":
        r.skip_whitespace()
        name = r.read_unquoted_string()
        r.skip_whitespace()
        r.expect("=")
        r.skip_whitespace()
        scores[name] = read_int_range(r)
        r.skip_whitespace()
        if r.cursor < len(s) and s[r.cursor] == ",":
            r.cursor += 1
    r.expect("}")
    return scores


def read_advancement_map(r: StringReader) -> dict[str, object]:
    """``{advancement=bool,…}`` or ``{advancement={criterion=bool,…},…}``."""
    s = r.string
    r.expect("{")
    r.skip_whitespace()
    out: dict[str, object] = {}
    while r.cursor < len(s) and s[r.cursor] != "}":
        r.skip_whitespace()
        adv = read_resource_location(r)
        r.skip_whitespace()
        r.expect("=")
        r.skip_whitespace()
        if r.cursor < len(s) and s[r.cursor] == "{":
            r.cursor += 1
            r.skip_whitespace()
            criteria: dict[str, bool] = {}
            while r.cursor < len(s) and s[r.cursor] != "}":
                r.skip_whitespace()
                crit = r.read_unquoted_string()
                r.skip_whitespace()
                r.expect("=")
                r.skip_whitespace()
                criteria[crit] = r.read_boolean()
                r.skip_whitespace()
                if r.cursor < len(s) and s[r.cursor] == ",":
                    r.cursor += 1
            r.expect("}")
            out[adv] = criteria
        else:
            out[adv] = r.read_boolean()
        r.skip_whitespace()
        if r.cursor < len(s) and s[r.cursor] == ",":
            r.cursor += 1
    r.expect("}")
    return out


__all__ = ["read_advancement_map", "read_score_map"]
