"""A fake player who plays a whole match the way the quick start tells people to: with the chat hand.

On "your turn" it clicks [パス]; if it leads (a leader may not pass) it clicks its first card and then
[出す]. In the exchange it clicks the cards it must give and then [渡す]. Every click is a
``click_text`` on a message the daemon sent, so it runs ``/trigger dfg set N`` exactly as a client would.
It only reads what the player sees (its chat), never the daemon's state.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from dfg_bridge.i18n import Messages
from dfg_bridge.sim.control import ControlClient

_TRIGGER = re.compile(r"^/trigger (\S+) set (\d+)$")


def _pattern(template: str) -> re.Pattern[str]:
    """A regex for a message template, each ``{placeholder}`` matching anything."""
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$")


@dataclass
class ChatPlayer:
    """Drives ``name`` through the control API until the match is over."""

    control: ControlClient
    name: str
    language: str = "ja"
    messages: Messages = field(default_factory=lambda: Messages.load(None)[0])
    seen: int = 0
    log: list[str] = field(default_factory=list)
    plays: int = 0
    passes: int = 0
    gifts: int = 0

    def text(self, key: str) -> str:
        """The message template ``key`` in the player's language."""
        template = self.messages.template(key, self.language)
        assert template is not None, key
        return template

    def chat(self) -> list[dict[str, Any]]:
        """Every chat message the player has received."""
        return list(self.control.player(self.name)["chat"])

    def _buttons(self, chat: list[dict[str, Any]], after: int) -> dict[int, tuple[int, int]]:
        """Trigger value → (message, part) of the newest clickable parts at or after ``after``."""
        found: dict[int, tuple[int, int]] = {}
        for message in chat[after:]:
            for part in message["parts"]:
                event = part.get("click_event") or {}
                match = _TRIGGER.match(str(event.get("command", "")))
                if match:
                    found[int(match.group(2))] = (message["index"], part["part"])
        return found

    def _cards(self, chat: list[dict[str, Any]], after: int) -> list[tuple[int, int]]:
        header = self.text("hand.header")
        hands = [m for m in chat[after:] if m["text"].startswith(header)]
        assert hands, f"no chat hand after message {after}"
        hand = hands[-1]
        return [
            (hand["index"], p["part"])
            for p in hand["parts"]
            if _TRIGGER.match(str((p.get("click_event") or {}).get("command", "")))
        ]

    def click(self, where: tuple[int, int]) -> None:
        """Click one part of one received message."""
        self.control.click_text(self.name, where[0], where[1])

    def _wait_new(self, count: int, timeout: float = 5.0) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            chat = self.chat()
            if len(chat) > count:
                time.sleep(0.1)  # let the rest of a burst arrive
                return self.chat()
            time.sleep(0.05)
        return self.chat()

    def _with_buttons(self, at: int, value: int, timeout: float = 5.0) -> list[dict[str, Any]]:
        """The chat once a button sending ``value`` arrived after message ``at`` (bursts come in parts)."""
        end = time.monotonic() + timeout
        while True:
            chat = self.chat()
            if value in self._buttons(chat, at) or time.monotonic() > end:
                return chat
            time.sleep(0.05)

    def turn(self, chat: list[dict[str, Any]], at: int) -> None:
        """Our turn (announced at message ``at``): pass, or lead our first card."""
        pass_value, play_value = 8, 9  # TriggerCode.PASS / PLAY, as the buttons carry them
        chat = self._with_buttons(at, pass_value)
        buttons = self._buttons(chat, at)
        before = len(chat)
        self.click(buttons[pass_value])
        chat = self._wait_new(before)
        refused = self.text("error.leader_cannot_pass")
        if not any(m["text"] == refused for m in chat[before:]):
            self.passes += 1
            return
        before = len(chat)
        self.click(self._cards(chat, at)[0])
        chat = self._wait_new(before)
        self.click(self._buttons(chat, at)[play_value])
        self.plays += 1

    def exchange(self, chat: list[dict[str, Any]], at: int, count: int) -> None:
        """We must give ``count`` cards (asked at message ``at``): select the first ones, press 渡す."""
        chat = self._with_buttons(at, 9)
        cards = self._cards(chat, at)[:count]
        for card in cards:
            before = len(chat)
            self.click(card)
            chat = self._wait_new(before)
        self.click(self._buttons(chat, at)[9])
        self.gifts += 1

    def _step(self) -> str | list[str] | None:
        """Handle new messages: ``"acted"`` after one prompt, the standings when the match is over."""
        your_turn = self.text("hand.your_turn")
        choose = _pattern(self.text("exchange.choose"))
        over = self.text("match.over")
        chat = self.chat()
        new = chat[self.seen :]
        self.seen = len(chat)
        for message in new:
            self.log.append(message["text"])
            # One tellraw may carry several chat lines (held team lines before a personal message).
            for text in message["text"].split("\n"):
                if text.startswith(over):
                    time.sleep(0.3)
                    lines = message["text"].split("\n")
                    first = "\n".join(lines[lines.index(text) :])  # the standings start at 試合終了
                    return [first, *(m["text"] for m in self.chat()[message["index"] + 1 :])]
                if text == your_turn:
                    self.turn(chat, message["index"])
                    return "acted"
                match = choose.match(text)
                if match:
                    self.exchange(chat, message["index"], int(match.group(2)))
                    return "acted"
        return None

    def act_once(self, timeout: float) -> None:
        """Wait for the first prompt and act on it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._step() == "acted":
                return
            time.sleep(0.1)
        raise AssertionError("no prompt to act on; last messages:\n" + "\n".join(self.log[-30:]))

    def wait_for(self, predicate: Any, timeout: float) -> list[str]:
        """Every chat text, once ``predicate(texts)`` holds (without acting on anything)."""
        end = time.monotonic() + timeout
        while True:
            texts = [line for m in self.chat() for line in m["text"].split("\n")]  # the lines a player sees
            if predicate(texts):
                return texts
            if time.monotonic() > end:
                raise AssertionError("not seen in time; last messages:\n" + "\n".join(texts[-30:]))
            time.sleep(0.1)

    def play_match(self, timeout: float) -> list[str]:
        """Act on every prompt until "試合終了"; returns the final standings lines."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            result = self._step()
            if isinstance(result, list):
                return result
            time.sleep(0.1)
        raise AssertionError("the match did not end in time; last messages:\n" + "\n".join(self.log[-30:]))
