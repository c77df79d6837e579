"""Text components (テキストコンポーネント): vanilla's codec, per version, to one canonical dict.

Before 1.21.5 commands write components as JSON with ``clickEvent: {action, value}`` and
``hoverEvent: {action, contents}``; from 1.21.5 as SNBT with ``click_event: {action, command|url|…}`` and
``hover_event: {action, value|id|…}``. Like vanilla's codecs, unknown keys are ignored, so an event written in
the other version's shape is silently dropped, while a known event with a wrong shape is an error.

The canonical shape (:data:`~dfg_bridge.sim.grammar.values.TextComponent`) always uses the 1.21.5 names.

>>> click = {"action": "run_command", "value": "/trigger dfg"}
>>> decode_component({"text": "a", "clickEvent": click}, snbt=False)
{'text': 'a', 'click_event': {'action': 'run_command', 'command': '/trigger dfg'}}
>>> decode_component({"text": "a", "clickEvent": {"action": "run_command", "value": "/x"}}, snbt=True)
{'text': 'a'}
>>> plain_text(decode_component(["a", {"text": "b", "extra": ["c"]}], snbt=True))
'abc'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dfg_bridge.sim.grammar.nbt import Byte, ByteArray, Double, Float, Int, IntArray, Long, LongArray, Short

__all__ = ["ComponentError", "decode_component", "decode_style", "from_nbt", "plain_text", "to_json_shape"]

TextComponent = dict[str, object]

COLOR_NAMES = frozenset(
    (
        "black", "dark_blue", "dark_green", "dark_aqua", "dark_red", "dark_purple", "gold", "gray",
        "dark_gray", "blue", "green", "aqua", "red", "light_purple", "yellow", "white",
    )
)
_BOOL_STYLES = ("bold", "italic", "underlined", "strikethrough", "obfuscated")
_RESOURCE = re.compile(r"(?:[a-z0-9_.\-]*:)?[a-z0-9_.\-/]*\Z")
_CONTENT_KEYS = ("text", "translate", "score", "selector", "keybind", "nbt")
_TYPE_NAMES = {"text": "text", "translatable": "translate", "score": "score", "selector": "selector",
               "keybind": "keybind", "nbt": "nbt"}


class ComponentError(ValueError):
    """A value the component codec rejects; the message imitates DataFixerUpper's."""


def from_nbt(value: object) -> object:
    """NBT → the JSON-like values the codec reads (``NbtOps``): numbers lose their tag type."""
    if isinstance(value, dict):
        return {k: from_nbt(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_nbt(v) for v in value]
    if isinstance(value, (Byte, Short, Int, Long)):
        return value.value
    if isinstance(value, (Float, Double)):
        return float(value.value)
    if isinstance(value, (ByteArray, IntArray, LongArray)):
        return list(value.values)
    return value


def _string(v: object, what: str) -> str:
    if isinstance(v, str):
        return v
    raise ComponentError(f"Not a string: {_show(v)}")


def _bool(v: object, what: str) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return v != 0
    raise ComponentError(f"Not a boolean: {_show(v)}")


def _int(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ComponentError(f"Not a number: {_show(v)}")
    return int(v)


def _float(v: object) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ComponentError(f"Not a number: {_show(v)}")
    return float(v)


def _map(v: object) -> dict[str, object]:
    if isinstance(v, dict):
        return v
    raise ComponentError(f"Not a map: {_show(v)}")


def _show(v: object) -> str:
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}:{_show(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(_show(x) for x in v) + "]"
    return str(v)


def _missing(key: str, m: dict[str, object]) -> ComponentError:
    return ComponentError(f"No key {key} in MapLike[{_show(m)}]")


def _resource(v: object, what: str) -> str:
    s = _string(v, what)
    if not _RESOURCE.match(s):
        raise ComponentError(f"Not a valid resource location: {s}")
    return s if ":" in s else "minecraft:" + s


def _color(v: object) -> str:
    s = _string(v, "color")
    if s.startswith("#"):
        try:
            n = int(s[1:], 16)
        except ValueError:
            raise ComponentError(f"Invalid color name: {s}") from None
        if not 0 <= n <= 0xFFFFFF:
            raise ComponentError(f"Color value out of range: {s}")
        return s
    if s not in COLOR_NAMES:
        raise ComponentError(f"Invalid color name: {s}")
    return s


# ------------------------------------------------------------------------------------------------ events


def _click_legacy(v: object) -> dict[str, object]:
    m = _map(v)
    if "action" not in m:
        raise _missing("action", m)
    action = _string(m["action"], "action")
    if "value" not in m:
        raise _missing("value", m)
    value = _string(m["value"], "value")
    if action == "open_url":
        return {"action": action, "url": value}
    if action in ("run_command", "suggest_command"):
        return {"action": action, "command": value}
    if action == "change_page":
        return {"action": action, "page": int(value) if value.strip().lstrip("-").isdigit() else value}
    if action == "copy_to_clipboard":
        return {"action": action, "value": value}
    if action == "open_file":
        raise ComponentError("Action not allowed: open_file")
    raise ComponentError(f"Unknown element name:{action}")


_CLICK_FIELDS: dict[str, tuple[str, Callable[[object, str], object]]] = {
    "open_url": ("url", _string),
    "run_command": ("command", _string),
    "suggest_command": ("command", _string),
    "change_page": ("page", _int),
    "copy_to_clipboard": ("value", _string),
}


def _click_modern(v: object, dialogs: bool) -> dict[str, object]:
    m = _map(v)
    if "action" not in m:
        raise _missing("action", m)
    action = _string(m["action"], "action")
    if action in _CLICK_FIELDS:
        field, read = _CLICK_FIELDS[action]
        if field not in m:
            raise _missing(field, m)
        value = read(m[field], field)
        if action == "open_url" and not re.match(r"https?://", str(value), re.I):
            raise ComponentError(f"Unsupported protocol in URL: {value}")
        if action == "change_page" and isinstance(value, int) and value < 1:
            raise ComponentError(f"Value must be positive: {value}")
        return {"action": action, field: value}
    if action == "open_file":
        raise ComponentError("Action not allowed: open_file")
    if dialogs and action == "show_dialog":
        if "dialog" not in m:
            raise _missing("dialog", m)
        d = m["dialog"]
        return {"action": action, "dialog": _resource(d, "dialog") if isinstance(d, str) else _map(d)}
    if dialogs and action == "custom":
        if "id" not in m:
            raise _missing("id", m)
        out: dict[str, object] = {"action": action, "id": _resource(m["id"], "id")}
        if "payload" in m:
            out["payload"] = m["payload"]
        return out
    raise ComponentError(f"Unknown element name:{action}")


def _hover(v: object, snbt: bool, ctx: _Ctx) -> dict[str, object]:
    m = _map(v)
    if "action" not in m:
        raise _missing("action", m)
    action = _string(m["action"], "action")
    if action == "show_text":
        key = "value" if snbt else ("contents" if "contents" in m else "value")
        if key not in m:
            raise _missing("contents" if not snbt else "value", m)
        return {"action": action, "value": ctx.component(m[key])}
    if action == "show_item":
        src = m if snbt else m.get("contents", m.get("value"))
        if src is None:
            raise _missing("contents", m)
        if isinstance(src, str) and not snbt:
            return {"action": action, "id": _resource(src, "id")}
        sm = _map(src)
        if "id" not in sm:
            raise _missing("id", sm)
        out: dict[str, object] = {"action": action, "id": _resource(sm["id"], "id")}
        if "count" in sm:
            out["count"] = _int(sm["count"], "count")
        if "components" in sm:
            out["components"] = _map(sm["components"])
        return out
    if action == "show_entity":
        src = m if snbt else m.get("contents", m.get("value"))
        if src is None:
            raise _missing("contents", m)
        sm = _map(src)
        type_key, uuid_key = ("id", "uuid") if snbt else ("type", "id")
        for key in (type_key, uuid_key):
            if key not in sm:
                raise _missing(key, sm)
        out = {"action": action, "id": _resource(sm[type_key], "id"), "uuid": sm[uuid_key]}
        if "name" in sm:
            out["name"] = ctx.component(sm["name"])
        return out
    raise ComponentError(f"Unknown element name:{action}")


# ------------------------------------------------------------------------------------------------ codec


class _Ctx:
    """Decoding options: SNBT (1.21.5+) or JSON names, dialog click actions (1.21.6+), shadow colour."""

    __slots__ = ("depth", "dialogs", "shadow", "snbt")

    def __init__(self, snbt: bool, dialogs: bool, shadow: bool) -> None:
        self.snbt = snbt
        self.dialogs = dialogs
        self.shadow = shadow
        self.depth = 0

    def component(self, v: object) -> TextComponent:
        self.depth += 1
        if self.depth > 512:
            raise ComponentError("Component nested too deeply")
        try:
            return self._component(v)
        finally:
            self.depth -= 1

    def _component(self, v: object) -> TextComponent:
        if isinstance(v, str):
            return {"text": v}
        if isinstance(v, list):
            if not v:
                raise ComponentError("List must have contents")
            parts = [self.component(x) for x in v]
            if len(parts) == 1:
                return parts[0]
            first = dict(parts[0])
            old = first.get("extra", [])
            extra: list[object] = list(old) if isinstance(old, list) else []
            first["extra"] = extra + parts[1:]
            return first
        if isinstance(v, dict):
            return self._object(v)
        raise ComponentError(f"Not a string, list or map: {_show(v)}")

    def _object(self, m: dict[str, object]) -> TextComponent:
        out: TextComponent = {}
        kind: str | None = None
        if "type" in m:
            t = _string(m["type"], "type")
            if t not in _TYPE_NAMES:
                raise ComponentError(f"Unknown element name:{t}")
            kind = _TYPE_NAMES[t]
            if kind not in m:
                raise _missing(kind, m)
        else:
            for key in _CONTENT_KEYS:
                if key in m:
                    kind = key
                    break
        if kind is None:
            raise ComponentError(f"No matching codec found for {_show(m)}")
        self._content(kind, m, out)
        self._style(m, out)
        if "extra" in m:
            extra = m["extra"]
            if not isinstance(extra, list):
                raise ComponentError(f"Not a list: {_show(extra)}")
            if not extra:
                raise ComponentError("List must have contents")
            out["extra"] = [self.component(x) for x in extra]
        return out

    def _content(self, kind: str, m: dict[str, object], out: TextComponent) -> None:
        if kind == "text":
            out["text"] = _string(m["text"], "text")
        elif kind == "translate":
            out["translate"] = _string(m["translate"], "translate")
            if "fallback" in m:
                out["fallback"] = _string(m["fallback"], "fallback")
            if "with" in m:
                args = m["with"]
                if not isinstance(args, list):
                    raise ComponentError(f"Not a list: {_show(args)}")
                out["with"] = [a if isinstance(a, (int, float, bool)) else self.component(a) for a in args]
        elif kind == "score":
            sm = _map(m["score"])
            for key in ("name", "objective"):
                if key not in sm:
                    raise _missing(key, sm)
            out["score"] = {"name": _string(sm["name"], "name"), "objective": _string(sm["objective"], "o")}
        elif kind == "selector":
            out["selector"] = _string(m["selector"], "selector")
            if "separator" in m:
                out["separator"] = self.component(m["separator"])
        elif kind == "keybind":
            out["keybind"] = _string(m["keybind"], "keybind")
        else:
            out["nbt"] = _string(m["nbt"], "nbt")
            if "interpret" in m:
                out["interpret"] = _bool(m["interpret"], "interpret")
            if "separator" in m:
                out["separator"] = self.component(m["separator"])
            for source in ("block", "entity", "storage"):
                if source in m:
                    raw = m[source]
                    out[source] = _resource(raw, source) if source == "storage" else _string(raw, source)
                    break
            else:
                raise ComponentError(f"No matching codec found for {_show(m)}")

    def _style(self, m: dict[str, object], out: TextComponent) -> None:
        if "color" in m:
            out["color"] = _color(m["color"])
        if self.shadow and "shadow_color" in m:
            sc = m["shadow_color"]
            if isinstance(sc, list):
                if len(sc) != 4:
                    raise ComponentError(f"Input is not a list of 4 elements: {_show(sc)}")
                out["shadow_color"] = [_float(x) for x in sc]
            else:
                out["shadow_color"] = _int(sc, "shadow_color")
        for key in _BOOL_STYLES:
            if key in m:
                out[key] = _bool(m[key], key)
        if "insertion" in m:
            out["insertion"] = _string(m["insertion"], "insertion")
        if "font" in m:
            out["font"] = _resource(m["font"], "font")
        click_key, hover_key = ("click_event", "hover_event") if self.snbt else ("clickEvent", "hoverEvent")
        if click_key in m:
            click = m[click_key]
            out["click_event"] = _click_modern(click, self.dialogs) if self.snbt else _click_legacy(click)
        if hover_key in m:
            out["hover_event"] = _hover(m[hover_key], self.snbt, self)


def decode_component(
    value: object, *, snbt: bool, dialogs: bool = False, shadow: bool = True
) -> TextComponent:
    """Decode a JSON value (``snbt=False``, 1.20.5–1.21.4) or NBT-derived value (``snbt=True``) to canonical.

    Raises :class:`ComponentError` when vanilla's codec would fail.
    """
    return _Ctx(snbt, dialogs, shadow).component(value)


def decode_style(value: object, *, snbt: bool, dialogs: bool = False) -> dict[str, object]:
    """Decode a ``style`` argument (a map of style fields only)."""
    m = _map(value)
    out: TextComponent = {}
    _Ctx(snbt, dialogs, True)._style(m, out)
    return out


def plain_text(component: TextComponent | str) -> str:
    """The text a player reads, without styling (translations print their fallback or key).

    >>> plain_text({"text": "Q", "extra": [{"text": "♥", "color": "red"}]})
    'Q♥'
    """
    if isinstance(component, str):
        return component
    parts: list[str] = []
    _plain(component, parts)
    return "".join(parts)


def _plain(c: TextComponent, out: list[str]) -> None:
    if "text" in c:
        out.append(str(c["text"]))
    elif "translate" in c:
        out.append(str(c.get("fallback", c["translate"])))
    elif "keybind" in c:
        out.append(str(c["keybind"]))
    elif "selector" in c:
        out.append(str(c["selector"]))
    elif "score" in c:
        score = c["score"]
        assert isinstance(score, dict)
        out.append(f"{score['name']}:{score['objective']}")
    extra = c.get("extra")
    if isinstance(extra, list):
        for e in extra:
            if isinstance(e, dict):
                _plain(e, out)


def to_json_shape(component: TextComponent) -> dict[str, object]:
    """The canonical dict rewritten with 1.20.5–1.21.4 JSON event names (``clickEvent``/``value``).

    >>> to_json_shape({"text": "a", "click_event": {"action": "run_command", "command": "/x"}})
    {'text': 'a', 'clickEvent': {'action': 'run_command', 'value': '/x'}}
    """
    out: dict[str, object] = {}
    for key, value in component.items():
        if key == "click_event" and isinstance(value, dict):
            action = value["action"]
            field = next(k for k in value if k != "action")
            out["clickEvent"] = {"action": action, "value": str(value[field])}
        elif key == "hover_event" and isinstance(value, dict):
            hv = dict(value)
            action = hv.pop("action")
            if action == "show_text":
                inner = hv["value"]
                contents = to_json_shape(inner) if isinstance(inner, dict) else inner
                out["hoverEvent"] = {"action": action, "contents": contents}
            elif action == "show_entity":
                contents = {"type": hv["id"], "id": hv["uuid"]}
                if "name" in hv and isinstance(hv["name"], dict):
                    contents["name"] = to_json_shape(hv["name"])
                out["hoverEvent"] = {"action": action, "contents": contents}
            else:
                out["hoverEvent"] = {"action": action, "contents": hv}
        elif key in ("extra", "with") and isinstance(value, list):
            out[key] = [to_json_shape(v) if isinstance(v, dict) else v for v in value]
        elif key == "separator" and isinstance(value, dict):
            out[key] = to_json_shape(value)
        else:
            out[key] = value
    return out
