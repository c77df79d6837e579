"""Text components (テキストコンポーネント) as the world stores them, and their plain rendering.

The grammar hands text arguments over already normalised to one JSON-like dict shape (1.21.5 names:
``click_event``/``hover_event``). Text that arrives inside raw NBT (``summon … {text:…}``, sign
``messages``, ``Items`` written with ``data merge``) is normalised here the same way: SNBT components
from 1.21.5 on, JSON strings before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from dfg_bridge.sim.grammar.nbt import Byte, Double, Float, Int, Long, Short

__all__ = [
    "TextDict",
    "click_parts",
    "from_json_string",
    "from_nbt",
    "normalise",
    "plain_text",
    "to_json_string",
    "to_nbt",
]

TextDict = dict[str, Any]
"""A normalised text component."""

_BOOL_KEYS = frozenset({"bold", "italic", "underlined", "strikethrough", "obfuscated"})
_CLICK_VALUE_KEY = {
    "run_command": "command",
    "suggest_command": "command",
    "open_url": "url",
    "change_page": "page",
    "copy_to_clipboard": "value",
    "open_file": "path",
}


def _plain_number(value: object) -> object:
    if isinstance(value, (Byte, Short, Int, Long)):
        return int(value.value)
    if isinstance(value, (Float, Double)):
        return float(value.value)
    return value


def _normalise_event_click(event: Mapping[str, Any]) -> dict[str, Any]:
    action = str(event.get("action", ""))
    out: dict[str, Any] = {"action": action}
    key = _CLICK_VALUE_KEY.get(action)
    for name, value in event.items():
        if name == "action":
            continue
        # The pre-1.21.5 JSON form keeps every payload under "value".
        out[key if name == "value" and key is not None else name] = _plain_number(value)
    if action == "change_page" and isinstance(out.get("page"), str) and str(out["page"]).isdigit():
        out["page"] = int(str(out["page"]))
    return out


def _normalise_event_hover(event: Mapping[str, Any]) -> dict[str, Any]:
    action = str(event.get("action", ""))
    out: dict[str, Any] = {"action": action}
    for name, value in event.items():
        if name == "action":
            continue
        if action == "show_text" and name in ("contents", "value"):
            out["value"] = normalise(value)
        else:
            out[name] = value
    return out


def normalise(value: object) -> TextDict:
    """Any text value (str, list, dict with NBT numbers or JSON values) → the canonical dict."""
    if isinstance(value, str):
        return {"text": value}
    if isinstance(value, (Byte, Short, Int, Long, Float, Double, int, float, bool)):
        raw = _plain_number(value)
        return {"text": str(raw).lower() if isinstance(raw, bool) else str(raw)}
    if isinstance(value, Sequence):
        if not value:
            return {"text": ""}
        first = normalise(value[0])
        rest = [normalise(v) for v in value[1:]]
        if rest:
            first = dict(first)
            first["extra"] = [*first.get("extra", []), *rest]
        return first
    if isinstance(value, Mapping):
        out: TextDict = {}
        for key, item in value.items():
            if key in ("clickEvent", "click_event") and isinstance(item, Mapping):
                out["click_event"] = _normalise_event_click(item)
            elif key in ("hoverEvent", "hover_event") and isinstance(item, Mapping):
                out["hover_event"] = _normalise_event_hover(item)
            elif key == "extra" and isinstance(item, Sequence) and not isinstance(item, str):
                out["extra"] = [normalise(v) for v in item]
            elif key in ("with",) and isinstance(item, Sequence) and not isinstance(item, str):
                out["with"] = [normalise(v) for v in item]
            elif key in _BOOL_KEYS:
                raw = _plain_number(item)
                out[key] = bool(raw)
            elif key == "":
                out["text"] = item if isinstance(item, str) else str(_plain_number(item))
            else:
                out[key] = _plain_number(item)
        if not any(k in out for k in ("text", "translate", "score", "selector", "keybind", "nbt")):
            out.setdefault("text", "")
        return out
    return {"text": str(value)}


def from_json_string(text: str) -> TextDict:
    """A pre-1.21.5 stored text (a JSON string) → canonical dict; bad JSON is shown literally."""
    try:
        return normalise(json.loads(text))
    except (ValueError, RecursionError):
        return {"text": text}


def from_nbt(value: object, *, json_strings: bool) -> TextDict:
    """A text component found inside NBT → canonical dict.

    ``json_strings``: the version stores components as JSON strings (1.20.5–1.21.4).
    """
    if json_strings and isinstance(value, str):
        return from_json_string(value)
    return normalise(value)


def plain_text(component: Mapping[str, Any]) -> str:
    """What a player reads: the text of the component and its children, styles dropped.

    >>> plain_text({"text": "A", "extra": [{"text": "B"}, {"translate": "x.y", "fallback": "C"}]})
    'ABC'
    """
    parts: list[str] = []
    _collect(component, parts)
    return "".join(parts)


def _collect(component: Mapping[str, Any], parts: list[str]) -> None:
    if "text" in component:
        parts.append(str(component["text"]))
    elif "translate" in component:
        args = [plain_text(a) if isinstance(a, Mapping) else str(a) for a in component.get("with", [])]
        template = str(component.get("fallback", component["translate"]))
        parts.append(_format_translation(template, args))
    elif "score" in component or "selector" in component:
        parts.append(str(component.get("_resolved", "")))
    elif "keybind" in component:
        parts.append(str(component["keybind"]))
    for child in component.get("extra", ()):
        if isinstance(child, Mapping):
            _collect(child, parts)


def _format_translation(template: str, args: list[str]) -> str:
    out: list[str] = []
    i = 0
    auto = 0
    while i < len(template):
        ch = template[i]
        if ch == "%" and i + 1 < len(template):
            nxt = template[i + 1]
            if nxt == "%":
                out.append("%")
                i += 2
                continue
            if nxt == "s":
                out.append(args[auto] if auto < len(args) else "")
                auto += 1
                i += 2
                continue
            end = template.find("$s", i)
            if end > i and template[i + 1 : end].isdigit():
                index = int(template[i + 1 : end]) - 1
                out.append(args[index] if 0 <= index < len(args) else "")
                i = end + 2
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def click_parts(component: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The parts of a component in reading order, each ``{"text", "click_event"?, "hover_event"?}``.

    A part inherits its parent's click event unless it has its own, as the client does.
    """
    parts: list[dict[str, Any]] = []
    _walk(component, None, parts)
    return parts


def _walk(
    component: Mapping[str, Any], inherited: Mapping[str, Any] | None, parts: list[dict[str, Any]]
) -> None:
    click = component.get("click_event", inherited)
    own = dict(component)
    own.pop("extra", None)
    text = plain_text(own)
    if text:
        part: dict[str, Any] = {"text": text}
        if click is not None:
            part["click_event"] = dict(click)
        parts.append(part)
    for child in component.get("extra", ()):
        if isinstance(child, Mapping):
            _walk(child, click, parts)


def to_json_string(component: Mapping[str, Any]) -> str:
    """Canonical dict → the JSON string 1.20.5–1.21.4 store (``clickEvent``/``value`` names)."""
    return json.dumps(_to_json_value(component), ensure_ascii=False, separators=(",", ":"))


def _to_json_value(component: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in component.items():
        if key == "click_event" and isinstance(value, Mapping):
            action = value.get("action")
            payload = {k: v for k, v in value.items() if k != "action"}
            out["clickEvent"] = {"action": action, "value": next(iter(payload.values()), "")}
        elif key == "hover_event" and isinstance(value, Mapping):
            hover = dict(value)
            if hover.get("action") == "show_text" and isinstance(hover.get("value"), Mapping):
                out["hoverEvent"] = {"action": "show_text", "contents": _to_json_value(hover["value"])}
            else:
                out["hoverEvent"] = hover
        elif key in ("extra", "with") and isinstance(value, list):
            out[key] = [_to_json_value(v) if isinstance(v, Mapping) else v for v in value]
        else:
            out[key] = value
    return out


def to_nbt(component: Mapping[str, Any]) -> object:
    """Canonical dict → the NBT 1.21.5+ store: a bare string when it is plain text, else a compound."""
    if set(component) == {"text"}:
        return str(component["text"])
    out: dict[str, object] = {}
    for key, value in component.items():
        if isinstance(value, bool):
            out[key] = Byte(1 if value else 0)
        elif isinstance(value, int):
            out[key] = Int(value)
        elif isinstance(value, float):
            out[key] = Double(value)
        elif key in ("extra", "with") and isinstance(value, list):
            out[key] = [to_nbt(v) if isinstance(v, Mapping) else v for v in value]
        elif key in ("click_event", "hover_event") and isinstance(value, Mapping):
            out[key] = {
                k: (to_nbt(v) if isinstance(v, Mapping) else (Int(v) if isinstance(v, int) else v))
                for k, v in value.items()
            }
        else:
            out[key] = value
    return out
