"""The dialect: every builder for one server version (方言), and :func:`dialect_for`."""

from __future__ import annotations

from functools import lru_cache

from dfg_bridge.render.books import BookCommands
from dfg_bridge.render.chat import ChatCommands
from dfg_bridge.render.control import ControlCommands
from dfg_bridge.render.displays import DisplayCommands
from dfg_bridge.render.items import ItemCommands
from dfg_bridge.render.version import Version
from dfg_bridge.render.watch import WatchCommands
from dfg_bridge.render.world import WorldCommands


class Dialect(
    ChatCommands, ItemCommands, BookCommands, DisplayCommands, WorldCommands, ControlCommands, WatchCommands
):
    """All command builders for one Minecraft version.

    Builders are methods that return one command string (no leading ``/``); they validate names and
    escape every piece of text, so any player-controlled string is safe to pass.

    >>> from dfg_bridge.model.text import Text
    >>> dialect_for("1.21.4").tellraw("Steve", Text("hi", color="gold"))
    'tellraw Steve {"text":"hi","color":"gold"}'
    >>> dialect_for("1.21.6").tellraw("Steve", Text("hi", color="gold"))
    'tellraw Steve {text:"hi",color:"gold"}'
    """


@lru_cache(maxsize=32)
def _cached(version: Version) -> Dialect:
    return Dialect(version)


def dialect_for(version: str | Version) -> Dialect:
    """The dialect for a release such as ``"1.21.4"`` (raises :class:`RenderError` before 1.20.5).

    >>> dialect_for("1.21.1").lock_predicate, dialect_for("1.21.2").lock_predicate
    (False, True)
    """
    parsed = version if isinstance(version, Version) else Version.parse(version)
    return _cached(parsed)
