"""Value readers shared by the text-component codec (DataFixerUpper-like checks and messages)."""

from __future__ import annotations

import re

__all__ = [
    "COLOR_NAMES",
    "ComponentError",
    "missing",
    "read_bool",
    "read_color",
    "read_float",
    "read_int",
    "read_map",
    "read_resource",
    "read_string",
    "show",
]

COLOR_NAMES = frozenset(
    (
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
    )
)
_RESOURCE = re.compile(r"(?:[a-z0-9_.\-]*:)?[a-z0-9_.\-/]*\Z")


class ComponentError(ValueError):
    """A value the component codec rejects; the message imitates DataFixerUpper's."""


def read_string(v: object, what: str) -> str:
    if isinstance(v, str):
        return v
    raise ComponentError(f"Not a string: {show(v)}")


def read_bool(v: object, what: str) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return v != 0
    raise ComponentError(f"Not a boolean: {show(v)}")


def read_int(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ComponentError(f"Not a number: {show(v)}")
    return int(v)


def read_float(v: object) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ComponentError(f"Not a number: {show(v)}")
    return float(v)


def read_map(v: object) -> dict[str, object]:
    if isinstance(v, dict):
        return v
    raise ComponentError(f"Not a map: {show(v)}")


def show(v: object) -> str:
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}:{show(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(show(x) for x in v) + "]"
    return str(v)


def missing(key: str, m: dict[str, object]) -> ComponentError:
    return ComponentError(f"No key {key} in MapLike[{show(m)}]")


def read_resource(v: object, what: str) -> str:
    s = read_string(v, what)
    if not _RESOURCE.match(s):
        raise ComponentError(f"Not a valid resource location: {s}")
    return s if ":" in s else "minecraft:" + s


def read_color(v: object) -> str:
    s = read_string(v, "color")
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
