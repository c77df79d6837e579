"""``dfg-bridge demo`` (``make demo``) plays a whole cpu match through player inputs and exits 0."""

from __future__ import annotations

from typing import Any

from dfg_bridge.app.demo import main, read_view


def test_demo_plays_to_the_end(capsys: Any) -> None:
    assert main(["--rounds", "1", "--cpu-delay", "0.02", "--seed", "5", "--timeout", "120"]) == 0
    out = capsys.readouterr().out
    assert "what Steve sees" in out and "手札" in out and "ボスバー" in out and "サイドバー" in out
    assert "試合終了" in out and "Steve" in out.split("試合終了")[-1]


def test_view_reads_the_hand_and_the_field() -> None:
    def button(part: int, text: str, value: int) -> dict[str, Any]:
        event = {"action": "run_command", "command": f"/trigger dfg set {value}"}
        return {"part": part, "text": text, "click_event": event}

    played = {"part": 0, "text": "CPU1: ♥5 ♥6", "click_event": None}
    player = {
        "chat": [
            {"index": 0, "text": "CPU1: ♥5 ♥6", "parts": [played]},
            {"index": 1, "text": "手札: ♦3 ★", "parts": [button(0, "♦3", 102), button(1, "★", 152)]},
        ],
        "bossbars": [{"name": "第1ラウンド  Steve の番  残り30秒"}],
        "sidebar": {"title": "x", "lines": []},
    }
    view = read_view(player)
    assert [c.ascii() for c in view.hand] == ["D3", "JK"]
    assert view.field == "♥5 ♥6" and view.your_turn and not view.exchange
