"""The moves ``strong``'s search compares (候補手): few, and the ones worth the playouts.

The ``normal`` heuristic's choice comes first (the search keeps it unless another is clearly better),
then the learned policy's favourites, the melds of the hand's best split and the weakest plays, up to
:attr:`~.search.Settings.max_candidates`; a pass is always compared when it is legal.
"""

from __future__ import annotations

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cpu.heuristic import normal_play
from dfg_bridge.engine.cpu.policy import Policy
from dfg_bridge.engine.cpu.search import Settings
from dfg_bridge.engine.cpu.splits import split
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.moves import K_PASS, PASS, Move, move_strength
from dfg_bridge.engine.round import Round


def candidates(
    view: View,
    acts: list[Action],
    plays: list[tuple[Move, Play]],
    passing: Pass | None,
    world: Round | None,
    *,
    settings: Settings,
    ranker: Policy | None = None,
) -> list[tuple[Move, Action]]:
    """The heuristic's choice first, then the ranker's favourites in ``world`` (a deal, when given),
    the melds of the best split, then the weakest plays."""
    o = view.outlook
    favourite = normal_play(view, acts)
    out: list[tuple[Move, Action]] = []
    seen: set[tuple[int, int, int]] = set()

    def add(m: Move, a: Action) -> None:
        k = (m[0], m[1], m[6]) if len(m) > 6 else (m[0], 0, 0)
        if k not in seen and len(out) < settings.max_candidates:
            seen.add(k)
            out.append((m, a))

    if isinstance(favourite, Pass):
        add(PASS, favourite)
    else:
        for m, a in plays:
            if a == favourite:
                add(m, a)
    if world is not None and ranker is not None:
        by_key = {(m[0], m[1], m[6]): (m, a) for m, a in plays}
        taken = 0
        for m in ranker.ranked(world, world.moves(), view.rules):
            if taken >= settings.learned_candidates:
                break
            if m[0] == K_PASS:
                if passing is not None:
                    add(PASS, passing)
                    taken += 1
                continue
            found = by_key.get((m[0], m[1], m[6]))
            if found is not None:
                add(*found)
                taken += 1
    split_masks = {(m[0], m[1]) for m in split(view.hand, o).melds}
    for m, a in plays:
        if (m[0], m[1]) in split_masks:
            add(m, a)
    for m, a in sorted(plays, key=lambda p: (p[0][2], move_strength(p[0], o.inverted), -p[0][3])):
        add(m, a)
    if passing is not None and not any(isinstance(a, Pass) for _, a in out):
        out.append((PASS, passing))  # beyond the cap: passing is always worth comparing
    return out
