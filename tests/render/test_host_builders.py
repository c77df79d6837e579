"""The four builders the host needs beyond displays (``store_result_score``, ``list_players``,
``trigger_command``, ``team_members``) live in ``render/`` and parse in the sim's grammar check."""

from __future__ import annotations

import pytest

from dfg_bridge.host.ports import CommandRenderer
from dfg_bridge.model.text import Text
from dfg_bridge.render import RenderError, dialect_for
from dfg_bridge.sim.grammar import CommandGrammar

VERSIONS = ("1.20.5", "1.21.4", "1.21.6")


@pytest.mark.parametrize("version", VERSIONS)
def test_host_builders_parse_in_the_grammar(version: str) -> None:
    d, grammar = dialect_for(version), CommandGrammar.for_version(version)
    store = d.store_result_score("Steve", "dfg_mark", d.clear("Steve", "*"))
    assert store == "execute store result score Steve dfg_mark run clear Steve *"
    assert d.list_players() == "list uuids"
    trigger = d.trigger_command("dfg", 105)
    assert trigger == "/trigger dfg set 105"
    assert d.team_members("dfg_t1") == "@a[team=dfg_t1]"
    commands = [
        store,
        d.list_players(),
        trigger.removeprefix("/"),  # typed by the player / sent by a click: the grammar has no slash
        d.tellraw(d.team_members("dfg_t1"), Text("hi")),
        d.bossbar_players("dfg:t1", d.team_members("dfg_t1")),
    ]
    for command in commands:
        parsed = grammar.parse(command)
        assert parsed.command == command or parsed.command.endswith(command)


def test_trigger_command_is_a_click_command_in_every_dialect() -> None:
    from dfg_bridge.sim.grammar import CommandGrammar as Grammar

    for version in VERSIONS:
        d = dialect_for(version)
        assert d.trigger_command("dfg", -3) == "/trigger dfg set -3"
        Grammar.for_version(version).parse(d.trigger_command("dfg", -3)[1:])


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda d: d.store_result_score("two words", "dfg", "list"), "bad_holder"),
        (lambda d: d.store_result_score("Steve", "bad name", "list"), "bad_name"),
        (lambda d: d.store_result_score("Steve", "dfg", "/list"), "bad_command"),
        (lambda d: d.trigger_command("dfg x", 1), "bad_name"),
        (lambda d: d.trigger_command("dfg", 2**31), "bad_number"),
        (lambda d: d.team_members("a]b"), "bad_name"),
    ],
)
def test_bad_arguments_raise_typed_errors(build: object, code: str) -> None:
    with pytest.raises(RenderError) as err:
        build(dialect_for("1.21.6"))  # type: ignore[operator]
    assert err.value.code == code


def test_the_render_dialect_is_the_hosts_renderer() -> None:
    # The daemon passes render's Dialect straight to the host: no adapter class in between.
    renderer: CommandRenderer = dialect_for("1.21.6")
    for name in ("store_result_score", "list_players", "trigger_command", "team_members"):
        assert callable(getattr(renderer, name))
    from dfg_bridge.app import run

    assert not hasattr(run, "HostDialect")
