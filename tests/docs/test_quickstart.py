"""The operators' quick start, followed word for word against the sim (Paper and vanilla flavours).

The default suite follows every step and plays until the player has acted in the match (a full match with
the default CPU delay takes minutes); the ``slow`` tests play the match to its final standings.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from dfg_bridge.i18n import Messages
from dfg_bridge.render.version import RELEASES
from tests.docs.player import ChatPlayer
from tests.docs.quickstart import ROOT, QuickStart, quickstart_text, steps

GUIDE = ROOT / "docs" / "OPERATORS.md"
README = ROOT / "README.md"
MESSAGES = Messages.load(None)[0]


def _text(key: str) -> str:
    template = MESSAGES.template(key, "ja")
    assert template is not None
    return template


def _quickstart() -> str:
    text = quickstart_text(GUIDE)
    assert text is not None
    return text


def test_every_copy_of_the_quick_start_is_the_same() -> None:
    copies = {path: quickstart_text(path) for path in (GUIDE, README)}
    assert copies[GUIDE] is not None and copies[README] is not None
    for path, text in copies.items():
        assert text is None or text == copies[GUIDE], f"{path} has another quick start than {GUIDE}"


def test_quick_start_steps_cover_both_flavours() -> None:
    kinds = [(s.kind, s.qualifier) for s in steps(_quickstart())]
    assert kinds == [
        ("shell", None),
        ("shell", None),
        ("properties", None),
        ("commands.yml", "paper"),
        ("console", "1.21.11+"),
        ("console", "-1.21.10"),
        ("shell", None),
        ("shell", None),
        ("game", "paper"),
        ("game", "vanilla"),
    ]


def test_the_install_step_tells_the_truth() -> None:
    """Issue 13 #19: there is no release on a package index; the quick start installs a checkout."""
    install = steps(_quickstart())[0]
    assert install.lines == ["python3 -m pip install ."]
    for doc in (README, GUIDE):
        text = doc.read_text(encoding="utf-8")
        assert "pip install dfg-bridge" not in text and "pipx install dfg-bridge" not in text, doc


@pytest.mark.parametrize("version", [str(v) for v in RELEASES])
def test_every_version_gets_one_game_rule_command_it_accepts(version: str) -> None:
    """Issue 13 #2: `gamerule sendCommandFeedback false` is an error on 1.21.11+; step 4 says what to type."""
    from dfg_bridge.sim.grammar import CommandGrammar

    lines = [line for s in steps(_quickstart()) if s.kind == "console" and s.applies("vanilla", version)
             for line in s.lines]  # fmt: skip
    assert len(lines) == 1, (version, lines)
    CommandGrammar.for_version(version).parse(lines[0])


def test_documented_aliases_are_the_deploy_snippet() -> None:
    block = next(s for s in steps(_quickstart()) if s.kind == "commands.yml")
    snippet = yaml.safe_load((ROOT / "deploy" / "paper" / "commands.yml").read_text(encoding="utf-8"))
    assert yaml.safe_load(block.body) == {"aliases": snippet["aliases"]}


@pytest.fixture(params=[("paper", "1.21.6"), ("vanilla", str(RELEASES[-1]))], ids="-".join)
def operator(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[QuickStart]:
    qs = QuickStart(tmp_path, *request.param)
    try:
        yield qs
    finally:
        qs.stop()


def _follow(qs: QuickStart) -> ChatPlayer:
    qs.follow(_quickstart())
    assert qs.daemon is not None and qs.daemon.poll() is None, qs.daemon_log()
    if qs.flavour == "paper":
        # The commands.yml aliases: a typed /dfg is a known command that shows nothing. (This needs the
        # sim's paper flavour to honour commands.yml aliases, as Paper does.)
        assert qs.feedback == [], f"a typed /dfg showed {qs.feedback} despite the commands.yml aliases"
    check = next(t for t in qs.transcript if "dfg-bridge check" in t)
    assert check, qs.transcript
    return ChatPlayer(qs.control, qs.player)


def test_quick_start_gets_a_player_into_a_cpu_match(operator: QuickStart) -> None:
    player = _follow(operator)
    summary = "\n".join(operator.transcript)
    assert "0 failed" in summary, summary
    joined = _text("lobby.joined").format(player=operator.player, count=1)
    your_turn = _text("hand.your_turn")
    texts = player.wait_for(lambda texts: your_turn in texts, timeout=30)
    assert joined in texts
    player.act_once(timeout=30)
    me = f"{operator.player}: "
    assert player.wait_for(lambda texts: any(t.startswith(me) for t in texts), timeout=15)
    # Ctrl+C: the match ends and the player gets their items back before the daemon exits.
    assert operator.stop_daemon() == 0, operator.daemon_log()
    assert _text("lobby.items_restored") in operator.chat_texts()


@pytest.mark.slow
def test_quick_start_ends_with_a_played_match(operator: QuickStart) -> None:
    player = _follow(operator)
    standings = player.play_match(timeout=600)
    assert standings[0].startswith(_text("match.over")), standings
    assert any(operator.player in line for line in standings[0].splitlines()[1:])
    assert player.plays >= 1
    assert operator.stop() == 0, operator.daemon_log()
