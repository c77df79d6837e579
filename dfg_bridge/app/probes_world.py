"""``check`` probes of the world (ワールド): are the custody lockers out of every player's reach?

``locker area enclosed``: every side of the one-block shell around ``custody.locker`` is bedrock (or
barrier), tested with a few ``execute if blocks`` per side (:func:`~.lockers.open_faces`).
``lockers locked``: the first locker carries a lock (``Lock``/``lock``). Before the lockers are placed
(``dfg-bridge setup``, or ``dfg-bridge run`` at start) both are warnings with that hint.
"""

from __future__ import annotations

from collections.abc import Iterator

from dfg_bridge.app.lockers import LockerBox, has_locker, is_locked, open_faces
from dfg_bridge.app.probes import CheckState, Probe, Status
from dfg_bridge.rcon import RconError

ENCLOSED = "locker area enclosed"
LOCKED = "lockers locked"
_SETUP = "run dfg-bridge setup (dfg-bridge run also does it when it starts)"


def locker_probes(state: CheckState) -> Iterator[Probe]:
    """``locker area enclosed`` and ``lockers locked``."""
    d = state.dialect
    if not state.rcon_up or state.client is None or d is None:
        why = "needs RCON" if not state.rcon_up else "needs the server version"
        yield Probe(ENCLOSED, Status.SKIP, why)
        yield Probe(LOCKED, Status.SKIP, why)
        return
    box_config = state.config.custody.locker
    box = LockerBox.spanning(box_config.corner1, box_config.corner2)
    where = f"{list(box.low)}..{list(box.high)}"
    try:
        if not has_locker(state.client, d, box):
            yield Probe(ENCLOSED, Status.WARN, f"no lockers at {where} yet", _SETUP)
            yield Probe(LOCKED, Status.SKIP, "no lockers yet")
            return
        sides = open_faces(state.client, d, box)
        locked = is_locked(state.client, d, box.low)
    except RconError as exc:
        yield Probe(ENCLOSED, Status.FAIL, f"RCON: {exc}", "check the server console for errors")
        return
    if sides:
        yield Probe(
            ENCLOSED,
            Status.FAIL,
            f"{where}: the {', '.join(sides)} side(s) of its shell are not all bedrock: "
            "a player can dig in, or a hopper can drain a locker",
            _SETUP + "; it seals custody.locker in bedrock",
        )
    else:
        yield Probe(ENCLOSED, Status.PASS, f"{where}, sealed in bedrock")
    if locked:
        yield Probe(LOCKED, Status.PASS, "no held item opens them")
    else:
        yield Probe(LOCKED, Status.FAIL, "the lockers have no lock: whoever reaches one opens it", _SETUP)


__all__ = ["ENCLOSED", "LOCKED", "locker_probes"]
