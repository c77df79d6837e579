"""Command rendering (コマンド生成): the only code that knows Minecraft command syntax.

Use :func:`dialect_for` with the server's version and call its builders; each returns one command
string. Text comes in as :class:`~dfg_bridge.model.text.Text`, items as
:class:`~dfg_bridge.model.items.ItemSpec`; escaping is done here, by :func:`json_string` and
:func:`snbt_string` only.
"""

from dfg_bridge.model.dialog import DialogButton
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.render.base import clockwise, fits, step
from dfg_bridge.render.control import GameRule
from dfg_bridge.render.dialect import Dialect, dialect_for
from dfg_bridge.render.displays import BossbarColor, BossbarStyle, DisplaySlot, TeamColor, team_sidebar
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.escape import json_string, snbt_string
from dfg_bridge.render.text import text_json, text_snbt
from dfg_bridge.render.version import DialectFamily, Version
from dfg_bridge.render.world import Billboard, LockKey, SignLine

__all__ = [
    "MAX_COMMAND_BYTES",
    "Billboard",
    "BlockPos",
    "BossbarColor",
    "BossbarStyle",
    "Dialect",
    "DialectFamily",
    "DialogButton",
    "DisplaySlot",
    "GameRule",
    "LockKey",
    "RenderError",
    "SignLine",
    "TeamColor",
    "Vec3",
    "Version",
    "clockwise",
    "dialect_for",
    "fits",
    "json_string",
    "snbt_string",
    "step",
    "team_sidebar",
    "text_json",
    "text_snbt",
]
