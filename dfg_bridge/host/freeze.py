"""Freezing a player (一時停止) while custody moves their items: spectator mode, recorded first.

Why spectator mode: it is the only vanilla game mode in which the server refuses every way a player
can move an item (decompiled 1.21.1 ``ServerGamePacketListenerImpl``): ``handleContainerClick``
answers a spectator with ``sendAllDataToRemote()`` and changes nothing (clicks, shift-clicks, number
keys, drags, Q in a screen); ``handlePlayerAction`` skips ``DROP_ITEM``, ``DROP_ALL_ITEMS`` and
``SWAP_ITEM_WITH_OFFHAND`` for spectators; recipe placement and creative slot packets are refused;
spectators pick nothing up and cannot die except by ``/kill`` or the void. The switch is one command,
applied on the server thread before the next packet, so it is atomic against the player. What a
spectator can still do — close a screen (the cursor and the crafting grid go back into the
inventory), disconnect (they are dropped), pick-block swaps within the hotbar — is covered by the
exact checks in :mod:`dfg_bridge.host.custody`.

The mode to restore is read from ``playerGameType`` and written to the ledger *before*
``gamemode spectator`` is sent, and deleted only once ``playerGameType`` reads back as that mode: a
crash, a server restart or a disconnect at any point leaves a record, and the player gets the mode
back at the next recovery or join. ``gamemode spectator`` also dismounts (``ServerPlayer.setGameMode``
calls ``stopRiding``), so nobody is frozen while seated.
"""

from __future__ import annotations

import re

from dfg_bridge.host.inventory import ReadError
from dfg_bridge.host.ledger import CustodyLedger
from dfg_bridge.host.ports import CommandRenderer, CommandSink

GAME_MODES = ("survival", "creative", "adventure", "spectator")
"""``playerGameType`` 0–3 (``GameType.getId``)."""
FROZEN = "spectator"

_MODE = re.compile(r" has the following entity data: (-?\d+)\s*$")


class Freezer:
    """Puts players in spectator mode and back, keeping the old mode in the ledger."""

    def __init__(self, sink: CommandSink, renderer: CommandRenderer, ledger: CustodyLedger) -> None:
        self._sink = sink
        self._r = renderer
        self.ledger = ledger

    def current_mode(self, player: str) -> str:
        """The player's game mode now; :class:`ReadError` when they are offline."""
        reply = self._sink.run(self._r.read_entity(player, "playerGameType"))
        match = _MODE.search(reply.strip())
        if not match or not 0 <= int(match.group(1)) < len(GAME_MODES):
            raise ReadError(reply)
        return GAME_MODES[int(match.group(1))]

    def mode_to_restore(self, player: str) -> str:
        """The recorded mode of a frozen player, else the current one (:class:`ReadError` if offline)."""
        recorded = self.ledger.frozen_mode(player)
        return recorded if recorded is not None else self.current_mode(player)

    def freeze(self, player: str, mode: str | None = None) -> None:
        """Record the mode to restore (unless one is recorded), then switch to spectator."""
        self.ledger.freeze(player, mode if mode is not None else self.mode_to_restore(player))
        self._sink.run(self._r.game_mode(player, FROZEN))

    def thaw(self, player: str) -> bool:
        """Give a frozen player their mode back; ``True`` when it verifiably is (or was never taken)."""
        mode = self.ledger.frozen_mode(player)
        if mode is None:
            return True
        self._sink.run(self._r.game_mode(player, mode))
        try:
            back = self.current_mode(player) == mode
        except ReadError:
            return False  # offline: thawed at their next join
        if back:
            self.ledger.thaw(player)
        return back
