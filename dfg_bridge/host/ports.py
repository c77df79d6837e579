"""The host's ports (ポート): the small interfaces it talks to the server through.

The host never imports ``rcon/``, ``render/``, ``sources/`` or ``sim/``. It sends command strings to a
:class:`CommandSink` (the RCON client in the daemon, anything with ``run`` in tests), builds those
strings with a :class:`CommandRenderer` (``render.Dialect`` satisfies it structurally), reads messages
through a :class:`MessageCatalog`, and schedules timers through a :class:`Scheduler`. The composition
root (``app/run.py``) plugs the real parts in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from dfg_bridge.host.checkports import CheckRenderer
from dfg_bridge.model.dialog import DialogButton
from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.model.text import Text


class CommandSink(Protocol):
    """Runs one server command and returns the server's reply text (raises when the link is down)."""

    def run(self, command: str) -> str:
        """Send ``command`` (no leading ``/``) and return the reply."""
        ...


class MessageCatalog(Protocol):
    """Localized message texts with ``{placeholders}``; never raises on a missing key or placeholder."""

    def get(self, key: str, lang: str | None = None, /, **params: object) -> str:
        """The message ``key`` in ``lang`` (the default language when ``None``) with ``params`` filled in."""
        ...


class TimerHandle(Protocol):
    """A scheduled timer; ``cancel`` is idempotent."""

    def cancel(self) -> None:
        """Stop the timer if it has not fired."""
        ...


class Scheduler(Protocol):
    """Runs ``callback`` once after ``delay`` seconds on some thread; callbacks only enqueue events."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Schedule ``callback``."""
        ...


class CommandRenderer(CheckRenderer, Protocol):
    """The command builders the host uses; each returns one command string.

    Signatures mirror ``dfg_bridge.render.Dialect`` so that it satisfies this protocol as it is.
    """

    # chat
    def tellraw(self, target: str, text: Text) -> str:
        """``tellraw <target> <text>``."""
        ...

    def actionbar(self, target: str, text: Text) -> str:
        """``title <target> actionbar <text>``."""
        ...

    # items
    def item_to_player(self, target: str, slot: str, spec: ItemSpec) -> str:
        """``item replace entity <target> <slot> with <item> <count>``."""
        ...

    def give(self, target: str, spec: ItemSpec) -> str:
        """``give <target> <item> <count>``."""
        ...

    def clear(self, target: str, predicate: str | None = None, max_count: int | None = None) -> str:
        """``clear <target> <predicate> [<max>]`` (our items by default)."""
        ...

    def empty_player_slot(self, target: str, slot: str) -> str:
        """``item replace entity <target> <slot> with air``."""
        ...

    def empty_block_slot(self, pos: BlockPos, slot: str) -> str:
        """``item replace block <pos> <slot> with air``."""
        ...

    def copy_player_to_block(self, player: str, player_slot: str, pos: BlockPos, slot: str) -> str:
        """``item replace block <pos> <slot> from entity <player> <player_slot>``."""
        ...

    def copy_block_to_player(self, pos: BlockPos, slot: str, player: str, player_slot: str) -> str:
        """``item replace entity <player> <player_slot> from block <pos> <slot>``."""
        ...

    def read_container(self, pos: BlockPos) -> str:
        """``data get block <pos> Items``."""
        ...

    def read_entity(self, target: str, path: str | None = None) -> str:
        """``data get entity <target> [<path>]``."""
        ...

    # scoreboard
    def objective_add(self, name: str, *, trigger: bool = False, display: Text | None = None) -> str:
        """``scoreboard objectives add <name> dummy|trigger [<display>]``."""
        ...

    def objective_remove(self, name: str) -> str:
        """``scoreboard objectives remove <name>``."""
        ...

    def set_display(self, slot: str, objective: str | None) -> str:
        """``scoreboard objectives setdisplay <slot> [<objective>]``."""
        ...

    def objective_display_name(self, name: str, display: Text) -> str:
        """``scoreboard objectives modify <name> displayname <text>``."""
        ...

    def objective_number_format_blank(self, name: str) -> str:
        """``scoreboard objectives modify <name> numberformat blank``."""
        ...

    def score_set(self, holder: str, objective: str, value: int) -> str:
        """``scoreboard players set <holder> <objective> <value>``."""
        ...

    def score_reset(self, holder: str, objective: str | None = None) -> str:
        """``scoreboard players reset <holder> [<objective>]``."""
        ...

    def score_get(self, holder: str, objective: str) -> str:
        """``scoreboard players get <holder> <objective>``."""
        ...

    def trigger_enable(self, target: str, objective: str) -> str:
        """``scoreboard players enable <target> <objective>``."""
        ...

    def score_display_name(self, holder: str, objective: str, display: Text | None) -> str:
        """``scoreboard players display name <holder> <objective> [<text>]``."""
        ...

    # bossbar
    def bossbar_add(self, bar_id: str, name: Text) -> str:
        """``bossbar add <id> <name>``."""
        ...

    def bossbar_remove(self, bar_id: str) -> str:
        """``bossbar remove <id>``."""
        ...

    def bossbar_name(self, bar_id: str, name: Text) -> str:
        """``bossbar set <id> name <text>``."""
        ...

    def bossbar_value(self, bar_id: str, value: int) -> str:
        """``bossbar set <id> value <n>``."""
        ...

    def bossbar_max(self, bar_id: str, maximum: int) -> str:
        """``bossbar set <id> max <n>``."""
        ...

    def bossbar_players(self, bar_id: str, target: str | None) -> str:
        """``bossbar set <id> players [<target>]``."""
        ...

    def bossbar_visible(self, bar_id: str, visible: bool) -> str:
        """``bossbar set <id> visible true|false``."""
        ...

    # teams
    def team_add(self, team: str, display: Text | None = None) -> str:
        """``team add <team> [<display>]``."""
        ...

    def team_remove(self, team: str) -> str:
        """``team remove <team>``."""
        ...

    def team_prefix(self, team: str, prefix: Text) -> str:
        """``team modify <team> prefix <text>``."""
        ...

    def team_color(self, team: str, color: Any) -> str:
        """``team modify <team> color <colour>`` (``color`` is a colour name)."""
        ...

    def team_join(self, team: str, member: str) -> str:
        """``team join <team> <member>``."""
        ...

    def team_leave(self, member: str) -> str:
        """``team leave <member>``."""
        ...

    # entities
    def set_display_text(self, entity: str, text: Text) -> str:
        """``data merge entity <entity> {text:…}``."""
        ...

    def ride_mount(self, target: str, vehicle: str) -> str:
        """``ride <target> mount <vehicle>``."""
        ...

    def ride_dismount(self, target: str) -> str:
        """``ride <target> dismount``."""
        ...

    def teleport(self, target: str, pos: Vec3, yaw: float | None = None, pitch: float | None = None) -> str:
        """``tp <target> <pos> [<yaw> <pitch>]``."""
        ...

    def teleport_to_spawn(self, target: str) -> str:
        """``tp <target> ~0.5 ~ ~0.5`` (relative to the console's position: the world spawn)."""
        ...

    # what the host needs beyond the shared builders
    def store_result_score(self, holder: str, objective: str, command: str) -> str:
        """``execute store result score <holder> <objective> run <command>``."""
        ...

    def list_players(self) -> str:
        """``list uuids`` (reply: ``There are N of a max of M players online: A (uuid), …``)."""
        ...

    def at(self, target: str, command: str) -> str:
        """``execute at <target> run <command>`` (where and in which dimension the target is)."""
        ...

    def unless_items(self, target: str, slot: str, command: str) -> str:
        """``execute unless items entity <target> <slot> * run <command>`` (1.20.5+)."""
        ...

    def game_mode(self, target: str, mode: str) -> str:
        """``gamemode <mode> <target>``."""
        ...

    def team_members(self, team: str) -> str:
        """The selector ``@a[team=<team>]`` (online members of a team)."""
        ...

    def tagged(self, tag: str, *, kind: str | None = None, single: bool = False) -> str:
        """A selector for our entities: ``@e[type=<kind>,tag=<tag>,limit=1]``."""
        ...

    def trigger_command(self, objective: str, value: int) -> str:
        """The click command ``/trigger <objective> set <value>`` (with its slash, for click events)."""
        ...

    # the hand screen (dfg_bridge.host.handscreen)
    has_dialog: bool
    """Whether the server has the ``dialog`` command (1.21.6+)."""

    def tellraw_lines(self, target: str, parts: Sequence[Text]) -> list[str]:
        """As few ``tellraw`` commands as fit ``parts`` in order, each within one RCON request."""
        ...

    def tellraw_after(self, lines: Sequence[Text], command: str) -> str | None:
        """One ``tellraw`` with ``lines`` before the message of ``command`` (``None``: not possible)."""
        ...

    def tellraw_packed(self, target: str, lines: Sequence[Text]) -> list[str]:
        """``lines``, one chat line each, in as few ``tellraw`` commands as fit (a line too long alone
        gets its own command)."""
        ...

    def item_id(self, item: str) -> str:
        """The namespaced id read-backs show for ``item`` (``chain`` is ``iron_chain`` on 1.21.9+)."""
        ...

    def item_to_block(self, pos: BlockPos, slot: str, spec: ItemSpec) -> str:
        """``item replace block <pos> <slot> with <item> <count>``."""
        ...

    def clear_container(self, pos: BlockPos) -> str:
        """``data merge block <pos> {Items:[]}``."""
        ...

    def our_items_except(self, tag: str) -> str:
        """The item predicate for our items except those tagged ``tag`` (spares the key book)."""
        ...

    def our_dropped_items(self) -> str:
        """A selector for item entities carrying our ``custom_data`` (thrown cards or keys)."""
        ...

    def kill(self, entities: str) -> str:
        """``kill <entities>`` (an ``@e[…]`` selector)."""
        ...

    def rekey_double_chest(
        self, a: BlockPos, b: BlockPos, facing: str, *, key_name: str, key_tag: str, title: Text | None = None
    ) -> tuple[str, str, str, str]:
        """Re-place a double chest (closing it for anyone viewing it), locked to a new key."""
        ...

    # the hand screen's watch (dfg_bridge.host.handscreen.watch), keys and reclaiming
    lock_predicate: bool
    """Whether container locks are item predicates (1.21.2+) rather than names."""

    def set_lock(self, pos: BlockPos, name: str, tag: str) -> str:
        """``data merge block <pos> {Lock|lock:…}``: re-key a container in place."""
        ...

    def container_title(self, pos: BlockPos, title: Text) -> str:
        """``data merge block <pos> {CustomName:…}``."""
        ...

    def dialog_show(
        self,
        target: str,
        title: Text,
        buttons: Sequence[DialogButton],
        *,
        body: Text | None = None,
        columns: int = 2,
        exit_label: Text | None = None,
    ) -> str:
        """``dialog show <target> {type:"minecraft:multi_action",…}`` (1.21.6+)."""
        ...
