"""YAML loading that keeps line numbers and refuses duplicate keys (YAML 読み込み).

PyYAML's ``safe_load`` silently keeps the last of two equal keys; an operator who writes ``port:``
twice deserves an error. :class:`LineLoader` is a :class:`yaml.SafeLoader` whose mappings and lists
remember the line of every key and item, and which records duplicates instead of overwriting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml


class YamlMap(dict[str, Any]):
    """A YAML mapping with the 1-based ``line`` it starts on and ``key_lines[key]``."""

    line: int
    key_lines: dict[str, int]
    duplicates: list[tuple[str, int, int]]
    """(key, line of the repeat, line of the first) for each repeated key; the first value is kept."""
    bad_keys: list[tuple[object, int]]
    """Keys that are not strings (``1:``, ``null:``) with their lines; they are left out."""


class YamlList(list[Any]):
    """A YAML sequence with the 1-based ``line`` it starts on and ``item_lines[i]``."""

    line: int
    item_lines: list[int]


class LineLoader(yaml.SafeLoader):
    """``SafeLoader`` building :class:`YamlMap`/:class:`YamlList` (same safety: plain data only)."""


def _construct_map(loader: LineLoader, node: yaml.MappingNode) -> YamlMap:
    result = YamlMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.duplicates = []
    result.bad_keys = []
    explicit = sum(1 for key_node, _ in node.value if key_node.tag != "tag:yaml.org,2002:merge")
    loader.flatten_mapping(node)  # resolves YAML merge keys (<<) like SafeLoader does
    merged = len(node.value) - explicit  # flatten_mapping puts merged pairs first
    merged_keys: set[str] = set()
    for index, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            result.bad_keys.append((key, line))
            continue
        if index < merged:
            merged_keys.add(key)
        elif key in merged_keys:
            merged_keys.discard(key)  # an explicit key overrides a merged one, as in SafeLoader
        elif key in result:
            result.duplicates.append((key, line, result.key_lines[key]))
            continue
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _construct_list(loader: LineLoader, node: yaml.SequenceNode) -> YamlList:
    result = YamlList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_list)


@dataclass(frozen=True, slots=True)
class YamlSyntaxError:
    """Where and why a file is not YAML."""

    line: int
    message: str


def load_yaml(text: str) -> Any | YamlSyntaxError:
    """Parse ``text`` with :class:`LineLoader`; a syntax error comes back as a value, not raised.

    >>> doc = load_yaml("a: 1\\nb:\\n  - x\\n  - y\\n")
    >>> doc["b"], doc.key_lines["b"], doc["b"].item_lines
    (['x', 'y'], 2, [3, 4])
    >>> load_yaml("a: 1\\na: 2\\n").duplicates
    [('a', 2, 1)]
    >>> load_yaml("a: [1\\n")
    YamlSyntaxError(line=2, message="expected ',' or ']', but got '<stream end>'")
    """
    try:
        return yaml.load(text, Loader=LineLoader)  # LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        return YamlSyntaxError(line, str(exc.problem or exc.context or "invalid YAML"))
    except yaml.YAMLError as exc:
        return YamlSyntaxError(1, str(exc))
