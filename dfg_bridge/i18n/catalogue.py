"""Message catalogues (メッセージ): packaged ``ja``/``en`` plus operator overrides, never raising.

A catalogue file is YAML; nested mappings give dotted keys (``lobby.joined``). Values are
``str.format`` templates with named ``{placeholders}``.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from dfg_bridge.config.issues import ConfigIssue
from dfg_bridge.config.loader import YamlMap, YamlSyntaxError, load_yaml

DEFAULT_LANGUAGE = "ja"
PACKAGED_LANGUAGES = ("ja", "en")

_FORMATTER = string.Formatter()


class _Visible(dict[str, Any]):
    """Format arguments that leave an unknown ``{name}`` in the text instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def placeholders(template: str) -> frozenset[str]:
    """The named placeholders of a template (``{{`` escapes excluded).

    >>> sorted(placeholders("{player} played {cards} ({count}枚) {{literal}}"))
    ['cards', 'count', 'player']
    """
    try:
        fields = [name for _, name, _, _ in _FORMATTER.parse(template) if name]
        return frozenset(name.split(".")[0].split("[")[0] for name in fields)
    except ValueError:
        return frozenset()


def render(template: str, values: Mapping[str, object]) -> str:
    """Fill ``template``; a missing placeholder stays visible as ``{name}`` and nothing ever raises.

    >>> render("{player} の番です（残り{seconds}秒）", {"player": "Steve"})
    'Steve の番です（残り{seconds}秒）'
    >>> render("bad {format", {})
    'bad {format'
    """
    try:
        return template.format_map(_Visible(values))
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        # A broken template or a value that does not fit its format spec: show the template.
        return template


def flatten(tree: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """(dotted key, value) pairs of a nested mapping."""
    for key, value in tree.items():
        dotted = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            yield from flatten(value, dotted)
        else:
            yield dotted, value


def parse_catalogue(text: str, file: str) -> tuple[dict[str, str], list[ConfigIssue]]:
    """Read one catalogue file: its messages, and problems found (duplicates, non-text values)."""
    tree = load_yaml(text)
    if isinstance(tree, YamlSyntaxError):
        return {}, [ConfigIssue(file, tree.line, "(yaml)", tree.message)]
    if tree is None:
        return {}, []
    if not isinstance(tree, YamlMap):
        return {}, [ConfigIssue(file, 1, "(top)", "must be a mapping of message keys")]
    messages: dict[str, str] = {}
    issues: list[ConfigIssue] = []
    _collect(tree, "", file, messages, issues)
    return messages, issues


def _collect(node: YamlMap, prefix: str, file: str, out: dict[str, str], issues: list[ConfigIssue]) -> None:
    for key, line, first in node.duplicates:
        issues.append(ConfigIssue(file, line, f"{prefix}{key}", f"duplicate key (first at line {first})"))
    for key, value in node.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, YamlMap):
            _collect(value, dotted + ".", file, out, issues)
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out[dotted] = str(value)
        else:
            issues.append(ConfigIssue(file, node.key_lines[key], dotted, "a message must be text"))


def packaged_text(lang: str) -> str:
    """The packaged catalogue file for ``lang``."""
    return resources.files("dfg_bridge.data.messages").joinpath(f"{lang}.yml").read_text(encoding="utf-8")


class Messages:
    """All catalogues; :meth:`get` finds a message in a language, falling back to Japanese.

    >>> m = Messages({"ja": {"hi": "{name}さん、こんにちは"}, "en": {"hi": "Hello, {name}"}})
    >>> m.get("hi", "en", name="Steve"), m.get("hi", "fr", name="Alex")
    ('Hello, Steve', 'Alexさん、こんにちは')
    >>> m.get("missing.key", "en")
    '⟨missing.key⟩'
    """

    def __init__(self, catalogues: Mapping[str, Mapping[str, str]], default: str = DEFAULT_LANGUAGE) -> None:
        self._catalogues = {lang: dict(messages) for lang, messages in catalogues.items()}
        self.default = default

    @classmethod
    def load(cls, override_dir: Path | None = None) -> tuple[Messages, list[ConfigIssue]]:
        """The packaged catalogues with the operator's ``<lang>.yml`` files from ``override_dir`` on top.

        Problems in the operator's files (unknown keys, placeholders the packaged message lacks,
        bad YAML) come back as warnings; the packaged text is used where an override is unusable.
        """
        catalogues: dict[str, dict[str, str]] = {}
        issues: list[ConfigIssue] = []
        for lang in PACKAGED_LANGUAGES:
            messages, problems = parse_catalogue(packaged_text(lang), f"<packaged {lang}.yml>")
            catalogues[lang] = messages
            issues += problems
        if override_dir is not None:
            for path in sorted(override_dir.glob("*.yml")):
                issues += cls._override(catalogues, path)
        return cls(catalogues), issues

    @staticmethod
    def _override(catalogues: dict[str, dict[str, str]], path: Path) -> list[ConfigIssue]:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            return [ConfigIssue(str(path), 0, "(file)", f"cannot read: {exc}")]
        messages, issues = parse_catalogue(text, str(path))
        tree = load_yaml(text)
        lines = dict(_key_lines(tree)) if isinstance(tree, YamlMap) else {}
        reference = catalogues[DEFAULT_LANGUAGE]
        target = catalogues.setdefault(path.stem, {})
        for key, template in messages.items():
            line = lines.get(key, 1)
            if key not in reference:
                issues.append(ConfigIssue(str(path), line, key, "unknown message key (ignored)"))
                continue
            extra = placeholders(template) - placeholders(reference[key])
            if extra:
                names = ", ".join("{" + name + "}" for name in sorted(extra))
                issues.append(ConfigIssue(str(path), line, key, f"placeholder {names} is never filled"))
            target[key] = template
        return issues

    @property
    def languages(self) -> tuple[str, ...]:
        """Languages with a catalogue."""
        return tuple(self._catalogues)

    def keys(self, lang: str = DEFAULT_LANGUAGE) -> frozenset[str]:
        """The message keys of one language."""
        return frozenset(self._catalogues.get(lang, {}))

    def template(self, key: str, lang: str | None = None) -> str | None:
        """The raw template for ``key`` in ``lang`` (or the default language), or ``None``."""
        for candidate in (lang or self.default, self.default):
            found = self._catalogues.get(candidate, {}).get(key)
            if found is not None:
                return found
        return None

    def get(self, key: str, lang: str | None = None, /, **values: object) -> str:
        """The message ``key`` in ``lang`` with ``values`` filled in; never raises.

        Falls back to the default language, then to ``⟨key⟩`` so a missing message is visible.
        """
        template = self.template(key, lang)
        if template is None:
            return f"⟨{key}⟩"
        return render(template, values)


def _key_lines(node: YamlMap, prefix: str = "") -> Iterator[tuple[str, int]]:
    for key, value in node.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, YamlMap):
            yield from _key_lines(value, dotted + ".")
        else:
            yield dotted, node.key_lines[key]
