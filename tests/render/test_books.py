"""The book builders (``render.books``, ``written_book_content``) parse in the simulated server's grammar,
with nasty page text, on every text dialect; the ``minecraft.used`` criterion is valid on every release."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfg_bridge.model.items import BookSpec, ItemSpec
from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.render import dialect_for
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.version import RELEASES
from dfg_bridge.sim.grammar import CommandGrammar

VERSIONS = ("1.20.5", "1.21.4", "1.21.5", "1.21.6")
NASTY = st.sampled_from(['"', "'", "\\", "§", "\n", "{", "}", "[", "]", ":", ",", " ", "✔"])
TEXT = st.text(alphabet=st.one_of(st.characters(blacklist_categories=("Cs", "Cc")), NASTY), max_size=30)


def _page(text: str) -> Text:
    card = Text(text, color="red", click=Click(ClickAction.RUN_COMMAND, "/trigger dfg set 137"))
    return Text.join([Text("手札: ", color="gold"), card, Text("\n"), Text(text)])


@pytest.mark.parametrize("version", [str(v) for v in RELEASES if v.minor >= 20])
def test_used_objective_is_valid_on_every_release(version: str) -> None:
    command = dialect_for(version).used_objective("dfg_ub", "written_book")
    assert command == "scoreboard objectives add dfg_ub minecraft.used:minecraft.written_book"
    CommandGrammar.for_version(version).parse(command)


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_book_item_and_page_rewrites_parse(version: str, text: str) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    book = ItemSpec("written_book", 1, Text("手札を開く", italic=False), tag="key_t1_0_ab",
                    book=BookSpec("手札", "dfg-bridge", (_page(text),) * 2, generation=2))  # fmt: skip
    grammar.parse(dialect.item_to_player("Steve", "container.3", book))
    for offset, size in ((None, None), (1, 1), (2, 0)):
        write = dialect.book_pages_modify("Steve", "container.3", [_page(text)], offset=offset, size=size)
        grammar.parse(dialect.if_items_on("Steve", "container.3", dialect.our_keys("key_t1_0_ab"), write))


def test_book_limits() -> None:
    dialect = dialect_for("1.21.6")
    with pytest.raises(RenderError):
        dialect.book_content(BookSpec("x" * 33, "a"))
    with pytest.raises(RenderError):
        dialect.book_pages([Text("p")] * 101)
    with pytest.raises(RenderError):
        dialect.used_objective("dfg_ub", "minecraft:written_book")
    with pytest.raises(RenderError):
        dialect.book_content(BookSpec("t", "a", generation=4))
    assert "generation:2," in dialect.book_content(BookSpec("t", "a", generation=2))
