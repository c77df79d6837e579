"""Entity selectors (エンティティセレクター): ``@a[tag=dfg,limit=1]``, names and UUIDs.

Follows vanilla's ``EntitySelectorParser`` and ``EntitySelectorOptions``: which options may repeat or be
negated, the "isn't applicable here" rules, and each error's cursor.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dfg_bridge.sim.grammar.args.common import read_float_range, read_int_range, read_resource_location
from dfg_bridge.sim.grammar.args.selector_maps import read_advancement_map, read_score_map
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt import read_compound
from dfg_bridge.sim.grammar.values import EntitySelector, SelectorFilter, SelectorKind

__all__ = ["SelectorParser", "parse_uuid"]

_KINDS = {
    "p": SelectorKind.NEAREST_PLAYER,
    "a": SelectorKind.ALL_PLAYERS,
    "r": SelectorKind.RANDOM_PLAYER,
    "s": SelectorKind.SELF,
    "e": SelectorKind.ALL_ENTITIES,
    "n": SelectorKind.NEAREST_ENTITY,
}
_UUID = re.compile(r"[-+]?[0-9a-fA-F]{1,16}(?:-[-+]?[0-9a-fA-F]{1,16}){4}\Z")
GAME_MODES = ("survival", "creative", "adventure", "spectator")
SORTS = ("nearest", "furthest", "random", "arbitrary")
_WS = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
MAX = 2**31 - 1


def parse_uuid(text: str) -> str | None:
    """Java's ``UUID.fromString`` leniency (1–16 hex digits per group) → canonical form, or ``None``.

    >>> parse_uuid("0-0-0-0-1")
    '00000000-0000-0000-0000-000000000001'
    """
    if len(text) > 36 or not _UUID.match(text):
        return None
    try:
        parts = [int(p, 16) for p in text.split("-")]
    except ValueError:
        return None
    widths = (32, 16, 16, 16, 48)
    values = [p & ((1 << w) - 1) for p, w in zip(parts, widths, strict=True)]
    hexes = [f"{v:0{w // 4}x}" for v, w in zip(values, widths, strict=True)]
    return "-".join(hexes)


class SelectorParser:
    """One run of ``EntitySelectorParser`` over a reader; :meth:`parse` returns the selector."""

    __slots__ = (
        "advancements",
        "current_entity",
        "distance",
        "dx",
        "env",
        "filters",
        "gamemode_eq",
        "gamemode_ne",
        "includes_entities",
        "level",
        "limited",
        "max_results",
        "name_eq",
        "name_ne",
        "r",
        "rot_x",
        "rot_y",
        "scores",
        "sorted",
        "team_eq",
        "team_ne",
        "type_limited",
        "type_not",
        "x",
    )

    def __init__(self, r: StringReader, env: GrammarEnv) -> None:
        self.r = r
        self.env = env
        self.filters: list[SelectorFilter] = []
        self.max_results = 1
        self.includes_entities = True
        self.current_entity = False
        self.limited = self.sorted = self.type_limited = self.type_not = False
        self.name_eq = self.name_ne = self.gamemode_eq = self.gamemode_ne = False
        self.team_eq = self.team_ne = self.scores = self.advancements = False
        self.distance = self.level = self.rot_x = self.rot_y = False
        self.x: set[str] = set()
        self.dx: set[str] = set()

    # ------------------------------------------------------------------------------------------ top
    def parse(self) -> EntitySelector:
        """Parse a selector, a player name or a UUID at the cursor."""
        r = self.r
        start = r.cursor
        s = r.string
        if r.cursor < len(s) and s[r.cursor] == "@":
            r.cursor += 1
            kind = self._selector()
            return EntitySelector(kind, filters=tuple(self.filters), text=s[start : r.cursor])
        word = r.read_string()
        canonical = parse_uuid(word)
        if canonical is not None:
            self.includes_entities = True
            return EntitySelector(SelectorKind.UUID, uuid=canonical, text=s[start : r.cursor])
        if not word or len(word) > 16:
            r.cursor = start
            raise r.error(ErrorCode.SELECTOR, "argument.entity.invalid")
        self.includes_entities = False
        return EntitySelector(SelectorKind.PLAYER_NAME, name=word, text=s[start : r.cursor])

    def _selector(self) -> SelectorKind:
        r = self.r
        s = r.string
        if r.cursor >= len(s):
            raise r.error(ErrorCode.SELECTOR, "argument.entity.selector.missing")
        at = r.cursor
        c = s[at]
        r.cursor += 1
        kind = _KINDS.get(c)
        if kind is None or (kind is SelectorKind.NEAREST_ENTITY and not self.env.version.at_least(21)):
            r.cursor = at
            raise r.error(ErrorCode.SELECTOR, "argument.entity.selector.unknown", "@" + c)
        if c in "apr":
            self.type_limited = True
            self.includes_entities = False
        self.max_results = MAX if c in "ae" else 1
        self.current_entity = c == "s"
        if r.cursor < len(s) and s[r.cursor] == "[":
            r.cursor += 1
            self._options()
        return kind

    def _options(self) -> None:
        r = self.r
        s = r.string
        r.skip_whitespace()
        while r.cursor < len(s) and s[r.cursor] != "]":
            r.skip_whitespace()
            start = r.cursor
            name = r.read_string()
            handler = self._option(name, start)
            r.skip_whitespace()
            if r.cursor >= len(s) or s[r.cursor] != "=":
                r.cursor = start
                raise r.error(ErrorCode.SELECTOR, "argument.entity.options.valueless", name)
            r.cursor += 1
            r.skip_whitespace()
            handler()
            r.skip_whitespace()
            if r.cursor < len(s):
                if s[r.cursor] == ",":
                    r.cursor += 1
                    continue
                if s[r.cursor] != "]":
                    raise r.error(ErrorCode.SELECTOR, "argument.entity.options.unterminated")
                break
        if r.cursor < len(s):
            r.cursor += 1
        else:
            raise r.error(ErrorCode.SELECTOR, "argument.entity.options.unterminated")

    def _inapplicable(self, name: str, cursor: int | None = None) -> CommandSyntaxError:
        return self.r.error(ErrorCode.SELECTOR, "argument.entity.options.inapplicable", name, cursor=cursor)

    def _option(self, name: str, start: int) -> Callable[[], None]:
        entry = _OPTIONS.get(name)
        if entry is None:
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.unknown", name)
        usable, handler = entry
        if not usable(self):
            raise self._inapplicable(name)
        return lambda: handler(self)

    def _invert(self) -> bool:
        r = self.r
        r.skip_whitespace()
        if r.cursor < len(r.string) and r.string[r.cursor] == "!":
            r.cursor += 1
            r.skip_whitespace()
            return True
        return False

    def _add(self, option: str, value: object, negated: bool = False) -> None:
        self.filters.append(SelectorFilter(option, value, negated))

    # ------------------------------------------------------------------------------------------ options
    def _name(self) -> None:
        start = self.r.cursor
        neg = self._invert()
        value = self.r.read_string()
        if self.name_ne and not neg:
            self.r.cursor = start
            raise self._inapplicable("name")
        if neg:
            self.name_ne = True
        else:
            self.name_eq = True
        self._add("name", value, neg)

    def _distance(self) -> None:
        start = self.r.cursor
        rng = read_float_range(self.r)
        if (rng.min is not None and rng.min < 0) or (rng.max is not None and rng.max < 0):
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.distance.negative")
        self.distance = True
        self._add("distance", rng)

    def _level(self) -> None:
        start = self.r.cursor
        rng = read_int_range(self.r)
        if (rng.min is not None and rng.min < 0) or (rng.max is not None and rng.max < 0):
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.level.negative")
        self.level = True
        self.includes_entities = False
        self._add("level", rng)

    def _x(self) -> None:
        self._coord("x")

    def _y(self) -> None:
        self._coord("y")

    def _z(self) -> None:
        self._coord("z")

    def _dx(self) -> None:
        self._coord("dx")

    def _dy(self) -> None:
        self._coord("dy")

    def _dz(self) -> None:
        self._coord("dz")

    def _x_rotation(self) -> None:
        self._rotation("x_rotation")

    def _y_rotation(self) -> None:
        self._rotation("y_rotation")

    def _coord(self, name: str) -> None:
        value = self.r.read_double()
        (self.dx if name.startswith("d") else self.x).add(name)
        self._add(name, value)

    def _rotation(self, name: str) -> None:
        rng = read_float_range(self.r)
        if name == "x_rotation":
            self.rot_x = True
        else:
            self.rot_y = True
        self._add(name, rng)

    def _limit(self) -> None:
        start = self.r.cursor
        value = self.r.read_int()
        if value < 1:
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.limit.toosmall")
        self.max_results = value
        self.limited = True
        self._add("limit", value)

    def _sort(self) -> None:
        start = self.r.cursor
        value = self.r.read_unquoted_string()
        if value not in SORTS:
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.sort.irreversible", value)
        self.sorted = True
        self._add("sort", value)

    def _gamemode(self) -> None:
        start = self.r.cursor
        neg = self._invert()
        if self.gamemode_ne and not neg:
            self.r.cursor = start
            raise self._inapplicable("gamemode")
        value = self.r.read_unquoted_string()
        if value not in GAME_MODES:
            self.r.cursor = start
            raise self.r.error(ErrorCode.SELECTOR, "argument.entity.options.mode.invalid", value)
        self.includes_entities = False
        if neg:
            self.gamemode_ne = True
        else:
            self.gamemode_eq = True
        self._add("gamemode", value, neg)

    def _team(self) -> None:
        start = self.r.cursor
        neg = self._invert()
        value = self.r.read_unquoted_string()
        if self.team_ne and not neg:
            self.r.cursor = start
            raise self._inapplicable("team")
        if neg:
            self.team_ne = True
        else:
            self.team_eq = True
        self._add("team", value, neg)

    def _type(self) -> None:
        r = self.r
        start = r.cursor
        neg = self._invert()
        if self.type_not and not neg:
            r.cursor = start
            raise self._inapplicable("type")
        if neg:
            self.type_not = True
        r.skip_whitespace()
        if r.cursor < len(r.string) and r.string[r.cursor] == "#":
            r.cursor += 1
            tag = read_resource_location(r)
            self._add("type", "#" + tag, neg)
        else:
            type_id = read_resource_location(r)
            if type_id not in self.env.registries.entity_types:
                r.cursor = start
                raise r.error(ErrorCode.SELECTOR, "argument.entity.options.type.invalid", type_id)
            if type_id == "minecraft:player" and not neg:
                self.includes_entities = False
            if not neg:
                self.type_limited = True
            self._add("type", type_id, neg)

    def _tag(self) -> None:
        neg = self._invert()
        self._add("tag", self.r.read_unquoted_string(), neg)

    def _nbt(self) -> None:
        neg = self._invert()
        self._add("nbt", read_compound(self.r, self.env.snbt_v2), neg)

    def _scores(self) -> None:
        scores = read_score_map(self.r)
        self.scores = True
        self._add("scores", scores)

    def _advancements(self) -> None:
        out = read_advancement_map(self.r)
        self.advancements = True
        self._add("advancements", out)

    def _predicate(self) -> None:
        neg = self._invert()
        self._add("predicate", read_resource_location(self.r), neg)


# Option name → (may it appear now?, handler): vanilla's EntitySelectorOptions table.
_Guard = Callable[[SelectorParser], bool]
_Handler = Callable[[SelectorParser], None]
_OPTIONS: dict[str, tuple[_Guard, _Handler]] = {
    "name": (lambda p: not p.name_eq, SelectorParser._name),
    "distance": (lambda p: not p.distance, SelectorParser._distance),
    "level": (lambda p: not p.level, SelectorParser._level),
    "x": (lambda p: "x" not in p.x, SelectorParser._x),
    "y": (lambda p: "y" not in p.x, SelectorParser._y),
    "z": (lambda p: "z" not in p.x, SelectorParser._z),
    "dx": (lambda p: "dx" not in p.dx, SelectorParser._dx),
    "dy": (lambda p: "dy" not in p.dx, SelectorParser._dy),
    "dz": (lambda p: "dz" not in p.dx, SelectorParser._dz),
    "x_rotation": (lambda p: not p.rot_x, SelectorParser._x_rotation),
    "y_rotation": (lambda p: not p.rot_y, SelectorParser._y_rotation),
    "limit": (lambda p: not p.current_entity and not p.limited, SelectorParser._limit),
    "sort": (lambda p: not p.current_entity and not p.sorted, SelectorParser._sort),
    "gamemode": (lambda p: not p.gamemode_eq, SelectorParser._gamemode),
    "team": (lambda p: not p.team_eq, SelectorParser._team),
    "type": (lambda p: not p.type_limited, SelectorParser._type),
    "tag": (lambda p: True, SelectorParser._tag),
    "nbt": (lambda p: True, SelectorParser._nbt),
    "scores": (lambda p: not p.scores, SelectorParser._scores),
    "advancements": (lambda p: not p.advancements, SelectorParser._advancements),
    "predicate": (lambda p: True, SelectorParser._predicate),
}
