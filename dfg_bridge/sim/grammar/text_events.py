"""Click and hover events of text components, in the JSON (before 1.21.5) and SNBT (1.21.5+) shapes."""

from __future__ import annotations

import re
from collections.abc import Callable

from dfg_bridge.sim.grammar.text_codec_base import (
    ComponentError,
    missing,
    read_int,
    read_map,
    read_resource,
    read_string,
)

__all__ = ["read_click_legacy", "read_click_modern", "read_hover"]


def read_click_legacy(v: object) -> dict[str, object]:
    m = read_map(v)
    if "action" not in m:
        raise missing("action", m)
    action = read_string(m["action"], "action")
    if "value" not in m:
        raise missing("value", m)
    value = read_string(m["value"], "value")
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
    "open_url": ("url", read_string),
    "run_command": ("command", read_string),
    "suggest_command": ("command", read_string),
    "change_page": ("page", read_int),
    "copy_to_clipboard": ("value", read_string),
}


def read_click_modern(v: object, dialogs: bool) -> dict[str, object]:
    m = read_map(v)
    if "action" not in m:
        raise missing("action", m)
    action = read_string(m["action"], "action")
    if action in _CLICK_FIELDS:
        field, read = _CLICK_FIELDS[action]
        if field not in m:
            raise missing(field, m)
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
            raise missing("dialog", m)
        d = m["dialog"]
        return {"action": action, "dialog": read_resource(d, "dialog") if isinstance(d, str) else read_map(d)}
    if dialogs and action == "custom":
        if "id" not in m:
            raise missing("id", m)
        out: dict[str, object] = {"action": action, "id": read_resource(m["id"], "id")}
        if "payload" in m:
            out["payload"] = m["payload"]
        return out
    raise ComponentError(f"Unknown element name:{action}")


def read_hover(v: object, snbt: bool, component: Callable[[object], dict[str, object]]) -> dict[str, object]:
    """A hover event; ``component`` decodes the nested text components."""
    m = read_map(v)
    if "action" not in m:
        raise missing("action", m)
    action = read_string(m["action"], "action")
    if action == "show_text":
        key = "value" if snbt else ("contents" if "contents" in m else "value")
        if key not in m:
            raise missing("contents" if not snbt else "value", m)
        return {"action": action, "value": component(m[key])}
    if action == "show_item":
        src = m if snbt else m.get("contents", m.get("value"))
        if src is None:
            raise missing("contents", m)
        if isinstance(src, str) and not snbt:
            return {"action": action, "id": read_resource(src, "id")}
        sm = read_map(src)
        if "id" not in sm:
            raise missing("id", sm)
        out: dict[str, object] = {"action": action, "id": read_resource(sm["id"], "id")}
        if "count" in sm:
            out["count"] = read_int(sm["count"], "count")
        if "components" in sm:
            out["components"] = read_map(sm["components"])
        return out
    if action == "show_entity":
        src = m if snbt else m.get("contents", m.get("value"))
        if src is None:
            raise missing("contents", m)
        sm = read_map(src)
        type_key, uuid_key = ("id", "uuid") if snbt else ("type", "id")
        for key in (type_key, uuid_key):
            if key not in sm:
                raise missing(key, sm)
        out = {"action": action, "id": read_resource(sm[type_key], "id"), "uuid": sm[uuid_key]}
        if "name" in sm:
            out["name"] = component(sm["name"])
        return out
    raise ComponentError(f"Unknown element name:{action}")
