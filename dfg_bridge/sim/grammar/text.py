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

from dfg_bridge.sim.grammar.nbt import Byte, ByteArray, Double, Float, Int, IntArray, Long, LongArray, Short
from dfg_bridge.sim.grammar.text_codec_base import (
    ComponentError,
    missing,
    read_bool,
    read_color,
    read_float,
    read_int,
    read_map,
    read_resource,
    read_string,
    show,
)
from dfg_bridge.sim.grammar.text_events import read_click_legacy, read_click_modern, read_hover

__all__ = ["ComponentError", "decode_component", "decode_style", "from_nbt", "plain_text", "to_json_shape"]

TextComponent = dict[str, object]

_BOOL_STYLES = ("bold", "italic", "underlined", "strikethrough", "obfuscated")
_CONTENT_KEYS = ("text", "translate", "score", "selector", "keybind", "nbt")
_TYPE_NAMES = {
    "text": "text",
    "translatable": "translate",
    "score": "score",
    "selector": "selector",
    "keybind": "keybind",
    "nbt": "nbt",
}


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
        raise ComponentError(f"Not a string, list or map: {show(v)}")

    def _object(self, m: dict[str, object]) -> TextComponent:
        out: TextComponent = {}
        kind: str | None = None
        if "type" in m:
            t = read_string(m["type"], "type")
            if t not in _TYPE_NAMES:
                raise ComponentError(f"Unknown element name:{t}")
            kind = _TYPE_NAMES[t]
            if kind not in m:
                raise missing(kind, m)
        else:
            for key in _CONTENT_KEYS:
                if key in m:
                    kind = key
                    break
        if kind is None:
            raise ComponentError(f"No matching codec found for {show(m)}")
        self._content(kind, m, out)
        self._style(m, out)
        if "extra" in m:
            extra = m["extra"]
            if not isinstance(extra, list):
                raise ComponentError(f"Not a list: {show(extra)}")
            if not extra:
                raise ComponentError("List must have contents")
            out["extra"] = [self.component(x) for x in extra]
        return out

    def _content(self, kind: str, m: dict[str, object], out: TextComponent) -> None:
        if kind == "text":
            out["text"] = read_string(m["text"], "text")
        elif kind == "translate":
            out["translate"] = read_string(m["translate"], "translate")
            if "fallback" in m:
                out["fallback"] = read_string(m["fallback"], "fallback")
            if "with" in m:
                args = m["with"]
                if not isinstance(args, list):
                    raise ComponentError(f"Not a list: {show(args)}")
                out["with"] = [a if isinstance(a, (int, float, bool)) else self.component(a) for a in args]
        elif kind == "score":
            sm = read_map(m["score"])
            for key in ("name", "objective"):
                if key not in sm:
                    raise missing(key, sm)
            name = read_string(sm["name"], "name")
            out["score"] = {"name": name, "objective": read_string(sm["objective"], "objective")}
        elif kind == "selector":
            out["selector"] = read_string(m["selector"], "selector")
            if "separator" in m:
                out["separator"] = self.component(m["separator"])
        elif kind == "keybind":
            out["keybind"] = read_string(m["keybind"], "keybind")
        else:
            out["nbt"] = read_string(m["nbt"], "nbt")
            if "interpret" in m:
                out["interpret"] = read_bool(m["interpret"], "interpret")
            if "separator" in m:
                out["separator"] = self.component(m["separator"])
            for source in ("block", "entity", "storage"):
                if source in m:
                    raw = m[source]
                    reader = read_resource if source == "storage" else read_string
                    out[source] = reader(raw, source)
                    break
            else:
                raise ComponentError(f"No matching codec found for {show(m)}")

    def _style(self, m: dict[str, object], out: TextComponent) -> None:
        if "color" in m:
            out["color"] = read_color(m["color"])
        if self.shadow and "shadow_color" in m:
            sc = m["shadow_color"]
            if isinstance(sc, list):
                if len(sc) != 4:
                    raise ComponentError(f"Input is not a list of 4 elements: {show(sc)}")
                out["shadow_color"] = [read_float(x) for x in sc]
            else:
                out["shadow_color"] = read_int(sc, "shadow_color")
        for key in _BOOL_STYLES:
            if key in m:
                out[key] = read_bool(m[key], key)
        if "insertion" in m:
            out["insertion"] = read_string(m["insertion"], "insertion")
        if "font" in m:
            out["font"] = read_resource(m["font"], "font")
        click_key, hover_key = ("click_event", "hover_event") if self.snbt else ("clickEvent", "hoverEvent")
        if click_key in m:
            click = m[click_key]
            if self.snbt:
                out["click_event"] = read_click_modern(click, self.dialogs)
            else:
                out["click_event"] = read_click_legacy(click)
        if hover_key in m:
            out["hover_event"] = read_hover(m[hover_key], self.snbt, self.component)


def decode_component(
    value: object, *, snbt: bool, dialogs: bool = False, shadow: bool = True
) -> TextComponent:
    """Decode a JSON value (``snbt=False``, 1.20.5–1.21.4) or NBT-derived value (``snbt=True``) to canonical.

    Raises :class:`ComponentError` when vanilla's codec would fail.
    """
    return _Ctx(snbt, dialogs, shadow).component(value)


def decode_style(value: object, *, snbt: bool, dialogs: bool = False) -> dict[str, object]:
    """Decode a ``style`` argument (a map of style fields only)."""
    m = read_map(value)
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
