"""Player statistics as scoreboard criteria (統計): ``minecraft.custom:minecraft.open_chest`` and kin.

Vanilla keeps per-player statistics and mirrors each into every objective whose criterion names it
(``ServerStatsCounter.setValue`` → ``Scoreboard.forAllObjectives(stat, …, score.add(n))``): an
objective created with ``scoreboard objectives add dfg_oc minecraft.custom:minecraft.open_chest``
counts, per player, how often they opened a chest. Which use awards which statistic (decompiled
``net.minecraft.world.level.block`` 1.20.5–1.21.11):

* ``ChestBlock.useWithoutItem``: ``getMenuProvider`` is ``null`` for a chest whose lid is blocked
  (no statistic); otherwise ``player.openMenu(provider)`` then ``player.awardStat(getOpenChestStat())``
  whether or not the menu opened, so trying a **locked** chest counts too (the lock refuses inside
  ``BaseContainerBlockEntity.createMenu``). ``TrappedChestBlock.getOpenChestStat`` is
  ``trigger_trapped_chest``. Paper patches the chest to award it only when ``openMenu(...)`` opened
  a menu ("Paper - Fix InventoryOpenEvent cancellation"), so a locked chest does not count there.
* ``EnderChestBlock.useWithoutItem``: ``open_enderchest`` when it opens (a blocked lid opens nothing).
* ``BarrelBlock``: ``open_barrel``; ``ShulkerBoxBlock``: ``open_shulker_box`` (when its lid can open).
* Spectators: ``ServerPlayerGameMode.useItemOn`` opens the block's menu directly for a spectator and
  never calls the block's ``useWithoutItem``, so no statistic is awarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.sim.world.scoreboard import Score

if TYPE_CHECKING:
    from dfg_bridge.sim.world import World
    from dfg_bridge.sim.world.entities import Player

__all__ = ["OPEN_STATS", "award", "criterion", "open_stat"]

OPEN_STATS = {
    "minecraft:chest": "open_chest",
    "minecraft:trapped_chest": "trigger_trapped_chest",
    "minecraft:barrel": "open_barrel",
    "minecraft:ender_chest": "open_enderchest",
}
"""The ``minecraft.custom`` statistic each container block awards when used (shulker boxes below)."""


def criterion(stat: str) -> str:
    """The objective criterion of custom statistic ``stat``: ``minecraft.custom:minecraft.<stat>``."""
    return f"minecraft.custom:minecraft.{stat}"


def open_stat(block_id: str) -> str | None:
    """The statistic opening ``block_id`` awards, if any."""
    if block_id.endswith("shulker_box"):
        return "open_shulker_box"
    return OPEN_STATS.get(block_id)


def award(world: World, player: Player, stat: str, amount: int = 1, *, wanted: str | None = None) -> None:
    """``Player.awardStat``: add ``amount`` to the player's score in every objective counting ``stat``.

    ``wanted``: another statistic's criterion (``minecraft.used:minecraft.written_book``).
    """
    wanted = wanted or criterion(stat)
    for objective in world.objectives.values():
        if objective.criterion == wanted:
            score = objective.scores.setdefault(player.name, Score(value=0, locked=False))
            score.value += amount
