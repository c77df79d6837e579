"""Config loading: the example, defaults, overrides, password, paths, and exact error lines."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dfg_bridge.config import (
    Config,
    ConfigError,
    CpuLevel,
    Facing,
    GameConfig,
    Language,
    Secret,
    load_config,
    parse_config,
)
from dfg_bridge.config.loader import YamlMap, load_yaml
from tests.config.conftest import EXAMPLE, ROOT, TABLE_T2

ENV: dict[str, str] = {}


def errors_of(text: str, env: dict[str, str] | None = None) -> list[str]:
    with pytest.raises(ConfigError) as err:
        parse_config(text, file="dfg.yml", env=ENV if env is None else env)
    assert err.value.code == "bad_config"
    return [str(issue) for issue in err.value.issues]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_example_loads_without_warnings(example_text: str) -> None:
    loaded = parse_config(example_text, file="dfg.example.yml", env=ENV)
    assert loaded.warnings == ()
    config = loaded.config
    assert config.language is Language.JA
    assert config.rcon.password == Secret("change-me")
    assert [t.id for t in config.tables] == ["t1"]
    table = config.tables[0]
    assert table.display_name == "卓1"
    assert [s.facing for s in table.seats] == [Facing.SOUTH, Facing.WEST, Facing.NORTH, Facing.EAST]
    assert table.game == config.game


def test_the_operator_copies_equal_the_packaged_ones() -> None:
    assert (ROOT / "config" / "dfg.example.yml").read_bytes() == EXAMPLE.read_bytes()
    for lang in ("ja", "en"):
        packaged = ROOT / "dfg_bridge" / "data" / "messages" / f"{lang}.yml"
        assert (ROOT / "config" / "messages" / f"{lang}.yml").read_bytes() == packaged.read_bytes()


def test_the_example_spells_out_every_default(example_text: str) -> None:
    # Apart from world geometry (required) and the placeholder password, the example's values are the
    # schema's defaults, so the example and docs/CONFIG.md cannot disagree.
    config = parse_config(example_text, file="x.yml", env=ENV).config
    base = example_text.split("\ntables:", maxsplit=1)[0]
    for section in ("rcon", "source", "server", "commands", "game", "hand", "displays", "web"):
        value = getattr(config, section)
        default = type(value)()
        if section == "rcon":
            value = dataclasses.replace(value, password=Secret(""))
        if section in ("source", "server"):  # paths are resolved against the file's folder
            value = dataclasses.replace(
                value,
                **{
                    f.name: getattr(default, f.name)
                    for f in dataclasses.fields(value)
                    if isinstance(getattr(value, f.name), Path)
                },
            )
        assert value == default, section
        assert f"\n{section}:" in base
    for key in ("language", "messages_dir", "admins", "data_dir", "crash_policy"):
        assert f"\n{key}:" in base


def _schema_paths(cls: type, prefix: str = "") -> list[str]:
    import typing

    paths = []
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        path = f"{prefix}.{f.name}" if prefix else f.name
        paths.append(path)
        tp = hints[f.name]
        inner = [a for a in typing.get_args(tp) if dataclasses.is_dataclass(a)] or [tp]
        if dataclasses.is_dataclass(inner[0]) and not (
            inner[0] is GameConfig and prefix.startswith("tables")
        ):
            paths += _schema_paths(inner[0], path)
    return paths


def _example_paths(node: object, prefix: str = "") -> set[str]:
    found: set[str] = set()
    if isinstance(node, YamlMap):
        for key, value in node.items():
            path = f"{prefix}.{key}" if prefix else key
            found.add(path)
            found |= _example_paths(value, path)
    elif isinstance(node, list):
        for item in node:
            found |= _example_paths(item, prefix)
    return found


def test_the_example_shows_and_comments_every_option(example_text: str) -> None:
    tree = load_yaml(example_text)
    shown = _example_paths(tree)
    expected = set(_schema_paths(Config))
    assert expected - shown == set()
    # Every key line is commented: a comment on the line before (or on the list item's line).
    lines = example_text.splitlines()

    def commented(line_no: int) -> bool:
        above = lines[line_no - 2].strip() if line_no >= 2 else ""
        return above.startswith(("#", "- #")) or "#" in lines[line_no - 1]

    def walk(node: object) -> None:
        if isinstance(node, YamlMap):
            for key, line in node.key_lines.items():
                flow = (
                    lines[line - 1].lstrip().startswith(("- {", "{")) or "{" in lines[line - 1].split(key)[0]
                )
                assert flow or commented(line), f"line {line} ({key}) has no comment"
                walk(node[key])
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(tree)


def test_missing_keys_get_defaults_and_one_warning_each(example_text: str) -> None:
    text = example_text.replace("  command_timeout: 5.0\n", "").replace(
        "\nhand:\n  # chest", "\nhandx:\n  # chest"
    )
    text = (
        text.replace("handx:", "# handx:")
        .replace("  surface: chest\n", "")
        .replace("  poll_interval: 0.05\n", "")
        .replace("  idle_poll_interval: 0.3\n", "")
        .replace("  offturn_poll_interval: 1.2\n", "")
    )
    loaded = parse_config(text, file="dfg.yml", env=ENV)
    assert loaded.config.rcon.command_timeout == 5.0
    assert [str(w) for w in loaded.warnings] == [
        f"dfg.yml:{line_of(text, 'rcon:')}: hand: missing; using the default section",
        f"dfg.yml:{line_of(text, 'rcon:')}: rcon.command_timeout: missing; using the default 5.0",
    ]


def test_an_empty_section_means_all_defaults(example_text: str) -> None:
    start = example_text.index("displays:")
    end = example_text.index("# Item custody")
    text = example_text[:start] + "displays:\n\n" + example_text[end:]
    loaded = parse_config(text, file="dfg.yml", env=ENV)
    assert loaded.config.displays == type(loaded.config.displays)()
    assert len(loaded.warnings) == 6  # one per displays key


def test_broken_config_reports_every_error_with_file_line_and_path(example_text: str) -> None:
    text = (
        example_text.replace("  port: 25575\n", "  port: 70000\n  hots: x\n")
        .replace("  rounds: 3\n", "  rounds: three\n  rounds: 4\n")
        .replace("  flavour: auto\n", "  flavour: spigot\n")
        .replace("  version: auto\n", "  version: 1.20\n")
        .replace("  bossbar: true\n", "  bossbar: yes please\n")
        .replace("    corner2: [7, -62, 7]\n", "    corner2: [7, -62]\n")
        .replace("facing: west, hand_box", "facing: up, hand_box")
        .replace("  trigger_poll_interval: 0.5\n", "  trigger_poll_interval: 0\n")
    )
    at = {
        needle: f"dfg.yml:{line_of(text, needle)}:"
        for needle in (
            "port: 70000",
            "hots: x",
            "trigger_poll_interval",
            "spigot",
            "version: 1.20",
            "rounds: three",
            "rounds: 4",
            "yes please",
            "corner2:",
            "facing: up",
        )
    }
    first = line_of(text, "rounds: three")
    assert errors_of(text) == [
        f"{at['port: 70000']} rcon.port: must be between 1 and 65535 (got 70000)",
        f"{at['hots: x']} rcon.hots: unknown key; did you mean 'host'?",
        f"{at['trigger_poll_interval']} source.trigger_poll_interval: must be at least 0.05 (got 0)",
        f"{at['spigot']} server.flavour: must be one of: auto, paper, vanilla, fabric (got 'spigot')",
        f"{at['version: 1.20']} server.version: must be text (got 1.2); put it in quotes",
        f"{at['rounds: three']} game.rounds: must be an integer (got 'three')",
        f"{at['rounds: 4']} game.rounds: duplicate key (first at line {first}); remove one",
        f"{at['yes please']} displays.bossbar: must be true or false (got 'yes please')",
        f"{at['corner2:']} custody.locker.corner2: must be [x, y, z]: 3 integers (got 2 items)",
        f"{at['facing: up']} tables[0].seats[1].facing: must be one of: north, east, south, west (got 'up')",
    ]


def test_required_world_geometry(example_text: str) -> None:
    text = example_text.split("\n# Item custody", maxsplit=1)[0] + "\n"
    assert errors_of(text) == [
        "dfg.yml:7: custody: missing (required)",
        "dfg.yml:7: tables: missing (required)",
    ]
    assert errors_of("") == ["dfg.yml:1: (top): the file is empty"]
    assert errors_of("- a\n") == ["dfg.yml:1: (top): must be a mapping of keys (got a list)"]


def test_yaml_syntax_errors() -> None:
    assert errors_of("rcon:\n  port: [1\n") == [
        "dfg.yml:3: (yaml): expected ',' or ']', but got '<stream end>'"
    ]


def test_duplicate_table_ids_and_overlapping_tables(example_text: str) -> None:
    second = example_text[example_text.index("  - # Short id") :]
    text = example_text + second.replace("name: 卓1", "name: 卓2")
    found = errors_of(text)
    t1, t2 = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "id: t1"]
    c1, c2 = [n for n, line in enumerate(text.splitlines(), 1) if line.strip().startswith("centre:")]
    assert f"dfg.yml:{t2}: tables[1].id: duplicate table id 't1' (first at line {t1})" in found
    assert f"dfg.yml:{t2}: tables[1]: table 't1' overlaps the area of table 't1' (line {t1})" in found
    assert (
        f"dfg.yml:{c2}: tables[1].centre: block [0, 64, 0] is also used by table "
        f"'t1' (tables[0].centre, line {c1})"
    ) in found
    assert len(found) == 19  # id, area, and each of the 17 shared blocks


def test_two_separate_tables_load_and_inherit_the_global_game(example_text: str) -> None:
    text = example_text + TABLE_T2 + "    game: {turn_timeout: 20, cpu: {level: strong, fill_total: 3}}\n"
    config = parse_config(text, file="dfg.yml", env=ENV).config
    t1, t2 = config.tables
    assert t2.display_name == "t2"
    assert t2.signs.join is None
    assert t2.game.turn_timeout == 20.0
    assert t2.game.cpu.level is CpuLevel.STRONG
    assert t2.game.cpu.delay == config.game.cpu.delay
    assert t2.game.rounds == config.game.rounds
    assert t1.game == config.game


def test_table_rules_merge_over_global_rules(example_text: str) -> None:
    text = example_text.replace("  rules: {}", "  rules: {eleven_back: true, jokers: 2}")
    text = text.replace("    game: {}", "    game: {preset: dqx, rules: {jokers: 1, five_skip: true}}")
    config = parse_config(text, file="dfg.yml", env=ENV).config
    assert dict(config.game.rules) == {"eleven_back": True, "jokers": 2}
    assert dict(config.tables[0].game.rules) == {"eleven_back": True, "jokers": 1, "five_skip": True}
    assert config.tables[0].game.preset.value == "dqx"
    bad = example_text.replace("  rules: {}", "  rules: {eleven_back: {nested: 1}}")
    assert errors_of(bad) == [
        f"dfg.yml:{line_of(bad, 'rules: {eleven_back')}: game.rules.eleven_back: "
        "must be a value or a list of values (got a mapping)"
    ]


def test_table_geometry_checks(example_text: str) -> None:
    text = example_text.replace("[[2, 64, 0], [2, 64, -1]]", "[[2, 64, 0], [3, 64, 0]]")
    text = text.replace("    game: {}", "    game: {cpu: {fill_total: 5}}")
    text = text.replace(
        "      - {at: [-3, 64, 0], facing: east, hand_box: {blocks: [[-2, 64, 0], [-2, 64, 1]]}}\n", ""
    )
    seat = line_of(text, "[3, 64, 0], facing: west")
    assert errors_of(text) == [
        f"dfg.yml:{seat}: tables[0].seats[1].hand_box.blocks: the 2 chest blocks must be side by side "
        "across facing east",
        f"dfg.yml:{seat}: tables[0].seats[1].hand_box.blocks[1]: block [3, 64, 0] is also used by this table "
        f"(tables[0].seats[1].at, line {seat})",
        f"dfg.yml:{line_of(text, 'fill_total: 5')}: tables[0].game.cpu.fill_total: 5 players do not fit on 3 "
        "seats",
    ]
    two = example_text.replace(
        "      - {at: [-3, 64, 0], facing: east, hand_box: {blocks: [[-2, 64, 0], [-2, 64, 1]]}}\n", ""
    )
    two = two.replace(
        "      - {at: [3, 64, 0], facing: west, hand_box: {blocks: [[2, 64, 0], [2, 64, -1]]}}\n", ""
    )
    assert errors_of(two) == [
        f"dfg.yml:{line_of(two, 'fill_total: 4')}: tables[0].game.cpu.fill_total: 4 players do not fit on 2 "
        "seats",
        f"dfg.yml:{line_of(two, '    seats:')}: tables[0].seats: a table has 3-6 seats (got 2)",
    ]


def test_table_inside_the_locker_area(example_text: str) -> None:
    text = example_text.replace("corner1: [-8, -63, -8]", "corner1: [-8, 60, -8]").replace(
        "corner2: [7, -62, 7]", "corner2: [-3, 64, 0]"
    )
    found = errors_of(text)
    assert found == [
        f"dfg.yml:{line_of(text, 'at: [-3, 64, 0]')}: tables[0].seats[3].at: block [-3, 64, 0] lies inside "
        "custody.locker"
    ]


def test_names_are_checked(example_text: str) -> None:
    text = (
        example_text.replace('floodgate_prefix: "."', 'floodgate_prefix: "*"')
        .replace("admins: []", "admins: [Steve, 'a b', .Bedrock_1]")
        .replace("id: t1", "id: T-1")
        .replace("trigger_objective: dfg", "trigger_objective: dfg trigger")
        .replace('chat_prefix: "!dfg"', 'chat_prefix: "! dfg"')
    )
    assert errors_of(text) == [
        f"dfg.yml:{line_of(text, 'floodgate_prefix:')}: server.floodgate_prefix: must be up to 4 of "
        "A-Z a-z 0-9 _ . + - (others break commands) (got '*')",
        f"dfg.yml:{line_of(text, 'chat_prefix:')}: commands.chat_prefix: must be 1-16 characters without "
        "spaces "
        "(got '! dfg')",
        f"dfg.yml:{line_of(text, 'trigger_objective:')}: commands.trigger_objective: must be 1-16 of "
        "A-Z a-z 0-9 _ . + - (got 'dfg trigger')",
        f"dfg.yml:{line_of(text, 'admins:')}: admins[1]: must be a player name (got 'a b')",
        f"dfg.yml:{line_of(text, 'id: T-1')}: tables[0].id: must be 1-12 of a-z 0-9 _ (got 'T-1')",
    ]


def test_versions(example_text: str) -> None:
    for good in ('"1.21.6"', '"1.20.5"', "auto", "1.21.4"):
        text = example_text.replace("  version: auto\n", f"  version: {good}\n")
        parse_config(text, file="dfg.yml", env=ENV)
    text = example_text.replace("  version: auto\n", '  version: "1.20.4"\n')
    assert errors_of(text) == [
        f"dfg.yml:{line_of(text, '1.20.4')}: server.version: must be auto or a release from 1.20.5 on, "
        "such as \"1.21.6\" (got '1.20.4')"
    ]


def test_process_source_needs_a_command(example_text: str) -> None:
    text = example_text.replace("  kind: log\n", "  kind: process\n")
    assert errors_of(text) == [
        f"dfg.yml:{line_of(text, 'kind: process')}: source.kind: kind process needs source.process_command"
    ]
    text = text.replace("  process_command: []\n", "  process_command: [java, -jar, server.jar, nogui]\n")
    config = parse_config(text, file="dfg.yml", env=ENV).config
    assert config.source.process_command == ("java", "-jar", "server.jar", "nogui")


def test_password_sources_and_precedence(example_text: str, tmp_path: Path) -> None:
    secret_file = tmp_path / "pw"
    secret_file.write_text("from-file\n", encoding="utf-8")
    env_file = tmp_path / "envpw"
    env_file.write_text("from-env-file", encoding="utf-8")
    with_file = example_text.replace("  password_file: null\n", "  password_file: pw\n")

    def password(text: str, env: dict[str, str]) -> str:
        return parse_config(text, file="dfg.yml", base_dir=tmp_path, env=env).config.rcon.password.reveal()

    assert password(example_text, {}) == "change-me"
    assert password(with_file, {}) == "from-file"
    assert password(with_file, {"RCON_PASSWORD_FILE": str(env_file)}) == "from-env-file"
    assert (
        password(with_file, {"RCON_PASSWORD": "from-env", "RCON_PASSWORD_FILE": str(env_file)}) == "from-env"
    )
    no_password = example_text.replace('  password: "change-me"\n', "")
    assert errors_of(no_password) == [
        f"dfg.yml:{line_of(no_password, 'rcon:')}: rcon.password: no RCON password: set rcon.password or "
        "rcon.password_file, or $RCON_PASSWORD / $RCON_PASSWORD_FILE"
    ]
    missing = example_text.replace("  password_file: null\n", "  password_file: /nonexistent/pw\n")
    (problem,) = errors_of(missing)
    assert problem.startswith(
        f"dfg.yml:{line_of(missing, 'password_file:')}: rcon.password_file: cannot read"
    )


def test_password_never_shows_in_repr(example_text: str) -> None:
    config = parse_config(example_text, file="dfg.yml", env={"RCON_PASSWORD": "s3cr3t!"}).config
    assert "s3cr3t" not in repr(config)
    assert "s3cr3t" not in str(config.rcon)


def test_paths_are_relative_to_the_config_file(
    example_text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "creds").mkdir()
    (tmp_path / "creds" / "rcon_password").write_text("pw", encoding="utf-8")
    monkeypatch.setenv("CREDENTIALS_DIRECTORY", str(tmp_path / "creds"))
    text = example_text.replace(
        "  password_file: null\n", "  password_file: $CREDENTIALS_DIRECTORY/rcon_password\n"
    )
    path = tmp_path / "dfg.yml"
    path.write_text(text, encoding="utf-8")
    config = load_config(path, env={}).config
    assert config.source.log_path == tmp_path / "logs" / "latest.log"
    assert config.data_dir == tmp_path / "dfg-data"
    assert config.rcon.password_file == tmp_path / "creds" / "rcon_password"
    assert config.rcon.password.reveal() == "pw"


def test_unreadable_file() -> None:
    with pytest.raises(ConfigError) as err:
        load_config("/nonexistent/dfg.yml")
    assert err.value.code == "no_config"
    assert str(err.value).startswith("/nonexistent/dfg.yml:0: (file): cannot read:")


def test_config_values_are_frozen(example_text: str) -> None:
    config = parse_config(example_text, file="dfg.yml", env=ENV).config
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.language = Language.EN  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.game.rules["x"] = 1  # type: ignore[index]


def test_rule_options_are_checked_against_the_engine(example_text: str) -> None:
    unknown = example_text.replace("  rules: {}", "  rules: {nonsense: true}")
    assert errors_of(unknown) == [
        f"dfg.yml:{line_of(unknown, 'rules: {nonsense')}: game.rules.nonsense: unknown rule option"
    ]
    bad_value = example_text.replace("    game: {}", "    game: {rules: {eleven_back: maybe}}")
    (problem,) = errors_of(bad_value)
    assert problem.startswith(
        f"dfg.yml:{line_of(bad_value, 'eleven_back: maybe')}: tables[0].game.rules: "
        "not accepted by preset 'minecraft'"
    )
    assert "eleven_back" in problem
