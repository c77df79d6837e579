"""Freezing a player (一時停止) while custody moves their items: spectator mode, out of reach, recorded first.

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

Why out of reach: a spectator opens *locked* containers (``BaseContainerBlockEntity.canUnlock``
lets spectators through), and a menu opened then stays open after the mode is back — another seat's
hand chest or a locker. So the player is first moved straight up to :data:`FREEZE_Y`, above every
dimension's build height, where no container is within reach, and only then made a spectator; on the
way back the old mode is restored up there first and the player moved back second. A menu they had
open before is closed by the server once they are that far (``stillValid`` is checked every tick).

The teleports run ``at`` the player (their dimension) but *as* the console, so their feedback goes to
RCON, not into the player's chat. The mode and the place to restore are read from ``playerGameType``,
``Pos`` and ``Rotation`` and written to the ledger *before* anything is sent, and deleted only once
``playerGameType`` reads back as that mode: a crash, a server restart or a disconnect at any point
leaves a record, and the player is put back at the next recovery or join.
"""

from __future__ import annotations

from dfg_bridge.host.ledger import CustodyLedger, Frozen, Place
from dfg_bridge.host.ports import CommandRenderer, CommandSink
from dfg_bridge.replies.answers import entity_data, numbers
from dfg_bridge.replies.items import ReadError

GAME_MODES = ("survival", "creative", "adventure", "spectator")
"""``playerGameType`` 0–3 (``GameType.getId``)."""
FROZEN = "spectator"
FREEZE_Y = 400.0
"""Where frozen players wait: above the build height of every dimension (319 overworld, 255 others)."""


class Freezer:
    """Freezes players and puts them back, keeping what to restore in the ledger."""

    def __init__(self, sink: CommandSink, renderer: CommandRenderer, ledger: CustodyLedger) -> None:
        self._sink = sink
        self._r = renderer
        self.ledger = ledger

    def _read(self, player: str, path: str) -> str:
        reply = self._sink.run(self._r.read_entity(player, path))
        value = entity_data(reply)
        if value is None:
            raise ReadError(reply)
        return value

    def current_mode(self, player: str) -> str:
        """The player's game mode now; :class:`ReadError` when they are offline."""
        value = self._read(player, "playerGameType")
        if not value.lstrip("-").isdigit() or not 0 <= int(value) < len(GAME_MODES):
            raise ReadError(value)
        return GAME_MODES[int(value)]

    def observe(self, player: str) -> Frozen:
        """What to restore for this player: their recorded freeze, else their mode and place now."""
        recorded = self.ledger.frozen_entry(player)
        if recorded is not None:
            return recorded
        mode = self.current_mode(player)
        pos = numbers(self._read(player, "Pos"))
        rot = numbers(self._read(player, "Rotation"))
        if len(pos) != 3 or len(rot) != 2:
            raise ReadError(f"{pos} {rot}")
        place: Place = (pos[0], pos[1], pos[2], rot[0], rot[1])
        return Frozen(mode, place)

    def apply(self, player: str, frozen: Frozen) -> None:
        """Send the freeze (the ledger must hold ``frozen`` already): out of reach, then spectator."""
        if frozen.place is not None:
            x, _y, z, _yaw, _pitch = frozen.place
            self._sink.run(self._r.at(player, self._r.teleport(player, (x, FREEZE_Y, z))))
        self._sink.run(self._r.game_mode(player, FROZEN))

    def freeze(self, player: str) -> None:
        """Record what to restore (unless recorded), then freeze (:class:`ReadError` if offline)."""
        self.apply(player, self.ledger.freeze(player, self.observe(player)))

    def thaw(self, player: str) -> bool:
        """Put a frozen player back; ``True`` when their mode verifiably is back (or was never taken)."""
        frozen = self.ledger.frozen_entry(player)
        if frozen is None:
            return True
        self._sink.run(self._r.game_mode(player, frozen.mode))
        if frozen.place is not None:
            x, y, z, yaw, pitch = frozen.place
            self._sink.run(self._r.at(player, self._r.teleport(player, (x, y, z), yaw, pitch)))
        try:
            back = self.current_mode(player) == frozen.mode
        except ReadError:
            return False  # offline: put back at their next join
        if back:
            self.ledger.thaw(player)
        return back
