"""The YAML loader: line numbers, duplicate keys, safety."""

from __future__ import annotations

from dfg_bridge.config.loader import YamlList, YamlMap, YamlSyntaxError, load_yaml


def test_line_numbers_of_keys_and_items() -> None:
    doc = load_yaml("a: 1\nb:\n  c: [1, 2]\n  d:\n    - x\n    - {e: 3}\n")
    assert isinstance(doc, YamlMap)
    assert doc.key_lines == {"a": 1, "b": 2}
    assert doc["b"].key_lines == {"c": 3, "d": 4}
    assert isinstance(doc["b"]["d"], YamlList)
    assert doc["b"]["d"].item_lines == [5, 6]
    assert doc["b"]["d"][1].key_lines == {"e": 6}


def test_duplicate_keys_are_recorded_and_the_first_wins() -> None:
    doc = load_yaml("rcon:\n  port: 1\n  host: h\n  port: 2\n")
    assert doc["rcon"]["port"] == 1
    assert doc["rcon"].duplicates == [("port", 4, 2)]


def test_non_text_keys_are_recorded() -> None:
    doc = load_yaml("1: a\nnull: b\nok: c\n")
    assert dict(doc) == {"ok": "c"}
    assert doc.bad_keys == [(1, 1), (None, 2)]


def test_merge_keys_work_like_safe_load() -> None:
    doc = load_yaml("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n")
    assert doc["other"] == {"x": 1, "y": 3}


def test_syntax_errors_come_back_with_a_line() -> None:
    result = load_yaml("a: 1\nb: [1, 2\nc: 3\n")
    assert isinstance(result, YamlSyntaxError)
    assert result.line == 3


def test_python_tags_are_refused() -> None:
    result = load_yaml("a: !!python/object/apply:os.system ['true']\n")
    assert isinstance(result, YamlSyntaxError)
    assert "python/object/apply" in result.message


def test_empty_document_is_none() -> None:
    assert load_yaml("") is None
    assert load_yaml("# only a comment\n") is None
