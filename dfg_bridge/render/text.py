"""Writing :class:`~dfg_bridge.model.text.Text` as JSON (1.20.5–1.21.4) or SNBT (1.21.5+) (テキスト).

Field names differ between the two: JSON uses ``clickEvent {action, value}`` and
``hoverEvent {action, contents}``; SNBT uses ``click_event {action, command}`` and
``hover_event {action, value}``. A component with nothing but text is written as a bare string.
"""

from __future__ import annotations

import re

from dfg_bridge.model.text import Click, Text
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.escape import json_string, snbt_string

NAMED_COLORS = frozenset(
    {
        "black",
        "dark_blue",
        "dark_green",
        "dark_aqua",
        "dark_red",
        "dark_purple",
        "gold",
        "gray",
        "dark_gray",
        "blue",
        "green",
        "aqua",
        "red",
        "light_purple",
        "yellow",
        "white",
    }
)
"""The 16 named text colours; ``#RRGGBB`` is accepted as well."""

_HEX_COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
# Click commands are sent back by the client as a chat command: no control characters or §, and at
# most 256 characters (the chat limit) or the client is kicked / the event is refused.
_BAD_CHAT_CHAR_RE = re.compile("[\x00-\x1f\x7f§]")
MAX_CLICK_COMMAND = 256


def _check_color(color: str) -> str:
    if color in NAMED_COLORS or _HEX_COLOR_RE.fullmatch(color):
        return color
    raise RenderError("bad_color", f"unknown text colour {color!r}")


def check_click_command(command: str) -> str:
    """Return ``command`` if a client may send it back from a click event, else raise.

    >>> check_click_command("/trigger dfg set 3")
    '/trigger dfg set 3'
    """
    if not command or len(command) > MAX_CLICK_COMMAND or _BAD_CHAT_CHAR_RE.search(command):
        raise RenderError("bad_click", f"click command not sendable by a client: {command!r}")
    return command


def _is_bare(text: Text) -> bool:
    return (
        text.color is None
        and text.bold is None
        and text.italic is None
        and text.underlined is None
        and text.click is None
        and text.hover is None
        and not text.extra
    )


def _styles(text: Text) -> list[tuple[str, str]]:
    """(key, literal) pairs shared by both formats; booleans are ``true``/``false`` in both."""
    out: list[tuple[str, str]] = []
    if text.color is not None:
        out.append(("color", _check_color(text.color)))
    for key, flag in (("bold", text.bold), ("italic", text.italic), ("underlined", text.underlined)):
        if flag is not None:
            out.append((key, "true" if flag else "false"))
    return out


def text_json(text: Text) -> str:
    """``text`` as a JSON text component (1.20.5–1.21.4).

    >>> text_json(Text("♥Q", color="red", italic=False))
    '{"text":"♥Q","color":"red","italic":false}'
    >>> text_json(Text("plain"))
    '"plain"'
    """
    if _is_bare(text):
        return json_string(text.text)
    return _json_object(text)


def _json_object(text: Text) -> str:
    parts = ['"text":' + json_string(text.text)]
    for key, literal in _styles(text):
        parts.append(f'"{key}":' + (json_string(literal) if key == "color" else literal))
    if text.click is not None:
        parts.append('"clickEvent":' + _json_click(text.click))
    if text.hover is not None:
        parts.append('"hoverEvent":{"action":"show_text","contents":' + text_json(text.hover) + "}")
    if text.extra:
        parts.append('"extra":[' + ",".join(_json_object(part) for part in text.extra) + "]")
    return "{" + ",".join(parts) + "}"


def _json_click(click: Click) -> str:
    command = check_click_command(click.command)
    return '{"action":' + json_string(click.action.value) + ',"value":' + json_string(command) + "}"


def _snbt(value: str) -> str:
    return snbt_string(value, control_escapes=True)


def text_snbt(text: Text, *, compound: bool = False) -> str:
    """``text`` as an SNBT text component (1.21.5+).

    ``compound`` forces ``{text:…}`` even for plain text: list elements (``extra``, sign messages,
    lore) are always compounds so that each list stays homogeneous.

    >>> text_snbt(Text("♥Q", color="red", italic=False))
    '{text:"♥Q",color:"red",italic:false}'
    >>> text_snbt(Text("a\\nb"))
    '"a\\\\nb"'
    """
    if _is_bare(text) and not compound:
        return _snbt(text.text)
    return _snbt_object(text)


def _snbt_object(text: Text) -> str:
    parts = ["text:" + _snbt(text.text)]
    for key, literal in _styles(text):
        parts.append(f"{key}:" + (_snbt(literal) if key == "color" else literal))
    if text.click is not None:
        command = check_click_command(text.click.command)
        parts.append(f"click_event:{{action:{_snbt(text.click.action.value)},command:{_snbt(command)}}}")
    if text.hover is not None:
        parts.append('hover_event:{action:"show_text",value:' + text_snbt(text.hover) + "}")
    if text.extra:
        parts.append("extra:[" + ",".join(_snbt_object(part) for part in text.extra) + "]")
    return "{" + ",".join(parts) + "}"
