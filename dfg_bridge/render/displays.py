"""Scoreboard, bossbar and team commands (サイドバー・ボスバー・チーム)."""

from __future__ import annotations

import enum

from dfg_bridge.model.text import Text
from dfg_bridge.render.base import DialectBase
from dfg_bridge.render.errors import RenderError


class TeamColor(enum.StrEnum):
    """The 16 team colours; each has its own sidebar slot ``sidebar.team.<colour>``."""

    BLACK = "black"
    """黒"""
    DARK_BLUE = "dark_blue"
    """濃い青"""
    DARK_GREEN = "dark_green"
    """濃い緑"""
    DARK_AQUA = "dark_aqua"
    """濃い水色"""
    DARK_RED = "dark_red"
    """濃い赤"""
    DARK_PURPLE = "dark_purple"
    """紫"""
    GOLD = "gold"
    """金"""
    GRAY = "gray"
    """灰"""
    DARK_GRAY = "dark_gray"
    """濃い灰"""
    BLUE = "blue"
    """青"""
    GREEN = "green"
    """緑"""
    AQUA = "aqua"
    """水色"""
    RED = "red"
    """赤"""
    LIGHT_PURPLE = "light_purple"
    """薄紫"""
    YELLOW = "yellow"
    """黄"""
    WHITE = "white"
    """白"""


class BossbarColor(enum.StrEnum):
    """Bossbar colours."""

    PINK = "pink"
    """Pink."""
    BLUE = "blue"
    """Blue."""
    RED = "red"
    """Red."""
    GREEN = "green"
    """Green."""
    YELLOW = "yellow"
    """Yellow."""
    PURPLE = "purple"
    """Purple."""
    WHITE = "white"
    """White."""


class BossbarStyle(enum.StrEnum):
    """Bossbar styles (segments)."""

    PROGRESS = "progress"
    """One continuous bar."""
    NOTCHED_6 = "notched_6"
    """Six segments."""
    NOTCHED_10 = "notched_10"
    """Ten segments."""
    NOTCHED_12 = "notched_12"
    """Twelve segments."""
    NOTCHED_20 = "notched_20"
    """Twenty segments."""


class DisplaySlot(enum.StrEnum):
    """Fixed scoreboard display slots; per-team sidebars come from :func:`team_sidebar`."""

    SIDEBAR = "sidebar"
    """The right-hand sidebar, for everyone without a team sidebar."""
    LIST = "list"
    """The tab list."""
    BELOW_NAME = "below_name"
    """Under name tags."""


def team_sidebar(color: TeamColor) -> str:
    """The display slot ``sidebar.team.<colour>``: shown only to members of a team of that colour."""
    return f"sidebar.team.{TeamColor(color).value}"


class DisplayCommands(DialectBase):
    """Objectives, scores, bossbars and teams."""

    # --- scoreboard objectives ------------------------------------------------------------------
    def objective_add(self, name: str, *, trigger: bool = False, display: Text | None = None) -> str:
        """``scoreboard objectives add <name> dummy|trigger [<display>]``."""
        cmd = f"scoreboard objectives add {self.name(name, 'objective')} {'trigger' if trigger else 'dummy'}"
        return cmd if display is None else f"{cmd} {self.arg_text(display)}"

    def objective_remove(self, name: str) -> str:
        """``scoreboard objectives remove <name>``."""
        return f"scoreboard objectives remove {self.name(name, 'objective')}"

    def set_display(self, slot: DisplaySlot | str, objective: str | None) -> str:
        """``scoreboard objectives setdisplay <slot> [<objective>]``; ``None`` clears the slot.

        ``slot`` is a :class:`DisplaySlot` or :func:`team_sidebar`'s result.
        """
        slot_name = str(slot)
        valid = {s.value for s in DisplaySlot} | {f"sidebar.team.{c.value}" for c in TeamColor}
        if slot_name not in valid:
            raise RenderError("bad_slot", f"not a display slot: {slot_name!r}")
        cmd = f"scoreboard objectives setdisplay {slot_name}"
        return cmd if objective is None else f"{cmd} {self.name(objective, 'objective')}"

    def objective_display_name(self, name: str, display: Text) -> str:
        """``scoreboard objectives modify <name> displayname <text>`` (the sidebar title)."""
        obj = self.name(name, "objective")
        return f"scoreboard objectives modify {obj} displayname {self.arg_text(display)}"

    def objective_number_format_blank(self, name: str) -> str:
        """``scoreboard objectives modify <name> numberformat blank`` (hide the red numbers)."""
        return f"scoreboard objectives modify {self.name(name, 'objective')} numberformat blank"

    def objective_render_type(self, name: str, *, hearts: bool = False) -> str:
        """``scoreboard objectives modify <name> rendertype integer|hearts``."""
        kind = "hearts" if hearts else "integer"
        return f"scoreboard objectives modify {self.name(name, 'objective')} rendertype {kind}"

    # --- scores ---------------------------------------------------------------------------------
    def score_set(self, holder: str, objective: str, value: int) -> str:
        """``scoreboard players set <holder> <objective> <value>``."""
        if not -(2**31) <= value < 2**31:
            raise RenderError("bad_number", f"score out of int range: {value}")
        obj = self.name(objective, "objective")
        return f"scoreboard players set {self.score_holder(holder)} {obj} {value}"

    def score_reset(self, holder: str, objective: str | None = None) -> str:
        """``scoreboard players reset <holder> [<objective>]``."""
        cmd = f"scoreboard players reset {self.score_holder(holder)}"
        return cmd if objective is None else f"{cmd} {self.name(objective, 'objective')}"

    def score_get(self, holder: str, objective: str) -> str:
        """``scoreboard players get <holder> <objective>`` (reply ``Steve has 3 [dfg]``)."""
        return f"scoreboard players get {self.score_holder(holder)} {self.name(objective, 'objective')}"

    def trigger_enable(self, target: str, objective: str) -> str:
        """``scoreboard players enable <target> <objective>`` (allows one ``/trigger``)."""
        return f"scoreboard players enable {self.target(target)} {self.name(objective, 'objective')}"

    def score_display_name(self, holder: str, objective: str, display: Text | None) -> str:
        """``scoreboard players display name <holder> <objective> [<text>]`` (a sidebar line's text)."""
        obj = self.name(objective, "objective")
        cmd = f"scoreboard players display name {self.score_holder(holder)} {obj}"
        return cmd if display is None else f"{cmd} {self.arg_text(display)}"

    # --- bossbars -------------------------------------------------------------------------------
    def bossbar_add(self, bar_id: str, name: Text) -> str:
        """``bossbar add <id> <name>``."""
        return f"bossbar add {self.resource(bar_id, 'bossbar')} {self.arg_text(name)}"

    def bossbar_remove(self, bar_id: str) -> str:
        """``bossbar remove <id>``."""
        return f"bossbar remove {self.resource(bar_id, 'bossbar')}"

    def bossbar_name(self, bar_id: str, name: Text) -> str:
        """``bossbar set <id> name <text>``."""
        return f"bossbar set {self.resource(bar_id, 'bossbar')} name {self.arg_text(name)}"

    def bossbar_value(self, bar_id: str, value: int) -> str:
        """``bossbar set <id> value <n>``."""
        if value < 0:
            raise RenderError("bad_number", "bossbar value must not be negative")
        return f"bossbar set {self.resource(bar_id, 'bossbar')} value {value}"

    def bossbar_max(self, bar_id: str, maximum: int) -> str:
        """``bossbar set <id> max <n>`` (at least 1)."""
        if maximum < 1:
            raise RenderError("bad_number", "bossbar max must be at least 1")
        return f"bossbar set {self.resource(bar_id, 'bossbar')} max {maximum}"

    def bossbar_players(self, bar_id: str, target: str | None) -> str:
        """``bossbar set <id> players [<target>]``; ``None`` shows it to nobody."""
        cmd = f"bossbar set {self.resource(bar_id, 'bossbar')} players"
        return cmd if target is None else f"{cmd} {self.target(target)}"

    def bossbar_color(self, bar_id: str, color: BossbarColor) -> str:
        """``bossbar set <id> color <colour>``."""
        return f"bossbar set {self.resource(bar_id, 'bossbar')} color {BossbarColor(color).value}"

    def bossbar_visible(self, bar_id: str, visible: bool) -> str:
        """``bossbar set <id> visible true|false``."""
        return f"bossbar set {self.resource(bar_id, 'bossbar')} visible {'true' if visible else 'false'}"

    def bossbar_style(self, bar_id: str, style: BossbarStyle) -> str:
        """``bossbar set <id> style <style>``."""
        return f"bossbar set {self.resource(bar_id, 'bossbar')} style {BossbarStyle(style).value}"

    # --- teams ----------------------------------------------------------------------------------
    def team_add(self, team: str, display: Text | None = None) -> str:
        """``team add <team> [<display>]``."""
        cmd = f"team add {self.name(team, 'team')}"
        return cmd if display is None else f"{cmd} {self.arg_text(display)}"

    def team_remove(self, team: str) -> str:
        """``team remove <team>``."""
        return f"team remove {self.name(team, 'team')}"

    def team_prefix(self, team: str, prefix: Text) -> str:
        """``team modify <team> prefix <text>`` (e.g. 【大富豪】 before member names)."""
        return f"team modify {self.name(team, 'team')} prefix {self.arg_text(prefix)}"

    def team_suffix(self, team: str, suffix: Text) -> str:
        """``team modify <team> suffix <text>``."""
        return f"team modify {self.name(team, 'team')} suffix {self.arg_text(suffix)}"

    def team_color(self, team: str, color: TeamColor) -> str:
        """``team modify <team> color <colour>`` (also picks the team's sidebar slot)."""
        return f"team modify {self.name(team, 'team')} color {TeamColor(color).value}"

    def team_join(self, team: str, member: str) -> str:
        """``team join <team> <member>``: one name or selector (the argument is a single score holder)."""
        return f"team join {self.name(team, 'team')} {self.score_holder(member)}"

    def team_leave(self, member: str) -> str:
        """``team leave <member>``: one name or selector."""
        return f"team leave {self.score_holder(member)}"

    @staticmethod
    def team_members(team: str) -> str:
        """The selector ``@a[team=<team>]``: the online members of a team.

        >>> DisplayCommands.team_members("dfg")
        '@a[team=dfg]'
        """
        return f"@a[team={DialectBase.name(team, 'team')}]"
