"""Rebuild ``world-<version>.json.gz`` from an unpacked ``minecraft-data`` npm package.

Usage: ``python -m dfg_bridge.sim.data.slice_world <package>/minecraft-data/data``. Keeps, per version, the
en_us texts the world model prints (command feedback, container, chat and join/leave texts, game modes,
death messages), item names and stack sizes, and entity type names.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

VERSIONS = (
    "1.20.5",
    "1.21.1",
    "1.21.3",
    "1.21.4",
    "1.21.5",
    "1.21.6",
    "1.21.8",
    "1.21.9",
    "1.21.11",
    "26.1",
)
PREFIXES = (
    "commands.",
    "container.",
    "chat.type.",
    "multiplayer.player.",
    "multiplayer.disconnect.",
    "disconnect.",
    "death.attack.",
    "gameMode.",
    "argument.entity.notfound.",
    "argument.player.",
    "argument.scoreHolder.",
    "arguments.objective.",
    "arguments.nbtpath.",
    "command.",
    "permissions.requires.",
    "argument.entity.",
    "clear.",
    "arguments.item.",
    "argument.id.",
    "argument.block.",
    "team.notFound",
    "effect.minecraft.",
)


def slice_version(data: Path, version: str) -> dict[str, Any]:
    """The kept slice of one version."""
    paths = json.loads((data / "dataPaths.json").read_text("utf-8"))["pc"][version]

    def load(kind: str) -> Any:
        return json.loads((data / paths[kind] / f"{kind}.json").read_text("utf-8"))

    lang = {k: v for k, v in load("language").items() if k.startswith(PREFIXES)}
    items = {i["name"]: [i["displayName"], i["stackSize"]] for i in load("items")}
    entities = {e["name"]: e["displayName"] for e in load("entities")}
    return {"lang": lang, "items": items, "entities": entities}


def main(argv: list[str]) -> int:
    """Write the slices next to this file."""
    data = Path(argv[0])
    out = Path(__file__).parent
    for version in VERSIONS:
        body = json.dumps(
            slice_version(data, version), ensure_ascii=False, sort_keys=True, separators=(",", ":")
        )
        with gzip.GzipFile(out / f"world-{version}.json.gz", "wb", mtime=0) as fh:
            fh.write(body.encode("utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
