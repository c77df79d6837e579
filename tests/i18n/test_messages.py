"""Message catalogues: ja and en agree, lookups never raise, operators can override."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.i18n import Messages, placeholders, render
from dfg_bridge.i18n.catalogue import packaged_text, parse_catalogue


@pytest.fixture(scope="module")
def messages() -> Messages:
    loaded, issues = Messages.load()
    assert issues == []
    return loaded


def test_ja_and_en_have_the_same_keys_and_placeholders(messages: Messages) -> None:
    assert messages.keys("ja") == messages.keys("en")
    for key in messages.keys("ja"):
        ja, en = messages.template(key, "ja"), messages.template(key, "en")
        assert ja is not None and en is not None
        assert placeholders(ja) == placeholders(en), key


def test_catalogue_files_parse_cleanly() -> None:
    for lang in ("ja", "en"):
        parsed, problems = parse_catalogue(packaged_text(lang), lang)
        assert problems == []
        assert len(parsed) > 100


def test_seed_001_texts_are_in_the_catalogue(messages: Messages) -> None:
    # Player-facing words of the primary spec (seed 001) appear verbatim.
    ja = "\n".join(messages.template(k, "ja") or "" for k in messages.keys("ja"))
    for word in (
        "大富豪",
        "富豪",
        "平民",
        "貧民",
        "大貧民",
        "手札を開く",
        "出す",
        "パス",
        "選択を外す",
        "並べ替え",
        "自分の情報",
        "交換",
        "渡す",
        "革命",
        "8切り",
        "縛り",
        "階段",
        "スペ3返し",
        "都落ち",
        "反則上がり",
        "イレブンバック",
        "5飛び",
        "脱落",
        "CPU練習",
        "対人戦",
        "場が流れ",
    ):
        assert word in ja, word


def test_get_fills_placeholders(messages: Messages) -> None:
    assert (
        messages.get("lobby.joined", "ja", player="Steve", count=3) == "Steve がロビーに参加しました（3人）。"
    )
    assert (
        messages.get("lobby.joined", "en", player="Steve", count=3) == "Steve joined the lobby (3 players)."
    )
    assert messages.get("error.wrong_size", "ja", size=2) == "場は2枚出しです。"


def test_get_never_raises(messages: Messages) -> None:
    assert messages.get("turn.your_turn", "ja") == "あなたの番です（残り{seconds}秒）。"
    assert messages.get("no.such.key", "en") == "⟨no.such.key⟩"
    assert (
        messages.get("lobby.left", "xx", player="A") == "A がロビーから離脱しました。"
    )  # unknown language → ja
    assert messages.get("lobby.left", None, player="A") == "A がロビーから離脱しました。"


def test_render_is_total() -> None:
    assert render("{a:d}", {"a": "x"}) == "{a:d}"
    assert render("{a.b}", {"a": 1}) == "{a.b}"
    assert render("{0}", {}) == "{0}"
    assert render("{{x}} {y}", {"y": 1}) == "{x} 1"


@given(st.text(), st.dictionaries(st.text(min_size=1), st.one_of(st.integers(), st.text(), st.none())))
def test_render_never_raises_on_any_template(template: str, values: dict[str, object]) -> None:
    assert isinstance(render(template, values), str)


def test_operator_overrides(tmp_path: Path) -> None:
    (tmp_path / "ja.yml").write_text(
        'lobby:\n  joined: "{player} さんが来ました"\n  nonsense: x\n  left: "{player} {mood}"\n',
        encoding="utf-8",
    )
    (tmp_path / "en.yml").write_text("prefix: [oops\n", encoding="utf-8")
    (tmp_path / "ko.yml").write_text('lobby:\n  left: "{player} 떠났습니다"\n', encoding="utf-8")
    messages, issues = Messages.load(tmp_path)
    assert messages.get("lobby.joined", "ja", player="Steve") == "Steve さんが来ました"
    assert (
        messages.get("lobby.joined", "en", player="Steve", count=1) == "Steve joined the lobby (1 players)."
    )
    assert messages.get("lobby.left", "ko", player="Alex") == "Alex 떠났습니다"
    assert (
        messages.get("lobby.joined", "ko", player="Alex") == "Alex さんが来ました"
    )  # falls back to (overridden) ja
    assert [str(i) for i in issues] == [
        f"{tmp_path / 'en.yml'}:2: (yaml): expected ',' or ']', but got '<stream end>'",
        f"{tmp_path / 'ja.yml'}:3: lobby.nonsense: unknown message key (ignored)",
        f"{tmp_path / 'ja.yml'}:4: lobby.left: placeholder {{mood}} is never filled",
    ]


def test_bad_catalogue_values_are_reported() -> None:
    parsed, problems = parse_catalogue("a: [1, 2]\nb: ok\nb: again\nc: 3\n", "x.yml")
    assert parsed == {"b": "ok", "c": "3"}
    assert [str(p) for p in problems] == [
        "x.yml:3: b: duplicate key (first at line 2)",
        "x.yml:1: a: a message must be text",
    ]
