"""Re-create the vendored data slices from an unpacked ``minecraft-data`` npm package (開発用ツール).

Run ``python -m dfg_bridge.sim.grammar.slice_data /tmp/package/minecraft-data/data`` after
``npm pack minecraft-data && tar xzf minecraft-data-*.tgz``. It writes, under ``data/``:

- ``commands-<v>.json.gz``: the Brigadier tree of ``pc/<v>/commands.json`` in a compact list form
  ``[kind, name, executable, redirect, parser, modifier, children]`` (examples dropped). minecraft-data
  ships no tree for 1.21.9–1.21.11 (it points them at 1.21.6's), so those two are *derived*: 1.21.6's
  tree with the root nodes whose history is known taken from 26.1's (see :data:`DERIVED_TREES`);
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

TREE_VERSIONS = ("1.20.5", "1.21.5", "1.21.6", "26.1")
"""Versions whose ``commands.json`` minecraft-data ships (1.21.1–1.21.4 use 1.20.5's, 1.21.8 1.21.6's)."""
DERIVED_TREES: dict[str, tuple[str, dict[str, str | None]]] = {
    # 1.21.9 (25w34a) added `fetchprofile name|id` (minecraft.wiki, Commands/fetchprofile; `entity` is 26.1).
    "1.21.9": ("1.21.6", {"fetchprofile": "drop:entity"}),
    # 1.21.11 renamed the game rules to snake_case registry ids (25w44a) and added `stopwatch` and
    # `execute if|unless stopwatch` (25w41a, minecraft.wiki, Commands/stopwatch).
    "1.21.11": ("1.21.9", {"gamerule": None, "stopwatch": None, "execute": "stopwatch"}),
}
"""Derived trees: ``version: (base tree, {root node: how})``. ``None`` takes 26.1's node whole,
``"drop:<child>"`` takes it without that child, ``"<child>"`` adds 26.1's ``if/unless <child>`` branches
to the base node. Every other node is the base tree's (the daemon sends none of those that changed)."""
REGISTRY_VERSIONS = (
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


def _with_children(node: list[Any], children: list[Any]) -> list[Any]:
    return [*node[:6], children]


def _derive(base: list[Any], newest: list[Any], how: dict[str, str | None]) -> list[Any]:
    """``base`` with the root nodes named in ``how`` changed after ``newest`` (see :data:`DERIVED_TREES`)."""
    new = {node[1]: node for node in newest}
    out = {node[1]: node for node in base}
    for name, rule in how.items():
        if rule is None:
            out[name] = new[name]
        elif rule.startswith("drop:"):
            out[name] = _with_children(new[name], [c for c in new[name][6] if c[1] != rule[5:]])
        else:
            branches = {c[1]: c for c in new[name][6]}
            children = []
            for child in out[name][6]:
                if child[1] in ("if", "unless"):
                    added = [c for c in branches[child[1]][6] if c[1] == rule]
                    children.append(_with_children(child, [*child[6], *added]))
                else:
                    children.append(child)
            out[name] = _with_children(out[name], children)
    return [out[name] for name in sorted(out)]


def main(argv: list[str]) -> int:
    """Slice ``argv[0]`` (the package's ``data`` directory) into ``data/``."""
    root = Path(argv[0])
    pc = root / "pc"
    paths = json.loads((root / "dataPaths.json").read_text(encoding="utf-8"))["pc"]
    OUT.mkdir(exist_ok=True)
    messages: dict[str, dict[str, str]] = {}
    trees: dict[str, list[Any]] = {}
    for version in TREE_VERSIONS:
        tree = json.loads((pc / version / "commands.json").read_text(encoding="utf-8"))
        trees[version] = [_compact(c) for c in tree["root"]["children"]]
    for version, (base, how) in DERIVED_TREES.items():
        trees[version] = _derive(trees[base], trees["26.1"], how)
    for version, tree_nodes in trees.items():
        _write_gz(OUT / f"commands-{version}.json.gz", tree_nodes)
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
