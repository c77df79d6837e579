"""Re-create the vendored data slices from an unpacked ``minecraft-data`` npm package (開発用ツール).

Run ``python -m dfg_bridge.sim.grammar.slice_data /tmp/package/minecraft-data/data`` after
``npm pack minecraft-data && tar xzf minecraft-data-*.tgz``. It writes, under ``data/``:

- ``commands-<v>.json.gz``: the Brigadier tree of ``pc/<v>/commands.json`` in a compact list form
  ``[kind, name, executable, redirect, parser, modifier, children]`` (examples dropped);
- ``registries-<v>.json.gz``: ids of items (with stack sizes and durabilities), blocks (with their state
  properties), entity types, enchantments, mob effects, particles, biomes, attributes (1.20.5 takes
  1.21.1's list), and the item data-component names (from ``proto.yml``);
- ``messages.json``: the en_us texts of the error keys the grammar prints, per tree version.

Not imported at run time.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path
from typing import Any

TREE_VERSIONS = ("1.20.5", "1.21.5", "1.21.6")
REGISTRY_VERSIONS = (
    "1.20.5", "1.21.1", "1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.8", "1.21.9", "1.21.11",
)
MESSAGE_PREFIXES = ("argument.", "arguments.", "parsing.", "command.", "snbt.", "slot.")
OUT = Path(__file__).resolve().parent / "data"


def _compact(node: dict[str, Any]) -> list[Any]:
    parser = node.get("parser") or {}
    return [
        "l" if node["type"] == "literal" else "a",
        node["name"],
        1 if node["executable"] else 0,
        node["redirects"] or None,
        parser.get("parser"),
        parser.get("modifier"),
        [_compact(child) for child in node["children"]],
    ]


def _write_gz(path: Path, value: object) -> None:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False).encode("utf-8")
    # mtime=0 keeps the bytes reproducible.
    path.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


def _components(proto: str) -> list[str]:
    match = re.search(r"SlotComponentType: varint =>\n((?:\s+- \S+\n)+)", proto)
    if match is None:
        raise SystemExit("SlotComponentType not found in proto.yml")
    return re.findall(r"- (\S+)", match.group(1))


def _attributes(pc: Path, where: dict[str, str]) -> list[dict[str, str]]:
    # 1.20.5 points at the 1.17 list, which lacks its attributes; take 1.21.1's (still prefixed, a small
    # superset: 1.21 added a few) rather than leave them unchecked.
    path = where.get("attributes", "")
    if not path or tuple(int(p) for p in path.split("/")[-1].split(".")[:2]) < (1, 21):
        path = "pc/1.21.1"
    result: list[dict[str, str]] = json.loads((pc.parent / path / "attributes.json").read_text("utf-8"))
    return result


def _registries(pc: Path, version: str, paths: dict[str, Any]) -> dict[str, Any]:
    def load(kind: str) -> Any:
        where = paths[version].get(kind)
        if where is None:
            return []
        file = pc.parent / where / f"{kind}.json"
        return json.loads(file.read_text(encoding="utf-8")) if file.exists() else []

    blocks = {}
    for block in load("blocks"):
        props = {}
        for state in block.get("states", []):
            if state["type"] == "bool":
                props[state["name"]] = ["true", "false"]
            elif state["type"] == "int":
                props[state["name"]] = [str(v) for v in state["values"]]
            else:
                props[state["name"]] = list(state["values"])
        blocks[block["name"]] = props
    proto_where = paths[version]["proto"]
    proto = (pc.parent / proto_where / "proto.yml").read_text(encoding="utf-8")
    return {
        "item": sorted(i["name"] for i in load("items")),
        # Only the exceptions: every other item stacks to 64 and has no durability.
        "item_stack_size": {i["name"]: i["stackSize"] for i in load("items") if i["stackSize"] != 64},
        "item_durability": {i["name"]: i["maxDurability"] for i in load("items") if "maxDurability" in i},
        "block": blocks,
        "entity_type": sorted(e["name"] for e in load("entities")),
        "enchantment": sorted(e["name"] for e in load("enchantments")),
        # effects.json names are CamelCase ("MiningFatigue"); registry ids are snake_case.
        "mob_effect": sorted(re.sub(r"(?<!^)(?=[A-Z])", "_", e["name"]).lower() for e in load("effects")),
        "attribute": sorted(
            a["resource"].removeprefix("minecraft:") for a in _attributes(pc, paths[version])
        ),
        "particle_type": sorted(p["name"] for p in load("particles")),
        "worldgen/biome": sorted(b["name"] for b in load("biomes")),
        "data_component_type": _components(proto),
    }


def main(argv: list[str]) -> int:
    """Slice ``argv[0]`` (the package's ``data`` directory) into ``data/``."""
    root = Path(argv[0])
    pc = root / "pc"
    paths = json.loads((root / "dataPaths.json").read_text(encoding="utf-8"))["pc"]
    OUT.mkdir(exist_ok=True)
    messages: dict[str, dict[str, str]] = {}
    for version in TREE_VERSIONS:
        tree = json.loads((pc / version / "commands.json").read_text(encoding="utf-8"))
        _write_gz(OUT / f"commands-{version}.json.gz", [_compact(c) for c in tree["root"]["children"]])
        lang_file = pc.parent / paths[version]["language"] / "language.json"
        lang = json.loads(lang_file.read_text(encoding="utf-8"))
        messages[version] = {k: v for k, v in sorted(lang.items()) if k.startswith(MESSAGE_PREFIXES)}
    for version in REGISTRY_VERSIONS:
        _write_gz(OUT / f"registries-{version}.json.gz", _registries(pc, version, paths))
    (OUT / "messages.json").write_text(
        json.dumps(messages, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
